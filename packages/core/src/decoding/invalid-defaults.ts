import Ajv, { type Options } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaOrigin } from '../schema/schema-origin.js';
import { draftOf, type SchemaDocuments } from './ajv-instance.js';
import { linearPatternEngine, ownPatternEngine } from './pattern-engine.js';
import { schemaListKeywords, schemaMapKeywords, schemaValueKeywords } from './schema-keywords.js';

/** A `default` its own schema refuses: where it is (a JSON Pointer into the schema) and why. */
export interface InvalidDefault {
  /** The JSON Pointer of the `default` keyword, e.g. `/properties/color/default`. */
  path: string;
  /** ajv's words for what is wrong with it. */
  problem: string;
}

const baseOptions: Options = { strict: false, allErrors: true, useDefaults: false, addUsedSchema: false };

/**
 * Finds the defaults a schema declares that its own subschema refuses (`{ type: 'string', default:
 * null }`): calls are judged before defaults are filled, so such a default never refuses a call,
 * but the tool receives a value its schema does not describe. Each subschema is checked with ajv, its
 * `$ref`s resolved against the whole schema and the documents, its patterns matched by the engine of its origin.
 * @param schema - the validation schema (annotations removed)
 * @param origin - who wrote it (an imported schema's patterns run in linear time here too)
 * @param documents - other schema documents its `$ref`s may name
 * @returns the invalid defaults, in schema order (none when the schema cannot be read this way)
 */
export function findInvalidDefaults(schema: JsonSchema, origin: SchemaOrigin = 'own', documents?: SchemaDocuments): InvalidDefault[] {
  const pointers: Array<{ pointer: string; value: unknown }> = [];
  collect(schema, '', pointers);
  if (pointers.length === 0) return [];
  const found: InvalidDefault[] = [];
  try {
    const options: Options = { ...baseOptions, code: { regExp: origin === 'imported' ? linearPatternEngine : ownPatternEngine } };
    const ajv = addFormats(draftOf(schema) === '2020-12' ? new Ajv2020(options) : new Ajv(options));
    for (const document of documents?.list ?? []) ajv.addSchema(document);
    const ownId = typeof schema.$id === 'string' ? schema.$id.replace(/#$/, '') : undefined;
    const base = ownId ?? 'toolcraft:defaults';
    ajv.addSchema(schema, ownId === undefined ? base : undefined);
    for (const { pointer, value } of pointers) {
      const validate = ajv.getSchema(`${base}#${pointer}`);
      if (validate === undefined || validate(structuredClone(value))) continue;
      found.push({ path: `${pointer}/default`, problem: ajv.errorsText(validate.errors, { dataVar: 'the default' }) });
    }
  } catch {
    // A schema ajv reads only with more context (or not at all) is judged when it is compiled.
  }
  return found;
}

function collect(node: unknown, pointer: string, found: Array<{ pointer: string; value: unknown }>): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const schema = node as Record<string, unknown>;
  if ('default' in schema) found.push({ pointer, value: schema.default });
  for (const keyword of schemaMapKeywords) {
    const map = schema[keyword];
    if (typeof map === 'object' && map !== null && !Array.isArray(map)) {
      for (const [name, inner] of Object.entries(map)) collect(inner, `${pointer}/${keyword}/${escape(name)}`, found);
    }
  }
  for (const keyword of schemaListKeywords) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((inner, index) => collect(inner, `${pointer}/${keyword}/${index}`, found));
  }
  for (const keyword of schemaValueKeywords) {
    const value = schema[keyword];
    if (Array.isArray(value)) value.forEach((inner, index) => collect(inner, `${pointer}/${keyword}/${index}`, found));
    else collect(value, `${pointer}/${keyword}`, found);
  }
}

function escape(name: string): string {
  return encodeURIComponent(name.replace(/~/g, '~0').replace(/\//g, '~1'));
}
