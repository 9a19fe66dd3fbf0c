import { constants, type Dirent } from 'node:fs';
import { open, readdir, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { PathOutsideRootError } from '../errors/path-outside-root-error.js';
import { fileProblem } from './file-problem.js';
import { listingPath, openedPath } from './opened-path.js';
import type { RootedPaths } from './rooted-path.js';

const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

/** A regular file inside the root, open. */
export interface OpenFile {
  handle: FileHandle;
  /** Its real path, as found after opening it. */
  path: string;
  /** Its size in bytes when opened. */
  size: number;
}

/**
 * Opens an existing regular file to read: its real path is checked inside the root, opened without
 * following a symlink in the last place nor waiting on a pipe, then checked again where it really is.
 * @param paths - the root's paths
 * @param given - the path the model gave
 * @returns the open file (the caller closes it)
 */
export async function openToRead(paths: RootedPaths, given: string): Promise<OpenFile> {
  return openEntry(paths, await paths.resolve(given), given);
}

/**
 * Opens a file found in a listed folder to read, as {@link openToRead} does once the path is resolved.
 * @param paths - the root's paths
 * @param real - the path found (its folder's real path and its name)
 * @param shown - how the model knows it
 * @returns the open file (the caller closes it)
 */
export async function openEntry(paths: RootedPaths, real: string, shown: string): Promise<OpenFile> {
  return checked(paths, shown, real, await openAs(real, O_RDONLY | O_NOFOLLOW | O_NONBLOCK, shown), false);
}

/**
 * Opens a file to write: `'replace'` makes it (and its folders) when missing, with `O_EXCL`; `'edit'`
 * opens an existing one to read and write. A symlink in the last place is refused (never written
 * through), a pipe or device refused without waiting, and where the file really is is checked after
 * opening; a file this call made outside the root (a folder swapped meanwhile) is removed again.
 * Nothing is truncated here: the caller writes once the checks passed.
 * @param paths - the root's paths
 * @param given - the path the model gave
 * @param mode - `'replace'` (write_file) or `'edit'` (edit_file)
 * @returns the open file (the caller closes it)
 */
export async function openToWrite(paths: RootedPaths, given: string, mode: 'replace' | 'edit'): Promise<OpenFile> {
  const { folder, name } = await paths.parentOf(given, mode === 'replace');
  const path = join(folder, name);
  const flags = (mode === 'edit' ? O_RDWR : O_WRONLY) | O_NOFOLLOW | O_NONBLOCK;
  let handle: FileHandle;
  let created = false;
  try {
    handle = await open(path, flags);
  } catch (error) {
    if (mode === 'edit' || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw fileProblem(error, `'${given}'`);
    handle = await openAs(path, flags | O_CREAT | O_EXCL, given);
    created = true;
  }
  return checked(paths, given, path, handle, created);
}

/**
 * Lists a folder inside the root: opened without following a symlink in the last place, checked where
 * it really is, then listed through the open folder itself where the system allows (Linux).
 * @param paths - the root's paths
 * @param real - its real path (checked inside the root before)
 * @param given - how the model knows it
 * @returns its entries (symlinks not followed) and its real path
 */
export async function listInside(paths: RootedPaths, real: string, given: string): Promise<{ path: string; entries: Dirent[] }> {
  const handle = await openAs(real, O_RDONLY | O_DIRECTORY | O_NOFOLLOW, given);
  try {
    const path = await openedPath(handle, real);
    if (path === undefined) throw new Error(`'${given}' changed while it was opened; try again.`);
    if (!(await paths.contains(path))) throw new PathOutsideRootError(given);
    const entries = await readdir(listingPath(handle, path), { withFileTypes: true });
    return { path, entries: entries.sort((a, b) => a.name.localeCompare(b.name)) };
  } finally {
    await handle.close();
  }
}

async function openAs(path: string, flags: number, given: string): Promise<FileHandle> {
  try {
    return await open(path, flags, 0o666);
  } catch (error) {
    throw fileProblem(error, `'${given}'`);
  }
}

async function checked(paths: RootedPaths, given: string, opened: string, handle: FileHandle, created: boolean): Promise<OpenFile> {
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw fileProblem({ code: info.isDirectory() ? 'EISDIR' : 'ENXIO' }, `'${given}'`);
    const path = await openedPath(handle, opened);
    if (path === undefined) throw new Error(`'${given}' changed while it was opened; try again.`);
    if (!(await paths.contains(path))) {
      if (created) await unlink(path).catch(() => undefined);
      throw new PathOutsideRootError(given);
    }
    return { handle, path, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
