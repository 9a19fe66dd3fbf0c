import type { JsonSchema, JsonSchemaDefinition } from '@toolcraft/core';

/**
 * Arguments of a prompt or a resource template, which MCP sends as strings, read for their schema:
 * a string given for a number, integer or boolean parameter becomes that value when it reads as one
 * (`'3'` → 3, `'true'` → true); anything else is left as it is, for the validator to report.
 * @param args - the arguments as sent (an object, or undefined for none)
 * @param schema - the method's argument schema
 * @returns a new object of the arguments
 */
export function readStringArguments(args: Readonly<Record<string, unknown>> | undefined, schema: JsonSchema): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args ?? {})) {
    read[name] = typeof value === 'string' ? fromText(value, schema.properties?.[name]) : value;
  }
  return read;
}

function fromText(text: string, schema: JsonSchemaDefinition | undefined): unknown {
  const type = typeof schema === 'object' ? schema.type : undefined;
  if ((type === 'number' || type === 'integer') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text.trim())) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
