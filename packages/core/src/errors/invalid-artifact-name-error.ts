import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidArtifactNameError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** An artifact name that is not a plain file name (empty, with `/`, `\\`, `..`, a control character, or too long); it could escape the store's folder. */
export class InvalidArtifactNameError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param artifactName - the name given
   * @param reason - what is wrong with it
   */
  constructor(
    readonly artifactName: unknown,
    reason: string,
  ) {
    super(
      `Artifact name ${typeof artifactName === 'string' ? JSON.stringify(artifactName) : describeThrownValue(artifactName)} is not allowed: ${reason}. Expected a plain file name such as 'report.txt' (optionally 'user:report.txt'), at most 200 characters, without '/', '\\', '..' or control characters.`,
    );
  }

  /**
   * Tells whether a value is a {@link InvalidArtifactNameError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidArtifactNameError}
   */
  static override isInstance(error: unknown): error is InvalidArtifactNameError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
