import type { JsonSchema } from '@toolcraft/core';
import { decodePointerSegment } from '@toolcraft/core/internal';
import { OpenApiSpecError } from '../errors/openapi-spec-error.js';

/** OpenAPI 3.0 keywords that are not JSON Schema (annotations for docs and code generators). */
const openApiOnly = new Set(['nullable', 'example', 'xml', 'externalDocs', 'discriminator']);

/**
 * An OpenAPI schema as the JSON Schema a tool takes: `nullable: true` as a `'null'` type (or an
 * `anyOf` with `{ type: 'null' }`), OpenAPI-only keywords (`example`, `xml`, `externalDocs`,
 * `discriminator`) left out, `readOnly` properties left out of a request, and a `$ref` still there
 * (a circular one) pointed at `#/$defs/<name>`, the component put under `$defs` (see `collectDefs`).
 * @param schema - the OpenAPI schema (dereferenced)
 * @param defs - the components the schema still names, filled in
 * @param where - the operation, for errors (`'POST /pets'`)
 * @returns the JSON Schema (a copy)
 * @throws OpenApiSpecError for a circular `$ref` outside `components/schemas`
 */
export function toJsonSchema(schema: unknown, defs: Map<string, unknown>, where: string): JsonSchema {
  return convert(schema, defs, new Set(), where) as JsonSchema;
}

function convert(value: unknown, defs: Map<string, unknown>, path: Set<unknown>, where: string): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, defs, path, where));
  if (typeof value !== 'object' || value === null) return value;
  const schema = value as Record<string, unknown>;
  if (typeof schema.$ref === 'string') {
    // The dereferencer leaves only circular `$ref`s: one to a component becomes a `$ref` into `$defs`.
    const name = /^#\/components\/schemas\/([^/]+)$/.exec(schema.$ref)?.[1];
    if (name === undefined)
      throw new OpenApiSpecError(
        where,
        `its schema has a circular $ref to ${JSON.stringify(schema.$ref)}, outside components/schemas; move that schema to components/schemas (a circular schema is kept by its component's name).`,
      );
    const key = decodePointerSegment(name);
    if (!defs.has(key)) defs.set(key, undefined);
    return { $ref: `#/$defs/${name}` };
  }
  // A circular structure the dereferencer left as shared objects is cut at the repeat.
  if (path.has(value)) return {};
  path.add(value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(schema)) {
    if (openApiOnly.has(key)) continue;
    if (key === 'properties' && typeof item === 'object' && item !== null) {
      const properties: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(item as Record<string, unknown>)) {
        if ((property as { readOnly?: unknown } | null)?.readOnly === true) continue;
        put(properties, name, convert(property, defs, path, where));
      }
      out.properties = properties;
      continue;
    }
    put(out, key, convert(item, defs, path, where));
  }
  path.delete(value);
  if (Array.isArray(out.required) && typeof out.properties === 'object' && out.properties !== null) {
    const kept = out.required.filter((name) => typeof name === 'string' && Object.hasOwn(out.properties as object, name));
    if (kept.length > 0) out.required = kept;
    else delete out.required;
  }
  return schema.nullable === true ? nullable(out) : out;
}

/** Sets an own property, whatever its name (`__proto__` too, which core then refuses by name). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  const { type } = schema;
  if (typeof type === 'string') {
    const out: Record<string, unknown> = { ...schema, type: [type, 'null'] };
    if (Array.isArray(schema.enum)) out.enum = [...(schema.enum as unknown[]), null];
    return out;
  }
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...(type as unknown[]), 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * The `$defs` a converted schema needs: every component it names, converted too (and those they name).
 * @param components - the spec's `components.schemas`
 * @param defs - the names collected by {@link toJsonSchema}
 * @param where - the operation, for errors
 * @returns the `$defs` object, or undefined for none
 */
export function collectDefs(
  components: Record<string, unknown> | undefined,
  defs: Map<string, unknown>,
  where: string,
): Record<string, JsonSchema> | undefined {
  const out: Record<string, JsonSchema> = Object.create(null) as Record<string, JsonSchema>;
  for (let pending = [...defs.keys()]; pending.length > 0; pending = [...defs.keys()].filter((name) => !Object.hasOwn(out, name))) {
    for (const name of pending)
      out[name] = toJsonSchema(components !== undefined && Object.hasOwn(components, name) ? components[name] : {}, defs, where);
  }
  return Object.keys(out).length === 0 ? undefined : { ...out };
}
