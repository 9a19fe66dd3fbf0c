import type { JsonSchema } from '@toolcraft/core';

/** Keywords whose values are data, not schemas: never walked into. */
const dataKeywords = new Set(['default', 'const', 'enum', 'examples']);

/**
 * The JSON Schema with every property that has a `default` taken out of its object's `required`,
 * at any depth. LangChain's conversion of zod 4 (`z.toJSONSchema`, output types) lists a field
 * with `.default(...)` as required, yet LangChain's own parse fills it when a call leaves it out:
 * so the model may leave it out too, and toolcraft fills the default before the tool is invoked.
 * The schema given is not changed (LangChain caches it by its zod schema); the objects on the way
 * to a change are copied, everything else is shared.
 * @param schema - the JSON Schema LangChain converted
 * @returns the schema, or a copy where fields with a default are optional
 */
export function defaultsOptional(schema: JsonSchema): JsonSchema {
  return relax(schema) as JsonSchema;
}

function relax(node: unknown): unknown {
  if (Array.isArray(node)) {
    const items = node.map(relax);
    return items.some((item, index) => item !== node[index]) ? items : node;
  }
  if (typeof node !== 'object' || node === null) return node;
  const record = node as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (dataKeywords.has(key) || typeof value !== 'object' || value === null) continue;
    // `properties` and the like map names to schemas: their values are walked, their keys are names.
    const relaxed =
      key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions' ? relaxMap(value) : relax(value);
    if (relaxed !== value) (copy ??= { ...record })[key] = relaxed;
  }
  const required = record.required;
  const properties = (copy ?? record).properties;
  if (Array.isArray(required) && typeof properties === 'object' && properties !== null) {
    const kept = required.filter((name) => !hasDefault((properties as Record<string, unknown>)[name as string]));
    if (kept.length !== required.length) (copy ??= { ...record }).required = kept;
  }
  return copy ?? node;
}

function relaxMap(map: unknown): unknown {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return map;
  let copy: Record<string, unknown> | undefined;
  for (const [name, schema] of Object.entries(map)) {
    const relaxed = relax(schema);
    if (relaxed !== schema) (copy ??= { ...(map as Record<string, unknown>) })[name] = relaxed;
  }
  return copy ?? map;
}

function hasDefault(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Object.prototype.hasOwnProperty.call(schema, 'default');
}
