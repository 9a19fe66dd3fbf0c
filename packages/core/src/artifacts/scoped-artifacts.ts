import type { Artifact, ArtifactAccess, ArtifactData, ArtifactScope, ArtifactStore, SaveArtifactOptions } from './artifact-store.js';
import { checkArtifactName } from './artifact-name.js';

/** A store bound to one run's app, user and session: what `context.artifacts` is. */
export class ScopedArtifacts implements ArtifactAccess {
  /**
   * @param store - the agent's artifact store
   * @param scope - the run's app, user and session
   */
  constructor(
    readonly store: ArtifactStore,
    readonly scope: ArtifactScope,
  ) {}

  /**
   * @param name - the artifact's name (`user:` for the user's)
   * @param data - text or bytes
   * @param options - the media type
   * @returns the new version (0, 1, ...)
   * @throws InvalidArtifactNameError for a name that is not a plain file name (checked here, whatever the store)
   */
  async save(name: string, data: ArtifactData, options?: SaveArtifactOptions): Promise<number> {
    checkArtifactName(name);
    return this.store.save(this.scope, name, data, options);
  }

  /**
   * @param name - the artifact's name
   * @param version - a version; the latest when absent
   * @returns that version, or undefined
   */
  async load(name: string, version?: number): Promise<Artifact | undefined> {
    checkArtifactName(name);
    return this.store.load(this.scope, name, version);
  }

  /** @returns the names of the session's and the user's artifacts */
  list(): Promise<string[]> {
    return this.store.list(this.scope);
  }
}
