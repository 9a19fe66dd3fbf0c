import type { JsonSchema } from '@toolcraft/core';
import { normalizeSchema, type AnthropicInputSchema } from './input-schema.js';
import { recursiveReferences } from './reference-cycles.js';
import { indexedPath, keywordPath, namedPath, rootPath } from './schema-path.js';
import { isSchemaObject, schemaRefusal, type RefuseSchema } from './schema-refusal.js';
import { strictDescribedKeywords, strictDroppedKeywords, strictFormats, strictKeptKeywords } from './strict-keywords.js';

const convertedTools = new WeakMap<object, AnthropicInputSchema>();
const convertedOutputs = new WeakMap<object, AnthropicInputSchema>();

/** What one strict conversion shares: how to refuse, and which references are recursive. */
interface StrictContext {
  refuse: RefuseSchema;
  recursive: ReadonlySet<string>;
}

/**
 * Converts a schema for constrained decoding: a strict tool's `input_schema` (`strict: true`) or the
 * `output_config.format` of JSON outputs. First the rules of {@link toInputSchema} (for a tool), then
 * the subset constrained decoding takes: every object closed (`additionalProperties: false`),
 * `oneOf` as `anyOf`, primitive `enum`/`const` (without the `type` beside them, as the SDK sends
 * them), the supported `format`s, `minItems` 0 or 1; constraints it cannot enforce (`minimum`,
 * `maxLength`, `pattern`, `default`, ...) are written into the description as the SDK does, and stay
 * enforced by toolcraft's validation. The input is not modified; results are cached per schema object.
 * @param schema - the tool's input schema, or the structured output's schema
 * @param name - the tool's name, or the structured output's name, for errors
 * @param use - `'tool'` for a strict tool, `'output'` for `output_config.format`
 * @returns the schema to send
 * @throws ProviderSchemaError for what constrained decoding refuses (a free-form object, a recursive
 *   `$ref`, `not`, `if`, `patternProperties`, a tuple, an object `enum`, a schema without a type, ...)
 */
export function toStrictSchema(schema: JsonSchema, name: string, use: 'tool' | 'output'): AnthropicInputSchema {
  const cache = use === 'tool' ? convertedTools : convertedOutputs;
  const cached = cache.get(schema);
  if (cached !== undefined) return cached;
  const refuse = schemaRefusal(name, use === 'output' ? 'output' : 'tool');
  const normalized = normalizeSchema(schema, refuse, use === 'tool');
  const context: StrictContext = { refuse, recursive: recursiveReferences(normalized) };
  const result = { ...strictNode(normalized, rootPath, context), type: 'object' } as AnthropicInputSchema;
  cache.set(schema, result);
  return result;
}

function strictNode(node: unknown, path: string, context: StrictContext): JsonSchema {
  const { refuse } = context;
  if (!isSchemaObject(node))
    return refuse(path, 'type', `the boolean schema ${JSON.stringify(node)} cannot be constrained; declare a typed schema`);
  const input = referenceAlone(node);
  const output: JsonSchema = {};
  const notes: string[] = [];
  for (const [keyword, value] of Object.entries(input)) {
    if (value === undefined || strictDroppedKeywords.has(keyword)) continue;
    if (strictKeptKeywords.has(keyword)) output[keyword] = value;
    else if (strictDescribedKeywords.has(keyword)) notes.push(`${keyword}: ${JSON.stringify(value)}`);
    else if (!structuralKeywords.has(keyword)) {
      refuse(
        path,
        keyword,
        `strict tool use and JSON outputs (constrained decoding) do not support '${keyword}'; express it in the description or remove it`,
      );
    }
  }
  if (typeof output.$ref === 'string' && context.recursive.has(output.$ref)) {
    refuse(
      path,
      '$ref',
      `the $ref '${output.$ref}' is recursive, which constrained decoding does not support; bound the depth with separate definitions`,
    );
  }
  literals(input, output, path, refuse);
  unions(input, output, path, context);
  formatOf(input, output, notes);
  if (isObject(input)) closeObject(input, output, path, context);
  if (input.items !== undefined) output.items = strictNode(input.items, keywordPath(path, 'items'), context);
  if (input.minItems !== undefined) {
    if (input.minItems === 0 || input.minItems === 1) output.minItems = input.minItems;
    else notes.push(`minItems: ${JSON.stringify(input.minItems)}`);
  }
  definitions(input, output, path, context);
  const typed = ['type', 'enum', 'const', 'anyOf', 'allOf', '$ref'].some((keyword) => output[keyword] !== undefined);
  if (!typed) refuse(path, 'type', 'a schema without a type (any value) cannot be constrained; declare its type');
  return withNotes(output, notes);
}

/**
 * Constrained decoding takes a `$ref` alone (the SDK drops what is beside one): a `$ref` with a
 * description or other keywords beside it moves into `allOf`, so nothing beside it is lost.
 */
function referenceAlone(schema: JsonSchema): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  const { $ref, ...siblings } = schema;
  if (Object.keys(siblings).every((keyword) => strictDroppedKeywords.has(keyword))) return { $ref };
  return { ...siblings, allOf: [...(siblings.allOf ?? []), { $ref }] };
}

/** Keywords {@link strictNode} rebuilds itself. */
const structuralKeywords: ReadonlySet<string> = new Set([
  'properties',
  'additionalProperties',
  'items',
  'minItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  '$defs',
  'definitions',
  'format',
]);

/** `enum` and `const` of primitive values; the `type` beside them goes when every value has it (as the SDK sends them). */
function literals(input: JsonSchema, output: JsonSchema, path: string, refuse: RefuseSchema): void {
  const values: unknown[] = [];
  if (input.enum !== undefined) {
    if (!Array.isArray(input.enum) || input.enum.length === 0) refuse(path, 'enum', "'enum' must be a non-empty list of values");
    values.push(...input.enum);
    output.enum = input.enum;
  }
  if ('const' in input && input.const !== undefined) {
    values.push(input.const);
    output.const = input.const;
  }
  if (values.length === 0) return;
  const keyword = input.enum !== undefined ? 'enum' : 'const';
  if (!values.every((value) => value === null || typeof value !== 'object')) {
    refuse(
      path,
      keyword,
      `constrained decoding takes only strings, numbers, booleans and null in '${keyword}'; use a typed schema for objects and arrays`,
    );
  }
  if (input.type === undefined) return;
  const types = Array.isArray(input.type) ? input.type : [input.type];
  if (!values.every((value) => types.some((type) => hasType(value, type)))) {
    refuse(
      path,
      keyword,
      `a value of '${keyword}' does not have the declared type ${JSON.stringify(input.type)}; fix the values or the type`,
    );
  }
  delete output.type;
}

function unions(input: JsonSchema, output: JsonSchema, path: string, context: StrictContext): void {
  if (input.anyOf !== undefined && input.oneOf !== undefined) {
    context.refuse(path, 'oneOf', "a schema with both 'anyOf' and 'oneOf' cannot be constrained; keep one of them");
  }
  const union = input.anyOf ?? input.oneOf;
  const keyword = input.anyOf !== undefined ? 'anyOf' : 'oneOf';
  if (union !== undefined) output.anyOf = union.map((branch, index) => strictNode(branch, indexedPath(path, keyword, index), context));
  if (input.allOf !== undefined)
    output.allOf = input.allOf.map((branch, index) => strictNode(branch, indexedPath(path, 'allOf', index), context));
}

function definitions(input: JsonSchema, output: JsonSchema, path: string, context: StrictContext): void {
  for (const keyword of ['$defs', 'definitions'] as const) {
    const map = input[keyword] as Record<string, unknown> | undefined;
    if (map === undefined) continue;
    output[keyword] = Object.fromEntries(
      Object.entries(map).map(([name, child]) => [name, strictNode(child, namedPath(path, keyword, name), context)]),
    );
  }
}

function formatOf(input: JsonSchema, output: JsonSchema, notes: string[]): void {
  if (input.format === undefined) return;
  if (strictFormats.has(input.format)) output.format = input.format;
  else notes.push(`format: ${JSON.stringify(input.format)}`);
}

/** An object: its properties converted, every `required` name declared, closed with `additionalProperties: false`. */
function closeObject(input: JsonSchema, output: JsonSchema, path: string, context: StrictContext): void {
  const { refuse } = context;
  if (input.additionalProperties !== undefined && input.additionalProperties !== false) {
    refuse(
      path,
      'additionalProperties',
      'constrained decoding closes every object: a free-form object or a map (additionalProperties not false) cannot be sent; declare every key in properties',
    );
  }
  const properties = (input.properties ?? {}) as Record<string, unknown>;
  output.properties = Object.fromEntries(
    Object.entries(properties).map(([name, child]) => [name, strictNode(child, namedPath(path, 'properties', name), context)]),
  );
  for (const name of input.required ?? []) {
    if (!Object.hasOwn(properties, name)) refuse(path, 'required', `the required property '${name}' is not declared in properties`);
  }
  output.additionalProperties = false;
  if (output.type === undefined && output.enum === undefined && output.const === undefined) output.type = 'object';
}

function isObject(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  return (
    types.includes('object') ||
    (schema.type === undefined && (schema.properties !== undefined || schema.additionalProperties !== undefined))
  );
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    default:
      return typeof value === type;
  }
}

function withNotes(schema: JsonSchema, notes: string[]): JsonSchema {
  if (notes.length === 0) return schema;
  const text = `{${notes.join(', ')}}`;
  return {
    ...schema,
    description: schema.description === undefined || schema.description === '' ? text : `${schema.description}\n\n${text}`,
  };
}
