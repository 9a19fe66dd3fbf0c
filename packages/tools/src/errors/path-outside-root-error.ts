import { ToolcraftError } from '@toolcraft/core';

const errorName = 'PathOutsideRootError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A path a file tool was given that lies outside its root folder (given so, or through a symlink). */
export class PathOutsideRootError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param path - the path the model gave */
  constructor(readonly path: string) {
    super(`The path '${path}' is outside the folder these tools work in; give a path inside it, relative to it (e.g. 'src/index.ts').`);
  }

  /**
   * Tells whether a value is a {@link PathOutsideRootError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link PathOutsideRootError}
   */
  static override isInstance(error: unknown): error is PathOutsideRootError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
