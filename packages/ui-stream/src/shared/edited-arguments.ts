import { InvalidUIMessagesError } from '../errors/invalid-ui-messages-error.js';
import { parseArguments } from './parse-arguments.js';
import { sameJson } from './same-json.js';

/**
 * A client's arguments for an approved call, as edited arguments when they differ from the call's.
 * @param input - what the client sent (undefined: not edited)
 * @param original - the call's JSON arguments
 * @param path - where the input is, for the error
 * @returns `{ arguments }` with the JSON text when edited, else `{}`
 * @throws InvalidUIMessagesError when the edited arguments are not an object
 * @internal
 */
export function editedArguments(input: unknown, original: string, path: string): { arguments?: string } {
  const parsed = parseArguments(original);
  if (input === undefined || (parsed.ok && sameJson(parsed.value, input))) return {};
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new InvalidUIMessagesError(
      path,
      `edited arguments should be an object, but were ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}.`,
    );
  return { arguments: JSON.stringify(input) };
}
