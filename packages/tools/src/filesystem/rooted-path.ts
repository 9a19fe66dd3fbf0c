import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { PathOutsideRootError } from '../errors/path-outside-root-error.js';

/**
 * The files of one root folder: every path the model gives is resolved inside it, symlinks included
 * (the real path of what exists, or of the nearest folder that exists, must be inside the root).
 */
export class RootedPaths {
  private realRoot?: Promise<string>;

  /** @param root - the root folder */
  constructor(readonly root: string) {}

  /**
   * @param path - a path the model gave: relative to the root, or absolute inside it
   * @returns the real absolute path, inside the root
   * @throws PathOutsideRootError when it is not inside the root
   */
  async resolve(path: string): Promise<string> {
    const root = await (this.realRoot ??= realpath(this.root));
    const given = resolve(this.root);
    let wanted = isAbsolute(path) ? resolve(path) : resolve(root, path);
    // An absolute path under the root as given (which may itself be reached through a symlink).
    if (isAbsolute(path) && inside(given, wanted)) wanted = resolve(root, relative(given, wanted));
    const real = await realOrParent(wanted);
    if (!inside(root, real)) throw new PathOutsideRootError(path);
    return real;
  }

  /**
   * @param absolute - a real path inside the root
   * @returns it relative to the root, with `/` separators (`.` for the root)
   */
  async display(absolute: string): Promise<string> {
    const root = await (this.realRoot ??= realpath(this.root));
    const shown = relative(root, absolute).split(sep).join('/');
    return shown === '' ? '.' : shown;
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The real path of what exists, or of its nearest existing folder with the rest appended. */
async function realOrParent(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const parent = dirname(path);
    if (parent === path) return path;
    return resolve(await realOrParent(parent), relative(parent, path));
  }
}
