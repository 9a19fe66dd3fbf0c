/** Whose artifacts: the app, the user and the session (plain names) or the user (`user:` names). */
export interface ArtifactScope {
  appName: string;
  userId: string;
  sessionId: string;
}

/** What an artifact holds: text or bytes (returned as saved). */
export type ArtifactData = string | Uint8Array;

/** One version of an artifact, as loaded. */
export interface Artifact {
  /** Its name, as saved (`user:` prefix included). */
  name: string;
  /** Its version: 0 for the first save of the name, then 1, 2, ... */
  version: number;
  /** Its media type: as saved, else `text/plain` for text and `application/octet-stream` for bytes. */
  mimeType: string;
  /** Its content, text or bytes as saved. */
  data: ArtifactData;
  /** Its size: characters for text, bytes for bytes. */
  size: number;
}

/** Options of a save. */
export interface SaveArtifactOptions {
  /** The media type, e.g. `'text/csv'` or `'image/png'`. */
  mimeType?: string;
}

/**
 * Where artifacts live (ADK's `ArtifactService`): named, versioned files of a session, or of a user
 * when the name starts with `user:`. `InMemoryArtifactStore` (the agent's default) and
 * `FileArtifactStore(dir)`. Names are checked (`InvalidArtifactNameError`): a name is a plain file
 * name, never a path.
 */
export interface ArtifactStore {
  /** Saves a new version of `name` and returns its number (0, 1, ...). */
  save(scope: ArtifactScope, name: string, data: ArtifactData, options?: SaveArtifactOptions): Promise<number>;
  /** A version of `name` (the latest without `version`), or undefined when there is none. */
  load(scope: ArtifactScope, name: string, version?: number): Promise<Artifact | undefined>;
  /** The names of the session's artifacts and the user's (`user:`) artifacts, sorted. */
  list(scope: ArtifactScope): Promise<string[]>;
  /** The versions of `name`, oldest first. */
  versions(scope: ArtifactScope, name: string): Promise<number[]>;
}

/**
 * The artifacts of one run, as tools see them (`context.artifacts`): the agent's store bound to
 * the run's app, user and session.
 */
export interface ArtifactAccess {
  /**
   * Saves a new version of an artifact.
   * @returns its version: 0 for a new name, then 1, 2, ...
   * @throws InvalidArtifactNameError for a name that is not a plain file name
   */
  save(name: string, data: ArtifactData, options?: SaveArtifactOptions): Promise<number>;
  /** A version of an artifact (the latest without `version`), or undefined. */
  load(name: string, version?: number): Promise<Artifact | undefined>;
  /** The names of the session's and the user's artifacts. */
  list(): Promise<string[]>;
}
