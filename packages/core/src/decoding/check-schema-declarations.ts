import type { JsonSchema } from '../schema/json-schema.js';
import { schemaListKeywords, schemaMapKeywords, schemaValueKeywords } from './schema-keywords.js';
import { isForbiddenKey } from './forbidden-keys.js';
import { linearMatcher } from './pattern-engine.js';
import { findRefCycle } from './ref-cycle.js';

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
 * every call's arguments), or a `default` holding such a key at any depth (filled in, it could set
 * the prototype of what the tool receives); when `formats` is given, a `format` the validator cannot check; and with
 * `linearPatterns`, a pattern that cannot be matched in linear time (every one, even those ajv would
 * never run, since the argument cleaner matches `patternProperties` keys too); and `$ref`s that only
 * refer to each other in a loop (no schema to check against, see `findRefCycle`).
 * @param schema - the argument schema, at any depth
 * @param checks - the formats the validator checks, and whether patterns must run in linear time
 * @throws Error saying which property, format or pattern, and what to do instead
 */
export function checkSchemaDeclarations(schema: JsonSchema, checks: DeclarationChecks = {}): void {
  walk(schema, checks, new Set(), '');
  const cycle = findRefCycle(schema);
  if (cycle !== undefined)
    throw new Error(
      `its $ref at ${cycle.at || '/'} leads only to other $refs, in a loop (${cycle.chain.join(' → ')}), so there is no schema ` +
        'to check a value against: point one of them at a schema',
    );
}

function walk(schema: unknown, checks: DeclarationChecks, seen: Set<object>, pointer: string): void {
  if (Array.isArray(schema)) {
    // `items` as a list of schemas (a draft-07 tuple).
    schema.forEach((inner, index) => walk(inner, checks, seen, `${pointer}/${index}`));
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
  if (Object.hasOwn(node, 'default')) {
    const key = forbiddenKeyIn(node.default, '');
    if (key !== undefined)
      throw new Error(
        `its default at ${pointer}/default holds the key '${key.name}'${key.at === key.name ? '' : ` (at ${key.at})`}; the keys __proto__, ` +
          "constructor and prototype are refused in every call's arguments (they could reach an object prototype), and a " +
          'default is held to the same rule: remove the key from the default',
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
    if (isRecord(map)) for (const [name, inner] of Object.entries(map)) walk(inner, checks, seen, `${pointer}/${keyword}/${escape(name)}`);
  }
  for (const keyword of schemaListKeywords) {
    const list = (node as Record<string, unknown>)[keyword];
    if (Array.isArray(list)) list.forEach((inner, index) => walk(inner, checks, seen, `${pointer}/${keyword}/${index}`));
  }
  for (const keyword of schemaValueKeywords) walk((node as Record<string, unknown>)[keyword], checks, seen, `${pointer}/${keyword}`);
}

/** The first forbidden key inside a value (a default), with its path from the value; undefined when none. */
function forbiddenKeyIn(value: unknown, at: string): { name: string; at: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [name, inner] of entries) {
    const path = Array.isArray(value) ? `${at}[${name}]` : at === '' ? name : `${at}.${name}`;
    if (!Array.isArray(value) && isForbiddenKey(name)) return { name, at: path };
    const found = forbiddenKeyIn(inner, path);
    if (found !== undefined) return found;
  }
  return undefined;
}

function escape(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
