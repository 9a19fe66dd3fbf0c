import Ajv, { type Options, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaOrigin } from '../schema/schema-origin.js';
import { BoundedCache } from './bounded-cache.js';
import { checkSchemaDeclarations } from './check-schema-declarations.js';
import { linearPatternEngine, ownPatternEngine } from './pattern-engine.js';
import { linearUniqueItems } from './unique-items-keyword.js';
import { validationSchema } from './validation-schema.js';

/** The JSON Schema drafts an explicit schema may name in `$schema`. */
export type JsonSchemaDraft = 'draft-07' | '2020-12';

const options: Options = {
  allErrors: true,
  verbose: true,
  strict: false,
  useDefaults: true,
  coerceTypes: false,
  addUsedSchema: false,
  // Inherited members (`valueOf`, `toString`) are never read as properties.
  ownProperties: true,
};
const instances = new Map<`${SchemaOrigin} ${JsonSchemaDraft}`, Ajv>();
const compiledBy = new WeakMap<Ajv, number>();
const compilesPerInstance = 500;
/** Compiled validators by schema text, the least recently used forgotten past the cap (tools may be created without end). */
const compiled = new BoundedCache<string, ValidateFunction>(2_000);

/**
 * For tests: how many compiled validators are kept.
 * @returns the count
 * @internal
 */
export function compiledValidatorCount(): number {
  return compiled.size;
}

/**
 * The draft a schema is written in, from its `$schema` (draft-07 when absent).
 * @param schema - the schema
 * @returns the draft
 * @throws Error naming the supported drafts for any other `$schema`
 */
export function draftOf(schema: JsonSchema): JsonSchemaDraft {
  const declared = schema.$schema;
  if (declared === undefined) return 'draft-07';
  if (typeof declared === 'string') {
    if (/json-schema\.org\/draft\/2020-12\/schema#?$/.test(declared)) return '2020-12';
    if (/json-schema\.org\/draft-07\/schema#?$/.test(declared)) return 'draft-07';
  }
  throw new Error(
    `its $schema ${JSON.stringify(declared)} is not supported; use draft-07 ("http://json-schema.org/draft-07/schema#") ` +
      'or 2020-12 ("https://json-schema.org/draft/2020-12/schema"), or leave $schema out',
  );
}

/**
 * Compiles a JSON Schema with toolcraft's shared ajv instance of its draft (all errors, ajv-formats'
 * full formats, no coercion, defaults applied, `uniqueItems` and patterns in linear time). Equal schemas share
 * one validator (annotations such as descriptions aside), and schemas are not kept in ajv's registry, so a schema with an `$id` may back many tools.
 * @param schema - the schema
 * @param origin - who wrote it: an imported schema's patterns must all run in linear time
 * @returns ajv's validate function
 * @throws Error when the schema names an unsupported draft, declares a property named `__proto__`,
 * `constructor` or `prototype`, uses a format ajv-formats does not check, has (imported) a pattern
 * that cannot be matched in linear time, or does not compile
 */
export function compileJsonSchema(schema: JsonSchema, origin: SchemaOrigin = 'own'): ValidateFunction {
  const checked = validationSchema(schema);
  // Plain JSON text as the key: schemas built by toolcraft list keys in a fixed order.
  const key = `${origin} ${JSON.stringify(checked)}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    const draft = draftOf(schema);
    const ajv = ajvFor(origin, draft);
    checkSchemaDeclarations(checked, { formats: Object.keys(ajv.formats), linearPatterns: origin === 'imported' });
    validate = ajv.compile(checked);
    // ajv's own cache, and the values its instance scope collects, would keep every schema ever
    // compiled: the schema leaves ajv's cache, and the instance is replaced after a while (its
    // validators live on until toolcraft's bounded cache forgets them).
    ajv.removeSchema(checked);
    if ((compiledBy.get(ajv) ?? 0) >= compilesPerInstance) instances.delete(`${origin} ${draft}`);
    compiledBy.set(ajv, (compiledBy.get(ajv) ?? 0) + 1);
    compiled.set(key, validate);
  }
  return validate;
}

function ajvFor(origin: SchemaOrigin, draft: JsonSchemaDraft): Ajv {
  let ajv = instances.get(`${origin} ${draft}`);
  if (ajv === undefined) {
    const withEngine: Options = { ...options, code: { regExp: origin === 'imported' ? linearPatternEngine : ownPatternEngine } };
    ajv = addFormats(draft === '2020-12' ? new Ajv2020(withEngine) : new Ajv(withEngine));
    ajv.removeKeyword('uniqueItems');
    ajv.addKeyword(linearUniqueItems);
    instances.set(`${origin} ${draft}`, ajv);
  }
  return ajv;
}
