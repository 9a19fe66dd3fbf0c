import type { JsonSchema } from '@toolcraft/core';
import { resolveLocalReference } from '@toolcraft/core/internal';
import { indexedPath, keywordPath, namedPath, rootPath } from './schema-path.js';
import { isSchemaObject, schemaRefusal, type RefuseSchema } from './schema-refusal.js';
import { schemaListKeywords, schemaMapKeywords, singleSchemaKeywords } from './subschema-keywords.js';

/** The tool input schema the Messages API takes: a JSON Schema 2020-12 object schema. */
export type AnthropicInputSchema = JsonSchema & { type: 'object' };

/** The property names the Messages API accepts at the top level of an `input_schema`. */
const propertyNamePattern = /^[a-zA-Z0-9_.-]{1,64}$/;

/** The dialect the Messages API validates `input_schema` against. */
const draft202012 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

const converted = new WeakMap<object, AnthropicInputSchema>();

/**
 * Converts a tool's input schema to what the Messages API takes as `input_schema` (the model reads
 * the whole schema; nothing is dropped). The API validates it as JSON Schema 2020-12 and refuses a
 * root that is not an object schema, a root union (`anyOf`/`oneOf`/`allOf`) and top-level property
 * names outside `^[a-zA-Z0-9_.-]{1,64}$`; older-draft forms are rewritten losslessly (tuple `items`
 * to `prefixItems`, boolean `exclusiveMinimum`, `dependencies`), a root `$ref` is inlined. The input
 * is not modified; results are cached per schema object.
 * @param schema - the tool's input schema
 * @param toolName - the tool's name, for errors
 * @returns the schema to send
 * @throws ProviderSchemaError for what the API would refuse, with the path, keyword and what to change
 */
export function toInputSchema(schema: JsonSchema, toolName: string): AnthropicInputSchema {
  const cached = converted.get(schema);
  if (cached !== undefined) return cached;
  const result = normalizeSchema(schema, schemaRefusal(toolName), true);
  converted.set(schema, result);
  return result;
}

/**
 * The conversion of {@link toInputSchema}, uncached and with the top-level property-name rule optional
 * (it is a rule of tool `input_schema`s), for the strict conversion to build on.
 * @param schema - a tool's input schema or a structured output's schema
 * @param refuse - throws the conversion's `ProviderSchemaError`
 * @param checkPropertyNames - whether to apply the `input_schema` rule on top-level property names
 * @returns the schema in JSON Schema 2020-12 forms, with `type: 'object'` at the root
 * @throws ProviderSchemaError as {@link toInputSchema} does
 */
export function normalizeSchema(schema: JsonSchema, refuse: RefuseSchema, checkPropertyNames: boolean): AnthropicInputSchema {
  if (!isSchemaObject(schema)) refuse(rootPath, 'type', 'the schema must be a JSON Schema object with type "object"');
  const walk = new SchemaWalk(schema, refuse);
  const root = walk.node(inlineRootReference(schema, refuse), rootPath) as JsonSchema;
  const result = checkRoot(root, refuse, checkPropertyNames);
  walk.checkReferences(result);
  return result;
}

/** A root `{ $ref, $defs }` (as zod emits for a named type) becomes the referenced schema, its definitions kept. */
function inlineRootReference(schema: JsonSchema, refuse: RefuseSchema): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  const target = resolveLocalReference(schema, schema.$ref);
  if (target === undefined || target === schema || !isSchemaObject(target) || target.$ref !== undefined) {
    return refuse(
      rootPath,
      '$ref',
      `the root $ref '${schema.$ref}' must point to an object schema in this document; put the object at the root`,
    );
  }
  const { $ref: _reference, ...siblings } = schema;
  return { ...target, ...siblings };
}

function checkRoot(root: JsonSchema, refuse: RefuseSchema, checkPropertyNames: boolean): AnthropicInputSchema {
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (root[keyword] !== undefined) {
      refuse(
        rootPath,
        keyword,
        'the Messages API refuses oneOf, allOf and anyOf at the top level of input_schema; declare one object at the root ' +
          '(move the alternatives into a property, or express them with if/then/else)',
      );
    }
  }
  if (root.type !== undefined && root.type !== 'object') {
    refuse(
      rootPath,
      'type',
      `the root must be an object schema (type "object"), got ${JSON.stringify(root.type)}; wrap the value in an object property`,
    );
  }
  const properties = checkPropertyNames && isSchemaObject(root.properties) ? root.properties : {};
  for (const name of Object.keys(properties)) {
    if (!propertyNamePattern.test(name)) {
      refuse(
        namedPath(rootPath, 'properties', name),
        'properties',
        `the Messages API refuses the top-level property name ${JSON.stringify(name)}: names must match ^[a-zA-Z0-9_.-]{1,64}$; rename it`,
      );
    }
  }
  return { ...root, type: 'object' };
}

/** One walk over a schema: rewrites older-draft forms and records every `$ref` to check it resolves afterwards. */
class SchemaWalk {
  private readonly references: Array<{ path: string; reference: string }> = [];

  constructor(
    private readonly source: JsonSchema,
    private readonly refuse: RefuseSchema,
  ) {}

  node(input: unknown, path: string): unknown {
    if (typeof input === 'boolean') return input;
    if (!isSchemaObject(input)) return this.refuse(path, 'type', `${JSON.stringify(input)} is not a schema (an object or a boolean)`);
    const output: Record<string, unknown> = { ...input };
    this.rewriteDrafts(output, path);
    if (typeof output.$ref === 'string') this.reference(output.$ref, path);
    for (const keyword of singleSchemaKeywords) {
      if (output[keyword] !== undefined) output[keyword] = this.node(output[keyword], keywordPath(path, keyword));
    }
    for (const keyword of schemaListKeywords) {
      const list = output[keyword];
      if (list === undefined) continue;
      if (!Array.isArray(list)) return this.refuse(path, keyword, `'${keyword}' must be a list of schemas`);
      output[keyword] = list.map((item, index) => this.node(item, indexedPath(path, keyword, index)));
    }
    for (const keyword of schemaMapKeywords) {
      const map = output[keyword];
      if (map === undefined) continue;
      if (!isSchemaObject(map)) return this.refuse(path, keyword, `'${keyword}' must map names to schemas`);
      output[keyword] = Object.fromEntries(
        Object.entries(map).map(([name, child]) => [name, this.node(child, namedPath(path, keyword, name))]),
      );
    }
    return output;
  }

  /** Every `$ref` must resolve in the schema as sent: the model cannot follow one to another document. */
  checkReferences(result: JsonSchema): void {
    for (const { path, reference } of this.references) {
      if (resolveLocalReference(result, reference) === undefined) {
        this.refuse(
          path,
          '$ref',
          `the $ref '${reference}' does not point into this schema; inline the referenced schema or move it into $defs`,
        );
      }
    }
  }

  private reference(reference: string, path: string): void {
    if (!reference.startsWith('#') || resolveLocalReference(this.source, reference) === undefined) {
      this.refuse(
        path,
        '$ref',
        `the $ref '${reference}' is not a local reference into this schema; inline the referenced schema or move it into $defs`,
      );
    }
    this.references.push({ path, reference });
  }

  /** Draft-04/07 forms that are invalid JSON Schema 2020-12, rewritten to their 2020-12 equivalents. */
  private rewriteDrafts(output: Record<string, unknown>, path: string): void {
    if (typeof output.$schema === 'string' && !draft202012.test(output.$schema)) delete output.$schema;
    if (Array.isArray(output.items)) {
      output.prefixItems = output.items;
      if (output.additionalItems === undefined) delete output.items;
      else output.items = output.additionalItems;
      delete output.additionalItems;
    }
    for (const [exclusive, inclusive] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof output[exclusive] !== 'boolean') continue;
      if (output[exclusive] === true) {
        if (typeof output[inclusive] !== 'number') {
          this.refuse(path, exclusive, `'${exclusive}: true' needs a numeric '${inclusive}'; write '${exclusive}: <number>'`);
        }
        output[exclusive] = output[inclusive];
        delete output[inclusive];
      } else delete output[exclusive];
    }
    if (isSchemaObject(output.dependencies)) {
      const required: Record<string, unknown> = {};
      const schemas: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(output.dependencies)) (Array.isArray(value) ? required : schemas)[name] = value;
      delete output.dependencies;
      if (Object.keys(required).length > 0) output.dependentRequired = { ...(output.dependentRequired as object), ...required };
      if (Object.keys(schemas).length > 0) output.dependentSchemas = { ...(output.dependentSchemas as object), ...schemas };
    }
  }
}
