import type { JsonSchema, ToolSchemaManifestParameter } from '@toolcraft/core';
import { hoistDefinitions } from '../schema/hoist-definitions.js';

/**
 * Builds the schema of the argument object the model sends from a method's parameters:
 * one property per parameter the framework does not inject, in order; the required ones
 * listed; the `$defs` of recursive types hoisted to the top so their `$ref`s resolve (two
 * different types with one name become `Node` and `Node_2`).
 * @param parameters - the manifest parameters
 * @returns the input schema (`type: 'object'`)
 */
export function buildInputSchema(parameters: readonly ToolSchemaManifestParameter[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const parameter of parameters) {
    if (parameter.injected !== undefined || parameter.schema === undefined) continue;
    properties[parameter.name] = parameter.schema as JsonSchema; // built by this generator from a JsonSchema
  }
  const required = parameters.filter((p) => p.injected === undefined && p.required).map((p) => p.name);
  return hoistDefinitions({ type: 'object', properties, required });
}
