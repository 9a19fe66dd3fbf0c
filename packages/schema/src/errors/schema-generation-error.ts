import { ToolcraftError } from '@toolcraft/core';

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
 * unresolved type, a bad tsconfig, or two tool classes with one name.
 * The message names the class, method and parameter and says what to do.
 */
export class SchemaGenerationError extends ToolcraftError {
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
}
