import type { JsonSchema, ToolSchemaManifestParameter } from '@toolcraft/core';

/**
 * Builds the schema of the argument object the model sends from a method's parameters:
 * one property per parameter the framework does not inject, in order; the required ones
 * listed; `$defs` of recursive types hoisted to the top so their `$ref`s resolve.
 * @param parameters - the manifest parameters
 * @returns the input schema (`type: 'object'`)
 */
export function buildInputSchema(parameters: readonly ToolSchemaManifestParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  let definitions: Record<string, JsonSchema> | undefined;
  for (const parameter of parameters) {
    if (parameter.injected !== undefined || parameter.schema === undefined) continue;
    const { $defs, ...schema } = parameter.schema;
    if ($defs !== undefined) definitions = { ...definitions, ...$defs };
    properties[parameter.name] = schema;
  }
  const required = parameters.filter((p) => p.injected === undefined && p.required).map((p) => p.name);
  return { type: 'object', properties, required, ...(definitions === undefined ? {} : { $defs: definitions }) };
}
