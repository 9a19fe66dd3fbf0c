import type { StandardArgsSchema } from '../../decoding/standard-schema/standard-args-schema.js';
import type { ArgsClass } from '../../schema/class-args/compile-args-class.js';
import type { JsonSchema } from '../../schema/json-schema.js';

/**
 * A structured output given as a JSON Schema of an object. The output is the parsed, validated JSON;
 * it is typed `unknown` unless the agent is given the type (`new Agent<Invoice>({ outputType: { jsonSchema } })`).
 * @example
 * const outputType: OutputJsonSchema = {
 *   name: 'invoice',
 *   jsonSchema: { type: 'object', properties: { total: { type: 'integer', minimum: 0 } }, required: ['total'] },
 * };
 */
export interface OutputJsonSchema {
  /** The JSON Schema (draft-07 or 2020-12) of the object the model answers with. */
  readonly jsonSchema: JsonSchema;
  /** The output's name the provider is told (`ResponseFormat.name`), `^[a-zA-Z0-9_-]{1,64}$`; default the schema's `title` in snake_case, else `'output'`. */
  readonly name?: string;
}

/**
 * What an agent's final answer must be (`AgentOptions.outputType`), as a tool's `argsType` is what its
 * arguments must be, and checked by the same machinery: an Args class (class-validator and
 * `@LLMDescription` decorators; the output is an instance of it), a zod 4 schema or another Standard
 * Schema with its JSON Schema (the output is the schema's output), or {@link OutputJsonSchema}.
 * `TOutput` is what `run.output` is.
 */
export type OutputType<TOutput> = ArgsClass<TOutput> | StandardArgsSchema<TOutput> | OutputJsonSchema;
