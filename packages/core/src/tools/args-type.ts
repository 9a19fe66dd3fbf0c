import type { ArgsDecoder } from '../decoding/args-decoder.js';
import { compileArgsDecoder } from '../decoding/compile-args-decoder.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';
import { compileArgsClass, type ArgsClass } from '../schema/class-args/compile-args-class.js';
import { manifestPropertyTypes } from '../manifest/use-tool-schemas.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { compileStandardSchemaDecoder } from '../decoding/standard-schema/compile-standard-schema-decoder.js';
import { isStandardSchema, type StandardArgsSchema } from '../decoding/standard-schema/standard-args-schema.js';

/**
 * A tool's argument type: an Args class with class-validator decorators, an explicit JSON Schema, or
 * a zod 4 schema / Standard Schema validator with its JSON Schema (`withJsonSchema`), whose output is `TArgs`.
 * A Standard Schema validator without a JSON Schema is not a JSON Schema (`~standard` rules it out).
 */
export type ArgsType<TArgs> = ArgsClass<TArgs> | (JsonSchema & { readonly '~standard'?: never }) | StandardArgsSchema<TArgs>;

/**
 * Compiles the decoder of an argument type, once: the one JSON Schema the model is shown and the
 * one validator compiled from it.
 * @param argsType - an Args class or a JSON Schema (draft-07 or 2020-12)
 * @param subject - the tool, for messages
 * @param toolClassName - the tool class, whose manifest class entry (registered with `useToolSchemas`)
 *   types the Args properties that have no runtime type
 * @returns the decoder
 * @throws InvalidToolDefinitionError when the type cannot be described
 */
export function createArgsDecoder<TArgs>(argsType: ArgsType<TArgs>, subject: string, toolClassName?: string): ArgsDecoder<TArgs> {
  if (isStandardSchema(argsType)) return compileStandardSchemaDecoder<TArgs>(argsType as StandardArgsSchema<TArgs>, subject);
  if (typeof argsType === 'function') {
    requireReflectMetadata(subject);
    const { schema, plan, customConstraints } = compileArgsClass(argsType, subject, {
      propertyTypes: toolClassName === undefined ? undefined : manifestPropertyTypes(toolClassName),
    });
    return compileArgsDecoder<TArgs>({ schema, ...(plan ? { plan } : {}), ...(customConstraints ? { customConstraints } : {}) }, subject);
  }
  return compileArgsDecoder<TArgs>({ schema: argsType }, subject);
}
