import type { ArgumentViolation } from '../errors/tool-arguments-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaDocuments } from './ajv-instance.js';
import type { ArgumentLimits } from './argument-limits.js';

/**
 * The outcome of decoding one call's arguments: the value, or the violations. When a user's validator
 * threw (a Standard Schema validator, a zod refine), `thrown` is what it threw: user code, which the
 * environment tells the model as its `errorDetail` says (under `'generic'`, only that argument
 * validation failed); the violation itself then names no part of it.
 */
export type DecodeOutcome<TArgs> = { ok: true; value: TArgs } | { ok: false; violations: ArgumentViolation[]; thrown?: unknown };

/**
 * Turns a call's raw arguments into what the tool receives, or lists what is wrong.
 * Compiled once per tool; `decode` runs on every call and never throws for bad input.
 */
export interface ArgsDecoder<TArgs> {
  /** The JSON Schema of the argument object, exactly what `decode` accepts. */
  readonly schema: JsonSchema;
  /**
   * @param raw - a JSON string or an object
   * @param limits - size and depth limits
   * @returns the decoded arguments or the violations
   */
  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs>;
  /**
   * Gives the decoder the schema documents its `$ref`s name by `$id` (`schemas` of the registry
   * builder or the environment); a decoder that needs none ignores them.
   * @param documents - the documents
   * @throws InvalidToolDefinitionError when a `$ref` still names a missing document, or the decoder
   *   was already given other documents
   */
  bindSchemas?(documents: SchemaDocuments): void;
  /**
   * @returns the document a `$ref` of the schema names that no documents given so far hold, if any
   *   (the decoder refuses every call until it is given)
   */
  missingDocument?(): string | undefined;
  /** The tool, for messages. */
  readonly subject?: string;
}
