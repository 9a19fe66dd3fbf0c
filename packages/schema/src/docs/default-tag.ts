import type { JsonSchema } from '@toolcraft/core';
import type { ts } from '../typescript.js';
import { ownTags } from './tsdoc.js';

/** The value of a `@default` tag, or `found: false` when it is no JSON value of the right type. */
export type DefaultTagValue = { found: true; value: unknown } | { found: false };

const DEFAULT_TAGS = new Set(['default', 'defaultValue']);

/**
 * The text of a declaration's own `@default` or `@defaultValue` tag (the last one wins).
 * @param node - a parameter
 * @returns the trimmed text, or undefined when there is no such tag
 */
export function defaultTagText(node: ts.Node): string | undefined {
  const tags = ownTags(node).filter((tag) => DEFAULT_TAGS.has(tag.name) && tag.text !== '');
  return tags[tags.length - 1]?.text;
}

/**
 * Reads a `@default` text as a value: JSON (`20`, `"x"`, `{"a":1}`, `null`), or a single-quoted
 * string (`'hello'`, read as `hello`), accepted only when it fits the schema's `type` (and `enum`).
 * @param text - the tag's text
 * @param schema - the parameter's schema
 * @returns the value, or `found: false` for prose (`no limit`) or a value of another type
 */
export function parseDefaultTag(text: string, schema: JsonSchema): DefaultTagValue {
  const parsed = parse(text);
  return parsed.found && fits(parsed.value, schema) ? parsed : { found: false };
}

function parse(text: string): DefaultTagValue {
  const quoted = /^'((?:[^'\\]|\\.)*)'$/.exec(text);
  if (quoted !== null) return { found: true, value: quoted[1]!.replace(/\\(.)/g, '$1') };
  try {
    return { found: true, value: JSON.parse(text) as unknown };
  } catch {
    return { found: false };
  }
}

function fits(value: unknown, schema: JsonSchema): boolean {
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) return false;
  const types = typesOf(schema);
  return types.length === 0 || types.some((type) => matches(value, type));
}

function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const branches = (schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[];
  const types = branches.map(typesOf);
  return types.some((list) => list.length === 0) ? [] : types.flat();
}

function matches(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}
