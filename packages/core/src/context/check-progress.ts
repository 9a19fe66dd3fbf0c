import { InvalidProgressError } from '../errors/invalid-progress-error.js';

/**
 * Checks the arguments of `reportProgress`.
 * @param done - how much is done
 * @param total - how much there is, if known
 * @param message - a short line, if any
 * @throws InvalidProgressError saying which value was wrong and what was expected
 */
export function checkProgress(done: unknown, total: unknown, message: unknown): void {
  if (typeof done !== 'number' || !Number.isFinite(done) || done < 0) throw new InvalidProgressError(`done was ${show(done)}`);
  if (total !== undefined && (typeof total !== 'number' || !Number.isFinite(total) || total <= 0))
    throw new InvalidProgressError(`total was ${show(total)}`);
  if (message !== undefined && typeof message !== 'string') throw new InvalidProgressError(`message was ${show(message)}`);
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return value === null ? 'null' : `of type ${typeof value}`;
}
