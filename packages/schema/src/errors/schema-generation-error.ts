import { ToolcraftError } from '@toolcraft/core';

const errorName = 'SchemaGenerationError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** Where in the code a {@link SchemaGenerationError} happened. */
export interface SchemaGenerationErrorLocation {
  /** The class that declares the tool. */
  className?: string;
  /** The `@Tool` method, for annotated methods. */
  methodName?: string;
  /** The parameter (or Args property) whose type could not be described. */
  parameterName?: string;
  /** The path inside the parameter's type, e.g. `options.onDone`. */
  propertyPath?: string;
  /** The source file and line, e.g. `src/weather.ts:12`. */
  source?: string;
}

/**
 * Thrown by `generateToolSchemas` when a tool cannot be described as JSON Schema:
 * a parameter typed as a function, `Promise`, `Map`, `symbol` and the like, an
 * unresolved type, a bad tsconfig or a syntax error.
 * The message names the class, method and parameter and says what to do.
 */
export class SchemaGenerationError extends ToolcraftError {
  private readonly [marker] = true;
  /** The fixed name, which a minifier cannot rename. */
  override readonly name: string = errorName;
  /** Where the problem is. */
  readonly location: SchemaGenerationErrorLocation;

  /**
   * @param message - what went wrong and how to fix it
   * @param location - the class, method and parameter concerned
   * @param options - the underlying error, if any
   */
  constructor(message: string, location: SchemaGenerationErrorLocation = {}, options: { cause?: unknown } = {}) {
    super(message, options);
    this.location = location;
  }

  /**
   * Tells whether a value is a {@link SchemaGenerationError}, from any copy of the package.
   * @param error - any value
   * @returns true for a SchemaGenerationError (not for other toolcraft errors)
   */
  static override isInstance(error: unknown): error is SchemaGenerationError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
