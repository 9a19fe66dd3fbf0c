import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';

/**
 * An argument type from a schema library: a Standard Schema validator (`~standard.validate`) that
 * also gives its JSON Schema (`~standard.jsonSchema`, the Standard JSON Schema interface). A zod 4.2+
 * schema is one as it is; any other Standard Schema validator becomes one with `withJsonSchema`.
 * `TArgs` is the validator's output, what `execute` receives.
 */
export type StandardArgsSchema<TArgs> = StandardSchemaV1<unknown, TArgs> & StandardJSONSchemaV1<unknown, TArgs>;

/** The `~standard` properties of a validator that gives its JSON Schema too. */
type StandardArgsSchemaProps<TArgs> = StandardArgsSchema<TArgs>['~standard'];

/**
 * Whether a value is a Standard Schema validator (it has `~standard` with `version` 1 and `validate`).
 * @param value - an `argsType` or any value
 * @returns true for a Standard Schema validator of any library
 */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const standard = (value as Partial<StandardSchemaV1>)['~standard'];
  return typeof standard === 'object' && standard !== null && standard.version === 1 && typeof standard.validate === 'function';
}

/**
 * Whether a Standard Schema validator also gives its JSON Schema (Standard JSON Schema: zod 4.2 and later).
 * @param schema - a Standard Schema validator
 * @returns true when `~standard.jsonSchema.input` is a function
 */
export function hasStandardJsonSchema<TArgs>(schema: StandardSchemaV1<unknown, TArgs>): schema is StandardArgsSchema<TArgs> {
  const converter = (schema['~standard'] as Partial<StandardArgsSchemaProps<TArgs>>).jsonSchema;
  return typeof converter === 'object' && converter !== null && typeof converter.input === 'function';
}
