import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ArtifactStoreError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A `FileArtifactStore` operation the file system refused (no space, no permission, a file removed
 * meanwhile...). A tool's failure may be shown to the model, so the message names the file only
 * relative to the store's folder, never its absolute path (nor does it carry the file system's
 * error, whose message holds that path): `file` and `code` tell the developer where and what.
 */
export class ArtifactStoreError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param operation - what the store was doing, e.g. `'save'`
   * @param artifactName - the artifact concerned, if one
   * @param code - the file system's error code (`ENOSPC`, `EACCES`...), or what failed
   * @param file - the file, relative to the store's folder, if known
   */
  constructor(
    readonly operation: string,
    readonly artifactName: string | undefined,
    readonly code: string,
    readonly file: string | undefined,
  ) {
    super(
      `Could not ${operation}${artifactName === undefined ? ' the artifacts' : ` artifact '${artifactName}'`}: the file system refused (${code}${file === undefined ? '' : ` on '${file}' in the artifact store's folder`}).`,
    );
  }

  /**
   * Tells whether a value is a {@link ArtifactStoreError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ArtifactStoreError}
   */
  static override isInstance(error: unknown): error is ArtifactStoreError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
