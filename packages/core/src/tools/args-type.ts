import type { ArgsDecoder } from '../decoding/args-decoder.js';
import { CodecArgsDecoder } from '../decoding/codec-args-decoder.js';
import { SchemaArgsDecoder } from '../decoding/schema-args-decoder.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';
import { compileArgsClass, type ArgsClass } from '../schema/class-args/compile-args-class.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** A tool's argument type: an Args class with class-validator decorators, or an explicit JSON Schema. */
export type ArgsType<TArgs> = ArgsClass<TArgs> | JsonSchema;

/**
 * Compiles the decoder of an argument type, once.
 * @param argsType - an Args class or a JSON Schema
 * @param subject - the tool, for messages
 * @returns the decoder
 * @throws InvalidToolDefinitionError when the type cannot be described
 */
export function createArgsDecoder<TArgs>(argsType: ArgsType<TArgs>, subject: string): ArgsDecoder<TArgs> {
  if (typeof argsType === 'function') {
    requireReflectMetadata(subject);
    const compiled = compileArgsClass(argsType, subject);
    return new CodecArgsDecoder<TArgs>(compiled.codec, compiled.needsClassValidator);
  }
  return new SchemaArgsDecoder<TArgs>(argsType, subject);
}
