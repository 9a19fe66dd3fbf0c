import type { ErrorObject } from 'ajv';
import type { JsonSchema, JsonSchemaDefinition } from '../schema/json-schema.js';
import { cutText } from './cut-text.js';
import { childPath, pathFromPointer } from './violation-path.js';
import { addViolation, describeValue, quoteValue, type ViolationSink } from './violation-sink.js';

const typeWords: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/**
 * What a schema expects, in words for messages: `an integer`, `one of "a", "b"`, `a date-time string`.
 * @param schema - a property's schema (may be undefined)
 * @param maxQuoted - the longest quoted value kept
 * @returns the words
 */
export function expectedWords(schema: JsonSchemaDefinition | undefined, maxQuoted = 80): string {
  if (schema === undefined || typeof schema !== 'object' || schema === null) return 'a value';
  if (maxQuoted !== 80) return describeExpected(schema, maxQuoted);
  let words = wordsBySchema.get(schema);
  if (words === undefined) {
    words = describeExpected(schema, maxQuoted);
    wordsBySchema.set(schema, words);
  }
  return words;
}

const wordsBySchema = new WeakMap<object, string>();

function describeExpected(schema: JsonSchema, maxQuoted: number): string {
  if (schema.enum !== undefined)
    return `one of ${listValues(
      schema.enum.filter((value) => value !== null),
      maxQuoted,
    )}`;
  if ('const' in schema) return `exactly ${quoteValue(schema.const, maxQuoted)}`;
  if (schema.format === 'date-time') return 'a date-time string (RFC 3339, e.g. "2024-05-01T12:00:00Z")';
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const shown = types.filter((type) => type !== 'null');
  if (shown.length > 0) return shown.map((type) => typeWords[type] ?? type).join(' or ');
  const branches = (schema.anyOf ?? schema.oneOf)?.filter((branch) => typeof branch !== 'object' || branch.type !== 'null');
  return branches?.length === 1 ? expectedWords(branches[0], maxQuoted) : 'a value';
}

/**
 * Records ajv's errors as violations, in the one wording every argument source shares. Errors of a
 * `null` branch (null is how optional arguments are sent) and an `anyOf` that fails with more precise
 * errors are left out. At most `maxViolations` are listed; the rest are counted in a last entry.
 * @param errors - ajv's errors (verbose, so each carries its data and parent schema)
 * @param sink - where violations go
 * @param maxViolations - the most violations listed
 * @param maxQuoted - the longest quoted value kept
 */
export function addAjvViolations(errors: readonly ErrorObject[], sink: ViolationSink, maxViolations: number, maxQuoted: number): void {
  let omitted = 0;
  for (let index = 0; index < errors.length; index++) {
    const error = errors[index]!;
    if (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null') continue;
    if ((error.keyword === 'anyOf' || error.keyword === 'oneOf') && hasPreciseError(errors, index)) continue;
    if (error.keyword === 'if') continue;
    if (sink.length >= maxViolations) {
      omitted++;
      continue;
    }
    const path = pathOf(error);
    addViolation(sink, path, error.keyword, explain(error, maxQuoted));
  }
  addOmitted(sink, omitted);
}

/**
 * Adds the last entry that counts the violations left out, if any.
 * @param sink - the violations
 * @param omitted - how many were left out
 */
export function addOmitted(sink: ViolationSink, omitted: number): void {
  if (omitted > 0) sink.push({ path: '', constraint: 'moreViolations', message: `and ${omitted} more` });
}

/**
 * Whether a failed `anyOf`/`oneOf` has a more precise error than "matches no shape": ajv lists the
 * errors of its branches right before it (a passing `anyOf` discards them), so only that run of
 * errors under its schema path is read, backwards: linear in the errors overall (times the nesting of
 * `anyOf`s), never a scan of every earlier error per `anyOf` (quadratic for an array of them).
 */
function hasPreciseError(errors: readonly ErrorObject[], index: number): boolean {
  const error = errors[index]!;
  const prefix = `${error.schemaPath}/`;
  for (let at = index - 1; at >= 0; at--) {
    const other = errors[at]!;
    if (!other.schemaPath.startsWith(prefix) || !other.instancePath.startsWith(error.instancePath)) return false;
    if (!(other.keyword === 'type' && (other.params as { type?: unknown }).type === 'null')) return true;
  }
  return false;
}

function pathOf(error: ErrorObject): string {
  const path = pathFromPointer(error.instancePath);
  if (error.keyword === 'required') return childPath(path, (error.params as { missingProperty: string }).missingProperty);
  if (error.keyword === 'additionalProperties') return childPath(path, (error.params as { additionalProperty: string }).additionalProperty);
  if (error.keyword === 'unevaluatedProperties')
    return childPath(path, (error.params as { unevaluatedProperty: string }).unevaluatedProperty);
  return path;
}

function explain(error: ErrorObject, maxQuoted: number): string {
  const params = error.params as Record<string, unknown>;
  const got = describeValue(error.data, maxQuoted);
  const parent = error.parentSchema as JsonSchema | undefined;
  switch (error.keyword) {
    case 'required': {
      const property = parent?.properties?.[params.missingProperty as string];
      return `is required but missing (expected ${expectedWords(property, maxQuoted)})`;
    }
    case 'type':
      return `expected ${expectedWords(parent, maxQuoted)}, got ${got}`;
    case 'enum':
      return `expected one of ${listValues(
        (params.allowedValues as unknown[]).filter((value) => value !== null),
        maxQuoted,
      )}, got ${got}`;
    case 'const':
      return `must be exactly ${quoteValue(params.allowedValue, maxQuoted)}, got ${got}`;
    case 'minimum':
      return `must be at least ${String(params.limit)}, got ${got}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}, got ${got}`;
    case 'exclusiveMinimum':
      return `must be greater than ${String(params.limit)}, got ${got}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(params.limit)}, got ${got}`;
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}, got ${got}`;
    case 'minLength':
      return `must be at least ${String(params.limit)} characters long, got ${got}`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long, got ${got}`;
    case 'pattern':
      return `must be a string matching /${cutText(String(params.pattern), maxQuoted)}/, got ${got}`;
    case 'format':
      return params.format === 'date-time'
        ? `expected ${expectedWords(parent, maxQuoted)}, got ${got}`
        : `must be a valid ${String(params.format)}, got ${got}`;
    case 'minItems':
      return `must have at least ${String(params.limit)} items, got ${countOf(error.data)}`;
    case 'maxItems':
      return `must have at most ${String(params.limit)} items, got ${countOf(error.data)}`;
    case 'uniqueItems':
      return `items must be unique (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'minProperties':
      return `must have at least ${String(params.limit)} properties`;
    case 'maxProperties':
      return `must have at most ${String(params.limit)} properties`;
    case 'additionalProperties':
      return `is not an allowed property (${allowedKeys(parent, maxQuoted, false)})`;
    case 'unevaluatedProperties':
      return `is not an allowed property (${allowedKeys(parent, maxQuoted, true)})`;
    case 'anyOf':
    case 'oneOf':
      return `does not match the allowed shapes, got ${got}`;
    default:
      return `${cutText(error.message ?? 'is invalid', maxQuoted)}, got ${got}`;
  }
}

/**
 * The keys a closed object allows, in words: those its `properties` declare and its
 * `patternProperties` match (`additionalProperties` sees no further); for `unevaluatedProperties`,
 * also those of the subschemas applied to the same object (`allOf`, `anyOf`, `oneOf`,
 * `if`/`then`/`else`, `dependentSchemas`; `$ref`s are not followed).
 */
function allowedKeys(schema: JsonSchema | undefined, maxQuoted: number, inPlace: boolean): string {
  const names = new Set<string>();
  const patterns = new Set<string>();
  const visit = (node: unknown, depth: number): void => {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || depth > (inPlace ? 8 : 0)) return;
    const each = node as JsonSchema;
    if (typeof each.properties === 'object' && each.properties !== null) for (const name of Object.keys(each.properties)) names.add(name);
    if (typeof each.patternProperties === 'object' && each.patternProperties !== null) {
      for (const pattern of Object.keys(each.patternProperties)) patterns.add(pattern);
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const list = each[keyword];
      if (Array.isArray(list)) for (const inner of list) visit(inner, depth + 1);
    }
    for (const keyword of ['if', 'then', 'else']) visit(each[keyword], depth + 1);
    if (typeof each.dependentSchemas === 'object' && each.dependentSchemas !== null) {
      for (const inner of Object.values(each.dependentSchemas)) visit(inner, depth + 1);
    }
  };
  visit(schema, 0);
  const parts = [...names].slice(0, 30).map((name) => `'${cutText(name, maxQuoted)}'`);
  if (names.size > 30) parts.push(`… (${names.size} keys)`);
  for (const pattern of patterns) parts.push(`keys matching /${cutText(pattern, maxQuoted)}/`);
  return parts.length === 0 ? 'this object allows no properties' : `allowed: ${parts.join(', ')}`;
}

function listValues(values: readonly unknown[], maxQuoted: number): string {
  const shown = values.slice(0, 20).map((value) => quoteValue(value, maxQuoted));
  return values.length > 20 ? `${shown.join(', ')}, … (${values.length} values)` : shown.join(', ');
}

function countOf(data: unknown): string {
  return Array.isArray(data) ? String(data.length) : describeValue(data);
}
