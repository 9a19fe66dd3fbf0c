import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/json-schema.js';
import { canonicalJson } from './canonical-json.js';

let shared: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

/**
 * Compiles a JSON Schema with the one shared ajv instance (all errors, ajv-formats' full formats,
 * no coercion, defaults applied). Equal schemas share one validator, and schemas are not kept in
 * ajv's registry, so a schema with an `$id` may back many tools.
 * @param schema - the schema
 * @returns ajv's validate function
 */
export function compileJsonSchema(schema: JsonSchema): ValidateFunction {
  const key = canonicalJson(schema);
  let validate = compiled.get(key);
  if (validate === undefined) {
    shared ??= addFormats(
      new Ajv({ allErrors: true, verbose: true, strict: false, useDefaults: true, coerceTypes: false, addUsedSchema: false }),
    );
    validate = shared.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}
