import { lstat, readlink, realpath, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let procWorks: boolean | undefined;

/**
 * Where an open file or folder really is, asked after opening it, so a path swapped for a symlink
 * between a check and the open cannot go unnoticed. On Linux the kernel says (`/proc/self/fd/N`);
 * elsewhere the real path of the folder it was opened in, when the file found there now is the one
 * held (same device and inode), else undefined.
 * @param handle - the open file or folder
 * @param opened - the path it was opened by
 * @returns its real path, or undefined when it cannot be told
 */
export async function openedPath(handle: FileHandle, opened: string): Promise<string | undefined> {
  if (procWorks !== false) {
    try {
      const path = await readlink(`/proc/self/fd/${handle.fd}`);
      procWorks = true;
      return path;
    } catch (error) {
      if (procWorks === true) throw error;
      procWorks = false;
    }
  }
  return pathByIdentity(handle, opened);
}

/**
 * The portable way: the real path of the folder, and the same file (device and inode) found in it now.
 * @param handle - the open file or folder
 * @param opened - the path it was opened by
 * @returns its real path, or undefined when the file found there is another one
 * @internal exported for its test
 */
export async function pathByIdentity(handle: FileHandle, opened: string): Promise<string | undefined> {
  const path = join(await realpath(dirname(opened)), basename(opened));
  const [held, found] = await Promise.all([handle.stat(), lstat(path).catch(() => undefined)]);
  return found !== undefined && found.dev === held.dev && found.ino === held.ino ? path : undefined;
}

/**
 * The path to list an open folder by: `/proc/self/fd/N` (exactly the folder held) where
 * {@link openedPath} found one, else its checked real path.
 * @param handle - the open folder
 * @param real - its real path, checked
 * @returns the path to give `readdir`
 */
export function listingPath(handle: FileHandle, real: string): string {
  return procWorks === true ? `/proc/self/fd/${handle.fd}` : real;
}
