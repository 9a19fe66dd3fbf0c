import { InvalidArtifactNameError } from '../errors/invalid-artifact-name-error.js';

/** The prefix of the names that belong to the user rather than the session. */
export const userArtifactPrefix = 'user:';

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const controlCharacters = /[\u0000-\u001f\u007f]/;

/** A checked artifact name: whose it is, and the file name proper. */
export interface ArtifactName {
  owner: 'user' | 'session';
  fileName: string;
}

/**
 * Checks an artifact name: 1 to 200 characters, optionally `user:`-prefixed, never a path (no `/`,
 * `\`, `..`, control character, or a name of only dots).
 * @param name - the name given
 * @returns whose it is and its file name
 * @throws InvalidArtifactNameError saying what is wrong
 */
export function checkArtifactName(name: unknown): ArtifactName {
  if (typeof name !== 'string') throw new InvalidArtifactNameError(name, 'it is not a string');
  if (name.length === 0 || name.length > 200) throw new InvalidArtifactNameError(name, `its length is ${name.length}`);
  const owner = name.startsWith(userArtifactPrefix) ? 'user' : 'session';
  const fileName = owner === 'user' ? name.slice(userArtifactPrefix.length) : name;
  if (fileName.length === 0) throw new InvalidArtifactNameError(name, "nothing follows 'user:'");
  if (fileName.includes('/') || fileName.includes('\\')) throw new InvalidArtifactNameError(name, 'it contains a path separator');
  if (fileName.includes('..')) throw new InvalidArtifactNameError(name, "it contains '..'");
  if (controlCharacters.test(fileName)) throw new InvalidArtifactNameError(name, 'it contains a control character');
  if (/^\.+$/.test(fileName)) throw new InvalidArtifactNameError(name, 'it is only dots');
  return { owner, fileName };
}

/**
 * @param version - a version given by a caller
 * @returns whether it is a version number (a whole number >= 0)
 */
export function isVersion(version: unknown): version is number {
  return Number.isSafeInteger(version) && (version as number) >= 0;
}

/**
 * @param data - text or bytes
 * @param mimeType - the given media type, if any
 * @returns the media type to record
 */
export function defaultMimeType(data: string | Uint8Array, mimeType: string | undefined): string {
  return mimeType ?? (typeof data === 'string' ? 'text/plain' : 'application/octet-stream');
}
