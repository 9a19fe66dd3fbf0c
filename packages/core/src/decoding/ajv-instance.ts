import Ajv, { type Options, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaOrigin } from '../schema/schema-origin.js';
import { BoundedCache } from './bounded-cache.js';
import { checkSchemaDeclarations } from './check-schema-declarations.js';
import { hasEmbeddedIds, refersToOwnRoot } from './kept-schema.js';
import { linearPatternEngine, ownPatternEngine } from './pattern-engine.js';
import { linearUniqueItems } from './unique-items-keyword.js';
import { validationSchema } from './validation-schema.js';

/** The JSON Schema drafts an explicit schema may name in `$schema`. */
export type JsonSchemaDraft = 'draft-07' | '2020-12';

const options: Options = {
  allErrors: true,
  verbose: true,
  strict: false,
  // Defaults are annotations: a call is judged by what the model sent, and filled after (see `compileDefaultsFiller`).
  useDefaults: false,
  coerceTypes: false,
  addUsedSchema: false,
  // Inherited members (`valueOf`, `toString`) are never read as properties.
  ownProperties: true,
};
/** The shared instances, by origin, draft, purpose (`validate` or `fill` defaults) and set of documents. */
const instances = new Map<string, Ajv>();
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
 * full formats, no coercion, no defaults applied, `uniqueItems` and patterns in linear time). Equal schemas share
 * one validator (annotations such as descriptions aside), and schemas are not kept in ajv's registry, so a schema with an `$id` may back many tools.
 * @param schema - the schema
 * @param origin - who wrote it: an imported schema's patterns must all run in linear time
 * @param documents - other schema documents its `$ref`s may name by `$id` (each set gets its own ajv instance)
 * @returns ajv's validate function
 * @throws Error when the schema names an unsupported draft, declares a property named `__proto__`,
 * `constructor` or `prototype`, uses a format ajv-formats does not check, has (imported) a pattern
 * that cannot be matched in linear time, or does not compile (ajv's `MissingRefError` for a `$ref`
 * to a document it does not know)
 */
export function compileJsonSchema(schema: JsonSchema, origin: SchemaOrigin = 'own', documents?: SchemaDocuments): ValidateFunction {
  return compileWith(schema, { origin, purpose: 'validate', documents });
}

/**
 * Compiles the pass that fills a schema's defaults into a value that already passed validation
 * (ajv's own `useDefaults`, where ajv applies them: `properties` and tuple `items`), with the same
 * pattern engine as its validator.
 * @param schema - the schema
 * @param origin - who wrote it
 * @param documents - other schema documents its `$ref`s may name by `$id`
 * @returns a function filling defaults in place, or undefined when the schema has no `default`
 */
export function compileDefaultsFiller(
  schema: JsonSchema,
  origin: SchemaOrigin = 'own',
  documents?: SchemaDocuments,
): ((value: unknown) => void) | undefined {
  if (!hasDefaults(schema)) return undefined;
  const fill = compileWith(schema, { origin, purpose: 'fill', documents });
  return (value) => {
    // The value passed validation already; the filling pass's own verdict is not read.
    fill(value);
  };
}

/** Other schema documents, registered by their `$id` for `$ref`s, with the key that names the set. */
export interface SchemaDocuments {
  /** The documents. */
  readonly list: readonly JsonSchema[];
  /** Their canonical text, naming the set. */
  readonly key: string;
}

/** What an ajv instance is made for: whose schemas, which pass, which documents. */
interface InstanceKind {
  origin: SchemaOrigin;
  purpose: 'validate' | 'fill';
  documents: SchemaDocuments | undefined;
}

function compileWith(schema: JsonSchema, kind: InstanceKind): ValidateFunction {
  const checked = validationSchema(schema);
  // Plain JSON text as the key: schemas built by toolcraft list keys in a fixed order.
  const key = `${kind.purpose} ${kind.origin} ${kind.documents?.key ?? ''} ${JSON.stringify(checked)}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    const draft = draftOf(schema);
    const declarations = (ajv: Ajv) => ({ formats: Object.keys(ajv.formats), linearPatterns: kind.origin === 'imported' });
    // Resources inside the schema (`$id`s below its root), and `$ref`s to its own root, resolve only
    // through ajv's registry, so such a schema gets an instance of its own, which keeps it.
    const kept = (): ValidateFunction => {
      const ajv = createAjv(draft, kind, true);
      checkSchemaDeclarations(checked, declarations(ajv));
      return ajv.compile(checked);
    };
    if (hasEmbeddedIds(checked)) {
      validate = kept();
    } else {
      const ajv = ajvFor(draft, kind);
      checkSchemaDeclarations(checked, declarations(ajv));
      try {
        validate = ajv.compile(checked);
      } catch (error) {
        if (!refersToOwnRoot(error, checked)) throw error;
      } finally {
        // ajv's own cache, and the values its instance scope collects, would keep every schema ever
        // compiled: the schema leaves ajv's cache, and the instance is replaced after a while (its
        // validators live on until toolcraft's bounded cache forgets them).
        ajv.removeSchema(checked);
        if ((compiledBy.get(ajv) ?? 0) >= compilesPerInstance) instances.delete(instanceKey(draft, kind));
        compiledBy.set(ajv, (compiledBy.get(ajv) ?? 0) + 1);
      }
      validate ??= kept();
    }
    compiled.set(key, validate);
  }
  return validate;
}

function instanceKey(draft: JsonSchemaDraft, kind: InstanceKind): string {
  return `${kind.origin} ${draft} ${kind.purpose} ${kind.documents?.key ?? ''}`;
}

/** Instances with documents are few (one per set of `schemas` given); past this many the oldest are forgotten. */
const maxInstances = 64;

function ajvFor(draft: JsonSchemaDraft, kind: InstanceKind): Ajv {
  const key = instanceKey(draft, kind);
  let ajv = instances.get(key);
  if (ajv === undefined) {
    ajv = createAjv(draft, kind, false);
    if (instances.size >= maxInstances) instances.delete(instances.keys().next().value!);
    instances.set(key, ajv);
  }
  return ajv;
}

function createAjv(draft: JsonSchemaDraft, kind: InstanceKind, addUsedSchema: boolean): Ajv {
  const own: Options = {
    ...options,
    useDefaults: kind.purpose === 'fill',
    addUsedSchema,
    code: { regExp: kind.origin === 'imported' ? linearPatternEngine : ownPatternEngine },
  };
  const ajv = addFormats(draft === '2020-12' ? new Ajv2020(own) : new Ajv(own));
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(linearUniqueItems);
  // ajv's own registry resolves `$ref`s to these documents' `$id`s; they are held to the rules of the tool's own schema.
  for (const document of kind.documents?.list ?? []) {
    const checked = validationSchema(document);
    try {
      checkSchemaDeclarations(checked, { formats: Object.keys(ajv.formats), linearPatterns: kind.origin === 'imported' });
    } catch (error) {
      throw new Error(`the document ${String(document.$id)} given in \`schemas\`: ${(error as Error).message}`, { cause: error });
    }
    ajv.addSchema(checked);
  }
  return ajv;
}

/** Whether a schema has a `default` keyword anywhere (a property named `default` aside). */
function hasDefaults(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if (Array.isArray(schema)) return schema.some(hasDefaults);
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'default') return true;
    if (keyword === 'enum' || keyword === 'const' || keyword === 'examples') continue;
    if (hasDefaults(value)) return true;
  }
  return false;
}
