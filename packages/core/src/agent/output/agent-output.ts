import type { ArgsDecoder } from '../../decoding/args-decoder.js';
import { defaultArgumentLimits, type ArgumentLimits } from '../../decoding/argument-limits.js';
import { assertSchemaDocumentsGiven, bindSchemaDocuments, readSchemaDocuments } from '../../decoding/schema-documents.js';
import { isStandardSchema } from '../../decoding/standard-schema/standard-args-schema.js';
import { requiredDepth } from './required-depth.js';
import { InvalidAgentOptionsError } from '../../errors/invalid-agent-options-error.js';
import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { ResponseFormat } from '../../model/chat-model.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { createArgsDecoder, type ArgsType } from '../../tools/args-type.js';
import { outputName } from './output-name.js';

/** The default of `AgentOptions.outputRetries`. */
export const defaultOutputRetries = 1;

/** An agent's structured output, compiled once when the agent is built. @internal */
export interface AgentOutput {
  /** The output's name (`ResponseFormat.name`). */
  readonly name: string;
  /** The one decoder: the JSON Schema the model is shown and the validator compiled from it. */
  readonly decoder: ArgsDecoder<unknown>;
  /** What every model call of the agent's runs carries (one object, so adapters can keep their conversion by it). */
  readonly format: ResponseFormat;
  /** How many times an answer that does not fit goes back to the model. */
  readonly retries: number;
  /** The size and depth limits of an answer (the agent's `argumentLimits`). */
  readonly limits: ArgumentLimits;
}

/** What of the agent's options the output is read from. @internal */
export interface AgentOutputOptions {
  outputType?: unknown;
  outputRetries?: unknown;
  argumentLimits?: Partial<ArgumentLimits>;
  schemas?: readonly JsonSchema[];
}

/**
 * Compiles an agent's `outputType`, as a tool's `argsType` is compiled: one JSON Schema, one validator.
 * @param options - `outputType`, `outputRetries`, and the `argumentLimits` and `schemas` tools get too
 * @param agentName - the agent, for messages
 * @returns the output, or undefined when the agent has no `outputType`
 * @throws InvalidAgentOptionsError for an `outputType` that cannot be described (not an object, a bad
 *   name, a `$ref` to a document `schemas` lacks, answers nesting deeper than `argumentLimits.maxDepth`) or an `outputRetries` that is not a whole number >= 0
 *   (or is given without an `outputType`)
 * @internal
 */
export function readAgentOutput(options: AgentOutputOptions, agentName: string): AgentOutput | undefined {
  const { outputType, outputRetries } = options;
  if (outputType === undefined) {
    if (outputRetries !== undefined) throw new InvalidAgentOptionsError('outputRetries', outputRetries, 'absent without an outputType');
    return undefined;
  }
  const retries = outputRetries ?? defaultOutputRetries;
  if (typeof retries !== 'number' || !Number.isSafeInteger(retries) || retries < 0)
    throw new InvalidAgentOptionsError('outputRetries', retries, 'a whole number of at least 0');
  const { argsType, given, derived } = readOutputType(outputType);
  const name = outputName(given, derived);
  const decoder = compileDecoder(argsType, outputType, `(the output '${name}' of agent '${agentName}')`, options.schemas);
  const limits = { ...defaultArgumentLimits, ...options.argumentLimits };
  const depth = requiredDepth(decoder.schema);
  if (depth > limits.maxDepth)
    throw new InvalidAgentOptionsError(
      'outputType',
      outputType,
      `a type whose answers nest at most argumentLimits.maxDepth (${limits.maxDepth}) levels deep: every answer this one accepts nests ${depth} levels, so each would be refused (flatten it, or raise argumentLimits.maxDepth)`,
    );
  return { name, decoder, format: Object.freeze({ name, schema: decoder.schema, strict: true }), retries, limits };
}

/** The argument type an `outputType` is, with the name given and the name it suggests. */
function readOutputType(outputType: unknown): { argsType: ArgsType<unknown>; given?: unknown; derived?: unknown } {
  if (typeof outputType === 'function') return { argsType: outputType as ArgsType<unknown>, derived: outputType.name };
  if (isStandardSchema(outputType)) return { argsType: outputType as ArgsType<unknown>, derived: titleOf(outputType) };
  if (typeof outputType === 'object' && outputType !== null && 'jsonSchema' in outputType) {
    const { jsonSchema, name } = outputType as { jsonSchema: unknown; name?: unknown };
    if (typeof jsonSchema !== 'object' || jsonSchema === null || Array.isArray(jsonSchema) || (jsonSchema as JsonSchema).type !== 'object')
      throw new InvalidAgentOptionsError(
        'outputType.jsonSchema',
        jsonSchema,
        'a JSON Schema of an object (type: "object"): providers take an object at the root of structured output',
      );
    return { argsType: jsonSchema as ArgsType<unknown>, given: name, derived: (jsonSchema as JsonSchema).title };
  }
  throw new InvalidAgentOptionsError('outputType', outputType, 'an Args class, a zod (Standard Schema) schema, or { jsonSchema, name? }');
}

/** A Standard Schema's title (zod's `.meta({ title })`), read from its JSON Schema when it gives one. */
function titleOf(schema: unknown): unknown {
  const meta = (schema as { meta?: () => { title?: unknown } | undefined }).meta;
  if (typeof meta !== 'function') return undefined;
  try {
    return meta.call(schema)?.title;
  } catch {
    return undefined;
  }
}

function compileDecoder(
  argsType: ArgsType<unknown>,
  outputType: unknown,
  subject: string,
  schemas: readonly JsonSchema[] | undefined,
): ArgsDecoder<unknown> {
  try {
    const decoder = createArgsDecoder(argsType, subject);
    // `$ref`s to other documents resolve through the agent's `schemas`, as its tools' do.
    if (schemas !== undefined) bindSchemaDocuments([decoder], readSchemaDocuments(schemas));
    assertSchemaDocumentsGiven([decoder]);
    return decoder;
  } catch (error) {
    if (!InvalidToolDefinitionError.isInstance(error)) throw error;
    const problem = error.message.replace(/^Invalid tool definition /, '');
    throw new InvalidAgentOptionsError('outputType', outputType, `a type the model can answer with, as a tool's argsType (${problem})`);
  }
}
