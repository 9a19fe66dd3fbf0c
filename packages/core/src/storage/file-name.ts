import { createHash } from 'node:crypto';
import { pathSegment } from './path-segment.js';

/**
 * The longest file name, in UTF-8 bytes, a store gives a file it names after a caller's name. File
 * systems allow 255 bytes; the rest leaves room for what the stores append while writing
 * (`.tmp-<pid>-<random>`, `.lock`, `.lock.b-<token>`).
 */
export const maxStoredNameBytes = 200;

/** The first character of a hashed file name; `encodeURIComponent` always encodes it, so no encoded name starts with it. */
const hashedMark = '=';

/**
 * A caller's name as one file or folder name inside a store's folder: percent-encoded (see
 * {@link pathSegment}) when that fits in {@link maxStoredNameBytes} with its suffix, otherwise `=`
 * and the SHA-256 of the name (a store keeps the real name inside the file when it must list names).
 * Two different names never get the same file name.
 * @param name - any name
 * @param suffix - what follows it (an extension such as `.json`)
 * @returns the file name
 */
export function storedFileName(name: string, suffix = ''): string {
  const encoded = pathSegment(name) + suffix;
  if (Buffer.byteLength(encoded, 'utf8') <= maxStoredNameBytes) return encoded;
  return hashedMark + createHash('sha256').update(name, 'utf8').digest('hex') + suffix;
}

/**
 * @param fileName - a name made by {@link storedFileName}
 * @returns whether it is hashed (the real name must be read from inside the file)
 */
export function isHashedFileName(fileName: string): boolean {
  return fileName.startsWith(hashedMark);
}
