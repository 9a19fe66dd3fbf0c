import type { Artifact, ArtifactData, ArtifactScope, ArtifactStore, SaveArtifactOptions } from './artifact-store.js';
import { checkArtifactName, defaultMimeType, isVersion } from './artifact-name.js';

/** Artifacts in this process's memory (ADK's `InMemoryArtifactService`); the agent's default store. */
export class InMemoryArtifactStore implements ArtifactStore {
  private readonly byFolder = new Map<string, Map<string, Artifact[]>>();

  /**
   * @param scope - app, user, session
   * @param name - the artifact's name (`user:` for the user's)
   * @param data - text or bytes (copied)
   * @param options - the media type
   * @returns the new version
   * @throws InvalidArtifactNameError for a name that is not a plain file name
   */
  async save(scope: ArtifactScope, name: string, data: ArtifactData, options: SaveArtifactOptions = {}): Promise<number> {
    const folder = this.folder(scope, name, true)!;
    const versions = folder.get(name) ?? [];
    const copy = typeof data === 'string' ? data : new Uint8Array(data);
    versions.push({ name, version: versions.length, mimeType: defaultMimeType(data, options.mimeType), data: copy, size: copy.length });
    folder.set(name, versions);
    return versions.length - 1;
  }

  /**
   * @param scope - app, user, session
   * @param name - the artifact's name
   * @param version - a version; the latest when absent
   * @returns a copy of that version, or undefined
   */
  async load(scope: ArtifactScope, name: string, version?: number): Promise<Artifact | undefined> {
    const versions = this.folder(scope, name, false)?.get(name);
    if (versions === undefined || (version !== undefined && !isVersion(version))) return undefined;
    const found = versions[version ?? versions.length - 1];
    return found === undefined ? undefined : { ...found, data: typeof found.data === 'string' ? found.data : new Uint8Array(found.data) };
  }

  /**
   * @param scope - app, user, session
   * @returns the session's and the user's artifact names, sorted
   */
  async list(scope: ArtifactScope): Promise<string[]> {
    const session = this.byFolder.get(sessionFolder(scope))?.keys() ?? [];
    const user = this.byFolder.get(userFolder(scope))?.keys() ?? [];
    return [...session, ...user].sort();
  }

  /**
   * @param scope - app, user, session
   * @param name - the artifact's name
   * @returns its versions, oldest first
   */
  async versions(scope: ArtifactScope, name: string): Promise<number[]> {
    return (this.folder(scope, name, false)?.get(name) ?? []).map((artifact) => artifact.version);
  }

  private folder(scope: ArtifactScope, name: string, create: boolean): Map<string, Artifact[]> | undefined {
    const key = checkArtifactName(name).owner === 'user' ? userFolder(scope) : sessionFolder(scope);
    let folder = this.byFolder.get(key);
    if (folder === undefined && create) this.byFolder.set(key, (folder = new Map<string, Artifact[]>()));
    return folder;
  }
}

function userFolder(scope: ArtifactScope): string {
  return JSON.stringify([scope.appName, scope.userId]);
}

function sessionFolder(scope: ArtifactScope): string {
  return JSON.stringify([scope.appName, scope.userId, scope.sessionId]);
}
