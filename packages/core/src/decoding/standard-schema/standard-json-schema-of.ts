import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { checkSchemaDeclarations } from '../check-schema-declarations.js';
import type { StandardArgsSchema } from './standard-args-schema.js';

/**
 * The JSON Schema the model is shown for a validator: its input side (what the model sends) through
 * the Standard JSON Schema interface, as draft 2020-12 (draft-07 when the library has no 2020-12).
 * For zod this is `z.toJSONSchema(schema, { io: 'input' })`, with no import of zod.
 * @param schema - a validator that gives its JSON Schema
 * @param subject - the tool, for messages
 * @returns the JSON Schema, `type: "object"`
 * @throws InvalidToolDefinitionError when the library cannot convert it, it is not an object schema, or it declares an argument named `__proto__`, `constructor` or `prototype`
 */
export function standardJsonSchemaOf<TArgs>(schema: StandardArgsSchema<TArgs>, subject: string): JsonSchema {
  const standard = schema['~standard'];
  let converted: unknown;
  try {
    converted = standard.jsonSchema.input({ target: 'draft-2020-12' });
  } catch (error) {
    try {
      converted = standard.jsonSchema.input({ target: 'draft-07' });
    } catch {
      const hint =
        standard.vendor === 'zod'
          ? ' Use types JSON can carry: for a date, z.iso.datetime() (add .transform((text) => new Date(text)) for a Date).'
          : ' Pair the validator with a JSON Schema yourself: withJsonSchema(validator, jsonSchema).';
      throw new InvalidToolDefinitionError(
        subject,
        `its ${standard.vendor} schema cannot be shown to the model as JSON Schema: ${(error as Error)?.message ?? String(error)}.${hint}`,
        error,
      );
    }
  }
  if (typeof converted !== 'object' || converted === null || (converted as JsonSchema).type !== 'object') {
    throw new InvalidToolDefinitionError(
      subject,
      `its ${standard.vendor} schema must describe an object (e.g. z.object({ ... })): the model always sends named arguments.`,
    );
  }
  try {
    checkSchemaDeclarations(converted as JsonSchema);
  } catch (error) {
    throw new InvalidToolDefinitionError(subject, `its ${standard.vendor} schema cannot back a tool: ${(error as Error).message}.`, error);
  }
  return converted as JsonSchema;
}
