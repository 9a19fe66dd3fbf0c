import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/json-schema.js';

let shared: Ajv | undefined;

/**
 * Compiles a JSON Schema with the one shared ajv instance (all errors, ajv-formats' full formats,
 * no coercion, defaults applied).
 * @param schema - the schema
 * @returns ajv's validate function
 */
export function compileJsonSchema(schema: JsonSchema): ValidateFunction {
  shared ??= addFormats(new Ajv({ allErrors: true, verbose: true, strict: false, useDefaults: true, coerceTypes: false }));
  return shared.compile(schema);
}
