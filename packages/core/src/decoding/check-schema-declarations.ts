import type { JsonSchema } from '../schema/json-schema.js';
import { schemaListKeywords, schemaMapKeywords, schemaValueKeywords } from './schema-keywords.js';
import { isForbiddenKey } from './forbidden-keys.js';

/**
 * Refuses, when a tool is defined, what would make every call fail or pass unchecked: a property
 * named `__proto__`, `constructor` or `prototype` (declared or required; such keys are refused in
 * every call's arguments) and, when `formats` is given, a `format` the validator cannot check.
 * @param schema - the argument schema, at any depth
 * @param formats - the formats the validator checks (undefined: formats are not checked here)
 * @throws Error saying which property or format, and what to do instead
 */
export function checkSchemaDeclarations(schema: JsonSchema, formats?: readonly string[]): void {
  walk(schema, formats, new Set());
}

function walk(schema: unknown, formats: readonly string[] | undefined, seen: Set<object>): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || seen.has(schema)) return;
  seen.add(schema);
  const node = schema as JsonSchema;
  const names = [...Object.keys(isRecord(node.properties) ? node.properties : {}), ...(Array.isArray(node.required) ? node.required : [])];
  const forbidden = names.find((name) => typeof name === 'string' && isForbiddenKey(name));
  if (forbidden !== undefined) {
    throw new Error(
      `it declares an argument named '${forbidden}'; the keys __proto__, constructor and prototype are refused in every call's ` +
        'arguments (they could reach an object prototype), so the tool could never be called: rename the argument',
    );
  }
  if (formats !== undefined && typeof node.format === 'string' && !formats.includes(node.format)) {
    throw new Error(
      `it uses the format "${node.format}", which toolcraft cannot check (the model would be shown a rule nothing enforces); ` +
        `supported formats: ${formats.join(', ')}. Remove it, or use a pattern instead`,
    );
  }
  for (const keyword of schemaMapKeywords) {
    const map = (node as Record<string, unknown>)[keyword];
    if (isRecord(map)) for (const inner of Object.values(map)) walk(inner, formats, seen);
  }
  for (const keyword of schemaListKeywords) {
    const list = (node as Record<string, unknown>)[keyword];
    if (Array.isArray(list)) for (const inner of list) walk(inner, formats, seen);
  }
  for (const keyword of schemaValueKeywords) walk((node as Record<string, unknown>)[keyword], formats, seen);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
