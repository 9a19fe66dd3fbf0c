import type { JsonSchema } from '../schema/json-schema.js';
import { schemaListKeywords, schemaMapKeywords, schemaValueKeywords } from './schema-keywords.js';
import { isForbiddenKey } from './forbidden-keys.js';
import { linearMatcher } from './pattern-engine.js';

/** What {@link checkSchemaDeclarations} checks besides the forbidden keys. */
interface DeclarationChecks {
  /** The formats the validator checks (undefined: formats are not checked here). */
  formats?: readonly string[];
  /** Whether every `pattern` and `patternProperties` key must be matched in linear time (an imported schema). */
  linearPatterns?: boolean;
}

/**
 * Refuses, when a tool is defined, what would make every call fail or pass unchecked: a property
 * named `__proto__`, `constructor` or `prototype` (declared or required; such keys are refused in
 * every call's arguments); when `formats` is given, a `format` the validator cannot check; and with
 * `linearPatterns`, a pattern that cannot be matched in linear time (every one, even those ajv would
 * never run, since the argument cleaner matches `patternProperties` keys too).
 * @param schema - the argument schema, at any depth
 * @param checks - the formats the validator checks, and whether patterns must run in linear time
 * @throws Error saying which property, format or pattern, and what to do instead
 */
export function checkSchemaDeclarations(schema: JsonSchema, checks: DeclarationChecks = {}): void {
  walk(schema, checks, new Set());
}

function walk(schema: unknown, checks: DeclarationChecks, seen: Set<object>): void {
  if (Array.isArray(schema)) {
    // `items` as a list of schemas (a draft-07 tuple).
    for (const inner of schema) walk(inner, checks, seen);
    return;
  }
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
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
  const { formats } = checks;
  if (formats !== undefined && typeof node.format === 'string' && !formats.includes(node.format)) {
    throw new Error(
      `it uses the format "${node.format}", which toolcraft cannot check (the model would be shown a rule nothing enforces); ` +
        `supported formats: ${formats.join(', ')}. Remove it, or use a pattern instead`,
    );
  }
  if (checks.linearPatterns === true) {
    if (typeof node.pattern === 'string') linearMatcher(node.pattern);
    if (isRecord(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) linearMatcher(key);
  }
  for (const keyword of schemaMapKeywords) {
    const map = (node as Record<string, unknown>)[keyword];
    if (isRecord(map)) for (const inner of Object.values(map)) walk(inner, checks, seen);
  }
  for (const keyword of schemaListKeywords) {
    const list = (node as Record<string, unknown>)[keyword];
    if (Array.isArray(list)) for (const inner of list) walk(inner, checks, seen);
  }
  for (const keyword of schemaValueKeywords) walk((node as Record<string, unknown>)[keyword], checks, seen);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
