import { mkdir, realpath, rmdir } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PathOutsideRootError } from '../errors/path-outside-root-error.js';
import { fileProblem } from './file-problem.js';

/**
 * The files of one root folder: every path the model gives is resolved inside it, symlinks included.
 * Resolving is a check made before opening; what is opened is checked again after (`openInside`).
 */
export class RootedPaths {
  private realRoot?: string;

  /** @param root - the root folder */
  constructor(readonly root: string) {}

  /**
   * The root's real path; looked up until it exists (a root made after the toolset works), then kept.
   * @returns the real path of the root
   */
  async rootPath(): Promise<string> {
    if (this.realRoot !== undefined) return this.realRoot;
    try {
      this.realRoot = await realpath(this.root);
    } catch (error) {
      throw fileProblem(error, `the root folder ${this.root}`);
    }
    return this.realRoot;
  }

  /**
   * @param path - a path the model gave: relative to the root, or absolute inside it
   * @returns the absolute path it names, `..` removed, not yet resolved (an absolute path under the root as given is moved under its real path)
   */
  async named(path: string): Promise<string> {
    const root = await this.rootPath();
    const given = resolve(this.root);
    const wanted = isAbsolute(path) ? resolve(path) : resolve(root, path);
    return isAbsolute(path) && isInside(given, wanted) ? resolve(root, relative(given, wanted)) : wanted;
  }

  /**
   * @param path - a path the model gave, of something that exists
   * @returns its real path (symlinks followed), inside the root
   * @throws PathOutsideRootError when it is not inside the root
   */
  async resolve(path: string): Promise<string> {
    const root = await this.rootPath();
    let real: string;
    try {
      real = await realpath(await this.named(path));
    } catch (error) {
      throw fileProblem(error, `'${path}'`);
    }
    if (!isInside(root, real)) throw new PathOutsideRootError(path);
    return real;
  }

  /**
   * The real folder a new or replaced file goes in, checked inside the root one folder at a time;
   * missing folders are made (`mkdir` never follows a symlink in the last place, and each one made is
   * checked before going deeper; one found outside is removed again).
   * @param path - a path the model gave, of a file
   * @param create - whether to make missing folders
   * @returns the real folder and the file's name in it
   */
  async parentOf(path: string, create: boolean): Promise<{ folder: string; name: string }> {
    const root = await this.rootPath();
    const wanted = await this.named(path);
    if (wanted === root) throw new Error(`'${path}' is the root folder, not a file.`);
    return { folder: await this.realFolder(dirname(wanted), path, create), name: basename(wanted) };
  }

  /**
   * @param absolute - a real path inside the root
   * @returns it relative to the root, with `/` separators (`.` for the root)
   */
  async display(absolute: string): Promise<string> {
    const shown = relative(await this.rootPath(), absolute)
      .split(sep)
      .join('/');
    return shown === '' ? '.' : shown;
  }

  /**
   * @param real - a real path
   * @returns whether it is the root or inside it
   */
  async contains(real: string): Promise<boolean> {
    return isInside(await this.rootPath(), real);
  }

  private async realFolder(folder: string, given: string, create: boolean): Promise<string> {
    const root = await this.rootPath();
    let real: string;
    let made = false;
    try {
      real = await realpath(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (!create || code !== 'ENOENT' || dirname(folder) === folder) throw fileProblem(error, `the folder of '${given}'`);
      const parent = await this.realFolder(dirname(folder), given, create);
      const next = join(parent, basename(folder));
      made = await mkdir(next).then(
        () => true,
        (failed: NodeJS.ErrnoException) => {
          if (failed.code !== 'EEXIST') throw fileProblem(failed, `the folder of '${given}'`);
          return false;
        },
      );
      try {
        real = await realpath(next);
      } catch (failed) {
        // EEXIST, then no real path: a symlink that leads nowhere is where the folder would go.
        throw fileProblem(failed, `the folder of '${given}'`);
      }
    }
    if (!isInside(root, real)) {
      // Only a folder swapped for a symlink between two steps gets here after making one: take it back.
      if (made) await rmdir(real).catch(() => undefined);
      throw new PathOutsideRootError(given);
    }
    return real;
  }
}

/**
 * @param root - a real folder
 * @param path - an absolute path
 * @returns whether the path is the folder or under it (`..notes` in the folder is under it)
 */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
