import type { SessionKey } from '../agent/session.js';
import { InvalidSessionKeyError } from '../errors/invalid-session-key-error.js';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacters = /[\u0000-\u001f\u007f]/;

/**
 * Checks a session key's three names.
 * @param key - the key
 * @returns a copy with exactly the three fields
 * @throws InvalidSessionKeyError naming the first bad field
 */
export function checkSessionKey(key: SessionKey): SessionKey {
  if (typeof key !== 'object' || key === null) throw new InvalidSessionKeyError('key', key);
  for (const field of ['appName', 'userId', 'sessionId'] as const) checkName(field, key[field]);
  return { appName: key.appName, userId: key.userId, sessionId: key.sessionId };
}

/**
 * Checks one name of a session key.
 * @param field - the field's name, for the error
 * @param value - its value
 * @throws InvalidSessionKeyError when it is not a non-empty string of at most 256 characters without control characters
 */
export function checkName(field: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256 || controlCharacters.test(value))
    throw new InvalidSessionKeyError(field, value);
}

/**
 * @param key - a session key
 * @returns `appName/userId/sessionId`, for messages
 */
export function describeSessionKey(key: SessionKey): string {
  return `${key.appName}/${key.userId}/${key.sessionId}`;
}
