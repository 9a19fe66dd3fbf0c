import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ArtifactStoreError } from '../errors/artifact-store-error.js';
import { InvalidArtifactNameError } from '../errors/invalid-artifact-name-error.js';
import { ToolcraftError } from '../errors/toolcraft-error.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { isHashedFileName, storedFileName } from '../storage/file-name.js';
import { isInside, nameOfSegment } from '../storage/path-segment.js';
import type { Artifact, ArtifactData, ArtifactScope, ArtifactStore, SaveArtifactOptions } from './artifact-store.js';
import { checkArtifactName, defaultMimeType, isVersion, userArtifactPrefix } from './artifact-name.js';

interface ArtifactMeta {
  name: string;
  version: number;
  mimeType: string;
  kind: 'text' | 'bytes';
  size: number;
  savedAt: string;
}

/**
 * Artifacts in a folder (ADK's `FileArtifactService`): `<dir>/<app>/<user>/sessions/<session>/<name>/<version>/`
 * for a session's artifact, `<dir>/<app>/<user>/user/<name>/<version>/` for a `user:` one, each
 * version a `data` file and a `meta.json`. Names are checked, then percent-encoded (a name whose
 * encoding would pass 200 bytes becomes `=` and its SHA-256; `meta.json` keeps the real name), and
 * every path is checked to stay inside `dir`. A version is claimed by creating its folder (atomic), so two
 * processes saving the same name get different versions; its files are written atomically, the
 * `meta.json` last (a version without it is not listed yet).
 */
export class FileArtifactStore implements ArtifactStore {
  /** The folder, absolute. */
  readonly dir: string;

  /** @param dir - the folder (created on the first save) */
  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  /**
   * @param scope - app, user, session
   * @param name - the artifact's name (`user:` for the user's)
   * @param data - text or bytes
   * @param options - the media type
   * @returns the new version
   * @throws InvalidArtifactNameError for a name that is not a plain file name; ArtifactStoreError when the file system refuses
   */
  async save(scope: ArtifactScope, name: string, data: ArtifactData, options: SaveArtifactOptions = {}): Promise<number> {
    const folder = this.folder(scope, name);
    return this.guarded('save', name, () => this.write(folder, name, data, options));
  }

  private async write(folder: string, name: string, data: ArtifactData, options: SaveArtifactOptions): Promise<number> {
    await mkdir(folder, { recursive: true });
    let version = Math.max(-1, ...(await this.claimed(folder))) + 1;
    for (;;) {
      try {
        await mkdir(join(folder, String(version)));
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        version++;
      }
    }
    const meta: ArtifactMeta = {
      name,
      version,
      mimeType: defaultMimeType(data, options.mimeType),
      kind: typeof data === 'string' ? 'text' : 'bytes',
      size: data.length,
      savedAt: new Date().toISOString(),
    };
    await writeFileAtomic(join(folder, String(version), 'data'), data);
    await writeFileAtomic(join(folder, String(version), 'meta.json'), JSON.stringify(meta, null, 2));
    return version;
  }

  /**
   * @param scope - app, user, session
   * @param name - the artifact's name
   * @param version - a version; the latest when absent
   * @returns that version, or undefined
   * @throws ArtifactStoreError when the file system refuses
   */
  async load(scope: ArtifactScope, name: string, version?: number): Promise<Artifact | undefined> {
    const folder = this.folder(scope, name);
    if (version !== undefined && !isVersion(version)) return undefined;
    return this.guarded('load', name, () => this.read(folder, name, version));
  }

  private async read(folder: string, name: string, version: number | undefined): Promise<Artifact | undefined> {
    const chosen = version ?? (await this.complete(folder)).at(-1);
    if (chosen === undefined) return undefined;
    const meta = await readMeta(join(folder, String(chosen), 'meta.json'));
    if (meta === undefined) return undefined;
    const bytes = await readFile(join(folder, String(chosen), 'data'));
    const data = meta.kind === 'text' ? bytes.toString('utf8') : new Uint8Array(bytes);
    return { name, version: chosen, mimeType: meta.mimeType, data, size: data.length };
  }

  /**
   * @param scope - app, user, session
   * @returns the session's and the user's artifact names, sorted
   * @throws ArtifactStoreError when the file system refuses
   */
  async list(scope: ArtifactScope): Promise<string[]> {
    return this.guarded('list', undefined, () => this.names(scope));
  }

  private async names(scope: ArtifactScope): Promise<string[]> {
    const names: string[] = [];
    for (const [folder, prefix] of [
      [this.sessionFolder(scope), ''],
      [this.userFolder(scope), userArtifactPrefix],
    ] as const) {
      for (const segment of await entries(folder)) {
        const versions = await this.complete(join(folder, segment));
        if (versions.length === 0) continue;
        if (!isHashedFileName(segment)) names.push(prefix + nameOfSegment(segment));
        else {
          const meta = await readMeta(join(folder, segment, String(versions.at(-1)), 'meta.json'));
          if (meta !== undefined) names.push(meta.name);
        }
      }
    }
    return names.sort();
  }

  /**
   * @param scope - app, user, session
   * @param name - the artifact's name
   * @returns its complete versions, oldest first
   * @throws ArtifactStoreError when the file system refuses
   */
  async versions(scope: ArtifactScope, name: string): Promise<number[]> {
    const folder = this.folder(scope, name);
    return this.guarded('list the versions of', name, () => this.complete(folder));
  }

  /** Runs a file operation, telling what the file system refused without the absolute path (the model may read it). */
  private async guarded<T>(operation: string, name: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (ToolcraftError.isInstance(error)) throw error;
      const { code, path } = error as NodeJS.ErrnoException;
      const what = typeof code === 'string' ? code : error instanceof SyntaxError ? 'a meta.json that is not JSON' : 'an unknown error';
      throw new ArtifactStoreError(operation, name, what, typeof path === 'string' ? relative(this.dir, path) : undefined);
    }
  }

  private async claimed(folder: string): Promise<number[]> {
    return (await entries(folder)).filter((entry) => /^\d+$/.test(entry)).map(Number);
  }

  private async complete(folder: string): Promise<number[]> {
    const versions: number[] = [];
    for (const version of (await this.claimed(folder)).sort((a, b) => a - b)) {
      if ((await readMeta(join(folder, String(version), 'meta.json'))) !== undefined) versions.push(version);
    }
    return versions;
  }

  private folder(scope: ArtifactScope, name: string): string {
    const { owner, fileName } = checkArtifactName(name);
    const folder = join(owner === 'user' ? this.userFolder(scope) : this.sessionFolder(scope), storedFileName(fileName));
    if (!isInside(this.dir, folder)) throw new InvalidArtifactNameError(name, "it would leave the store's folder");
    return folder;
  }

  private userFolder(scope: ArtifactScope): string {
    return join(this.dir, storedFileName(scope.appName), storedFileName(scope.userId), 'user');
  }

  private sessionFolder(scope: ArtifactScope): string {
    return join(this.dir, storedFileName(scope.appName), storedFileName(scope.userId), 'sessions', storedFileName(scope.sessionId));
  }
}

async function entries(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function readMeta(path: string): Promise<ArtifactMeta | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ArtifactMeta;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
