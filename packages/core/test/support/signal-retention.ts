import { getEventListeners } from 'node:events';

/**
 * What a signal keeps alive on behalf of others: its abort listeners, plus the signals Node made
 * dependent on it through `AbortSignal.any` (Node 20 keeps them in an internal set, which is how a
 * long-lived signal retained every run's combined signal).
 * @param signal - a long-lived signal
 * @returns the number of listeners and dependent signals it holds
 */
export function retainedBy(signal: AbortSignal): number {
  const dependants = Object.getOwnPropertySymbols(signal).find((symbol) => symbol.description === 'kDependantSignals');
  const set = dependants === undefined ? undefined : (signal as unknown as Record<symbol, { size?: number } | undefined>)[dependants];
  return getEventListeners(signal, 'abort').length + (set?.size ?? 0);
}
