import { resolve, sep } from 'node:path';

/**
 * A name as one path segment: percent-encoded, dots and `*` too, so a name with `/`, `\` or `..`
 * stays one file name inside its folder.
 * @param name - any name
 * @returns the encoded segment
 */
export function pathSegment(name: string): string {
  return encodeURIComponent(name).replace(/\./g, '%2E').replace(/\*/g, '%2A');
}

/**
 * @param segment - a segment made by {@link pathSegment}
 * @returns the name it encodes
 */
export function nameOfSegment(segment: string): string {
  return decodeURIComponent(segment);
}

/**
 * The last line of defence: a path must stay inside the folder.
 * @param folder - the folder (absolute)
 * @param path - a path built inside it
 * @returns whether the path is inside the folder
 */
export function isInside(folder: string, path: string): boolean {
  return resolve(path).startsWith(resolve(folder) + sep);
}
