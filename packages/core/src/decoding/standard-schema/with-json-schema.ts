import type { StandardSchemaV1 } from '@standard-schema/spec';
import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { isStandardSchema, type StandardArgsSchema } from './standard-args-schema.js';

/**
 * Pairs a Standard Schema validator (valibot, arktype, zod...) with the JSON Schema the model is
 * shown, as an `argsType`. The validator checks the arguments and its output is what `execute`
 * receives; the JSON Schema should describe the same arguments (toolcraft cannot compare them).
 * A validator that gives its own JSON Schema (zod 4.2 and later) needs no pairing.
 * @param validator - a Standard Schema validator of an object
 * @param jsonSchema - its JSON Schema (draft-07 or 2020-12, `type: "object"`): any JSON-Schema-shaped object, so the
 * output of valibot's `toJsonSchema` (`JSONSchema7`, whose subschemas may be booleans) or zod's `z.toJSONSchema` needs no cast
 * @returns the validator, giving `jsonSchema` through the Standard JSON Schema interface
 * @throws InvalidToolDefinitionError when `validator` is not a Standard Schema validator or `jsonSchema` not an object schema
 * @example
 * import * as v from 'valibot';
 * import { toJsonSchema } from '@valibot/to-json-schema';
 *
 * const Args = v.object({ city: v.string() });
 * class WeatherTool extends Tool<v.InferOutput<typeof Args>, string> {
 *   constructor() {
 *     super({ name: 'weather', description: 'The weather in a city.',
 *             argsType: withJsonSchema(Args, toJsonSchema(Args)) });
 *   }
 * }
 */
export function withJsonSchema<TValidator extends StandardSchemaV1>(
  validator: TValidator,
  jsonSchema: object,
): StandardArgsSchema<StandardSchemaV1.InferOutput<TValidator>> {
  if (!isStandardSchema(validator)) {
    throw new InvalidToolDefinitionError(
      'withJsonSchema()',
      `its first argument must be a Standard Schema validator (an object with "~standard": { version: 1, validate }), got ${describe(validator)}.`,
    );
  }
  if (typeof jsonSchema !== 'object' || jsonSchema === null || (jsonSchema as JsonSchema).type !== 'object') {
    throw new InvalidToolDefinitionError(
      'withJsonSchema()',
      'its second argument must be the JSON Schema of the arguments, with type "object" (the model always sends named arguments).',
    );
  }
  const standard = validator['~standard'];
  const give = (): Record<string, unknown> => jsonSchema as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value, options) => standard.validate(value, options),
      jsonSchema: { input: give, output: give },
    },
  } as StandardArgsSchema<StandardSchemaV1.InferOutput<TValidator>>;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'function') return `a function${value.name ? ` (${value.name})` : ''}`;
  return typeof value === 'object' ? 'an object without "~standard"' : typeof value;
}
