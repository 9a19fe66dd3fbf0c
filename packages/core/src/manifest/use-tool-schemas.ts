import type { JsonSchema } from '../schema/json-schema.js';
import { assertToolSchemaManifest } from './assert-tool-schema-manifest.js';
import { typeFromSchema } from './type-from-schema.js';
import type { ToolSchemaManifest } from './tool-schema-manifest.js';

/** The property schemas of the class entries registered so far, by tool class name. */
const classEntries = new Map<string, Record<string, JsonSchema>>();

/**
 * Registers the class entries of a build-time schema manifest, so `Tool` subclasses whose Args class
 * has no runtime types (tsx, esbuild and Vite drop `design:type`) take each property's type from the
 * manifest. Call it once at startup, before any tool is constructed (like `import 'reflect-metadata'`);
 * several manifests combine. An entry is matched by the tool class name only: when two tool classes
 * share a name, the one registered last wins. Decorators still add their constraints.
 * @param manifest - the manifest written by `npx toolcraft-schema`, as imported or parsed from JSON
 * @throws InvalidToolDefinitionError when it is not a manifest this version reads
 * @example
 * ```ts
 * import 'reflect-metadata';
 * import { useToolSchemas } from '@toolcraft/core';
 * import manifest from './tool-schemas.json' with { type: 'json' };
 *
 * useToolSchemas(manifest);
 * const tool = new WeatherTool(); // its Args class needs no type decorators under tsx
 * ```
 */
export function useToolSchemas(manifest: ToolSchemaManifest): void {
  assertToolSchemaManifest(manifest);
  for (const entry of Object.values(manifest.tools)) {
    if (entry.kind !== 'class') continue;
    const properties = entry.inputSchema.properties;
    if (properties) classEntries.set(entry.className, properties as Record<string, JsonSchema>);
  }
}

/**
 * @internal
 * @param toolClassName - the name of the tool class being constructed
 * @returns the type of each property of its Args type (as `@LLMDescription({ type })` takes it) from a
 *   registered manifest, or undefined when no manifest has an entry for it
 */
export function manifestPropertyTypes(toolClassName: string): Record<string, unknown> | undefined {
  const properties = classEntries.get(toolClassName);
  if (properties === undefined) return undefined;
  const types: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    const type = typeFromSchema(schema);
    if (type !== undefined) types[name] = type;
  }
  return types;
}

/**
 * @internal Forgets every registered manifest (for tests).
 */
export function clearToolSchemas(): void {
  classEntries.clear();
}
