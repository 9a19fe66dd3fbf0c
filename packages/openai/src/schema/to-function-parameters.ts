import type { JsonSchema } from '@toolcraft/core';
import { ProviderSchemaError } from '@toolcraft/core';
import { flattenAllOf, isSchemaObject, type StrictConversionContext } from './flatten-references.js';
import { rootPath } from './schema-path.js';

/** Root keywords OpenAI refuses next to (or instead of) the root object: a union, a value list, a negation. */
const refusedAtRoot = ['anyOf', 'oneOf', 'enum', 'const', 'not'] as const;

const converted = new WeakMap<object, JsonSchema>();

/**
 * The `parameters` of an OpenAI function tool outside strict mode (Chat Completions and Responses
 * alike): the tool's schema as it is, below its root, for the API to read. The root is what OpenAI
 * checks: it must be one object schema ("schema must have type 'object' and not have
 * 'oneOf'/'anyOf'/'allOf'/'enum'/'const'/'not' at the top level") with `properties` ("object
 * schema missing properties"). What can be rewritten without changing what the schema accepts is
 * (a root `allOf` merged into one object, a missing `type: 'object'` beside `properties` added,
 * a missing `properties` added empty); the rest is refused. Results are cached per schema object.
 * @param schema - the tool's input schema
 * @param toolName - the tool's name, for the error
 * @returns the schema to send (the same object when nothing had to change)
 * @throws ProviderSchemaError (provider `'openai'`) for a root that is not one object schema
 */
export function toFunctionParameters(schema: JsonSchema, toolName: string): JsonSchema {
  const cached = converted.get(schema);
  if (cached !== undefined) return cached;
  const fail = (path: string, keyword: string, hint: string): never => {
    throw new ProviderSchemaError({ provider: 'openai', toolName, path, keyword, hint });
  };
  if (!isSchemaObject(schema)) return fail(rootPath, 'type', 'the input schema must be a JSON Schema object (type "object")');
  const context: StrictConversionContext = { root: schema, fail };
  let root = schema.allOf === undefined ? schema : flattenAllOf(schema, rootPath, context);
  for (const keyword of refusedAtRoot) {
    if (keyword in root) {
      fail(
        rootPath,
        keyword,
        `OpenAI refuses '${keyword}' at the top of a function's parameters (400: "schema must have type 'object' and not have ` +
          `'oneOf'/'anyOf'/'allOf'/'enum'/'const'/'not' at the top level"); make the root one object and move the ` +
          `alternatives into a property`,
      );
    }
  }
  const type = root.type ?? (root.properties !== undefined ? 'object' : undefined);
  if (type !== 'object') {
    fail(
      rootPath,
      'type',
      `OpenAI takes only an object as a function's parameters (400: "schema must be a JSON Schema of 'type: "object"'"), ` +
        `got ${JSON.stringify(type ?? null)}; wrap the value in an object property`,
    );
  }
  if (root.type === undefined || root.properties === undefined) root = { ...root, type: 'object', properties: root.properties ?? {} };
  converted.set(schema, root);
  return root;
}
