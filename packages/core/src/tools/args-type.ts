import type { ArgsDecoder } from '../decoding/args-decoder.js';
import { compileArgsDecoder } from '../decoding/compile-args-decoder.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';
import { compileArgsClass, type ArgsClass } from '../schema/class-args/compile-args-class.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** A tool's argument type: an Args class with class-validator decorators, or an explicit JSON Schema. */
export type ArgsType<TArgs> = ArgsClass<TArgs> | JsonSchema;

/**
 * Compiles the decoder of an argument type, once: the one JSON Schema the model is shown and the
 * one validator compiled from it.
 * @param argsType - an Args class or a JSON Schema (draft-07 or 2020-12)
 * @param subject - the tool, for messages
 * @returns the decoder
 * @throws InvalidToolDefinitionError when the type cannot be described
 */
export function createArgsDecoder<TArgs>(argsType: ArgsType<TArgs>, subject: string): ArgsDecoder<TArgs> {
  if (typeof argsType === 'function') {
    requireReflectMetadata(subject);
    const { schema, plan, customConstraints } = compileArgsClass(argsType, subject);
    return compileArgsDecoder<TArgs>({ schema, ...(plan ? { plan } : {}), ...(customConstraints ? { customConstraints } : {}) }, subject);
  }
  return compileArgsDecoder<TArgs>({ schema: argsType }, subject);
}
