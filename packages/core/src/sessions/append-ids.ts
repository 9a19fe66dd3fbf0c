import { checkName } from './session-key.js';

/**
 * How many append ids a session remembers (the latest ones): an append re-sent with one of them is
 * recognised and not applied again. Every store keeps this many.
 */
export const rememberedAppendIds = 100;

/**
 * Checks an append's `appendId`.
 * @param appendId - the id given, if any
 * @returns the id, or undefined when none was given
 * @throws InvalidSessionKeyError when it is not a non-empty string of at most 256 characters without control characters
 */
export function checkAppendId(appendId: unknown): string | undefined {
  if (appendId === undefined) return undefined;
  checkName('appendId', appendId);
  return appendId;
}

/**
 * @param ids - a session's remembered append ids, oldest first (not modified)
 * @param appendId - the id of the append just applied, if any
 * @returns the ids to remember now (the last {@link rememberedAppendIds})
 */
export function rememberAppendId(ids: readonly string[] | undefined, appendId: string | undefined): string[] {
  const all = appendId === undefined ? [...(ids ?? [])] : [...(ids ?? []), appendId];
  return all.slice(-rememberedAppendIds);
}
