import type { JsonSchema, JsonSchemaDefinition } from '../schema/json-schema.js';
import { isForbiddenKey } from './forbidden-keys.js';
import { resolveLocalReference } from './json-pointer.js';
import { ownMatcher, type PatternMatcher } from './pattern-engine.js';
import { childPath } from './violation-path.js';
import { addViolation, type ViolationSink } from './violation-sink.js';

/** The state of one cleaning pass. */
export interface CleanPass {
  /** Whether every object and array must be copied (the caller's own objects); else copied only where changed. */
  copy: boolean;
  /** Where forbidden keys are reported. */
  sink: ViolationSink;
}

/** Cleans one value as its schema says; returns it, a cleaned copy, or (for a dropped value) undefined. */
type NodeCleaner = (value: unknown, path: string, pass: CleanPass) => unknown;

/** A compiled cleaning pass: `(value, pass?) => cleaned`; by default it copies and discards violations. */
export type ArgumentCleaner = (value: unknown, pass?: CleanPass) => unknown;

const keep: NodeCleaner = (value) => value;

/**
 * Compiles, once per schema, the one cleaning pass arguments get before validation, at any depth:
 * it refuses the keys `__proto__`, `constructor` and `prototype` (anywhere, untyped values included);
 * it removes properties an object schema does not declare (where it lists `properties` and says
 * nothing of other keys: no `additionalProperties` nor `unevaluatedProperties`, there or in a
 * subschema applied to the same object), since arguments the tool does not declare are dropped; a
 * closed object (`additionalProperties: false`, `unevaluatedProperties: false`) keeps them, for the
 * validator to refuse by name; it removes `null`
 * from optional properties whose schema does not itself allow `null` (null for an optional argument
 * means absent, what OpenAI's strict mode sends); and it gives the caller's objects a private copy.
 * It follows local `$ref`s (recursive types included), the non-null branch of a nullable `anyOf`,
 * the branches of an `allOf`, array items and schema-valued `additionalProperties`.
 * @param root - the argument schema
 * @returns the cleaner
 */
export function compileArgumentCleaner(root: JsonSchema): ArgumentCleaner {
  const byReference = new Map<string, NodeCleaner>();

  const compile = (schema: JsonSchema | boolean): NodeCleaner => {
    // A boolean schema (`true`: any value, `false`: none) has nothing to follow.
    if (!isSchema(schema)) return scan;
    // Inside another resource (its own `$id`), dynamic references, or a `$ref` beside keywords that
    // apply to the same value, what is declared is not read here: ajv judges such values whole.
    if ((schema !== root && typeof schema.$id === 'string') || schema.$dynamicRef !== undefined || schema.$recursiveRef !== undefined) {
      return scan;
    }
    if (typeof schema.$ref === 'string') return hasSiblings(schema) ? scan : compileReference(schema.$ref);
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches !== undefined) {
      const nonNull = branches.filter((branch) => !isSchema(branch) || branch.type !== 'null');
      return nonNull.length === 1 ? compile(nonNull[0]!) : scan;
    }
    if (schema.allOf !== undefined) return compile(mergeAllOf(schema));
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
    if (prefix !== undefined) {
      // A tuple (2020-12 prefixItems, draft-07 items as a list): `items` applies only after the prefix.
      const rest = Array.isArray(schema.prefixItems) && isSchema(schema.items) ? compile(schema.items) : scan;
      return compileTuple(
        prefix.map((item) => (isSchema(item) ? compile(item) : scan)),
        rest,
      );
    }
    if (isSchema(schema.items)) return compileArray(compile(schema.items));
    if (schema.properties !== undefined || typeof schema.additionalProperties === 'object') return compileObject(schema);
    return onlyPrimitives(schema) ? keep : scan;
  };

  const compileReference = (reference: string): NodeCleaner => {
    const known = byReference.get(reference);
    if (known !== undefined) return known;
    const target = resolveLocalReference(root, reference);
    if (target === undefined) return scan;
    let cleaner: NodeCleaner = scan;
    const late: NodeCleaner = (value, path, pass) => cleaner(value, path, pass); // a recursive type meets itself here
    byReference.set(reference, late);
    cleaner = compile(target);
    return late;
  };

  const compileObject = (schema: JsonSchema): NodeCleaner => {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const rules = new Map<string, { dropNull: boolean; inner: NodeCleaner }>();
    for (const [name, property] of Object.entries(properties)) {
      rules.set(name, { dropNull: !required.has(name) && !allowsNull(property, root), inner: compile(property) });
    }
    const extra = schema.additionalProperties;
    // A key is dropped only when no part of the schema could declare it: not its properties, nor those
    // of a subschema (if/then/else, dependentSchemas...), nor a patternProperties pattern.
    const subschemas = declaringSubschemas(schema);
    // A schema that says anything of other keys (a closed object included) has them judged by the validator.
    const declaredOnly =
      extra === undefined &&
      schema.unevaluatedProperties === undefined &&
      subschemas.every((sub) => sub.additionalProperties === undefined && sub.unevaluatedProperties === undefined);
    const declaredElsewhere = new Set(subschemas.flatMap((sub) => Object.keys(isSchema(sub.properties) ? sub.properties : {})));
    const patterns = [schema, ...subschemas]
      .flatMap((sub) => Object.keys(isSchema(sub.patternProperties) ? sub.patternProperties : {}))
      .map(toRegExp);
    const mayBeDeclared = (key: string) =>
      declaredElsewhere.has(key) || patterns.some((pattern) => pattern === undefined || pattern.test(key));
    const extraCleaner = typeof extra === 'object' ? compile(extra) : scan;
    const alreadyClean =
      declaredOnly && declaredElsewhere.size === 0 && patterns.length === 0 && [...rules.values()].every((rule) => rule.inner === keep)
        ? compileCleanCheck(rules)
        : undefined;
    return (value, path, pass) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      if (alreadyClean !== undefined && !pass.copy && alreadyClean(value)) return value;
      const input = value as Record<string, unknown>;
      let output: Record<string, unknown> | undefined = pass.copy ? {} : undefined;
      for (const key in input) {
        if (!Object.hasOwn(input, key)) continue;
        const item = input[key];
        let next: unknown;
        if (isForbiddenKey(key)) {
          addViolation(pass.sink, childPath(path, key), 'forbiddenKey', `the key '${key}' is not allowed in arguments`);
          next = undefined;
        } else {
          const rule = rules.get(key);
          if (rule === undefined) {
            if (mayBeDeclared(key)) next = scan(item, childPath(path, key), pass);
            else next = declaredOnly ? undefined : extraCleaner(item, childPath(path, key), pass);
          } else if (item === null && rule.dropNull) next = undefined;
          else next = rule.inner === keep ? item : rule.inner(item, childPath(path, key), pass);
        }
        if (pass.copy) {
          if (next !== undefined) output![key] = next;
        } else if (next !== item) {
          output ??= { ...input };
          if (next === undefined) delete output[key];
          else output[key] = next;
        }
      }
      return output ?? input;
    };
  };

  const cleanRoot = compile(root);
  return (value, pass = { copy: true, sink: [] }) => cleanRoot(value, '', pass);
}

const referenceCompanions = new Set(['$ref', '$defs', 'definitions', 'description', 'title', 'examples', '$comment', 'default']);

/** Whether a `$ref` stands beside keywords that also apply to the value. */
function hasSiblings(schema: JsonSchema): boolean {
  return Object.keys(schema).some((keyword) => !referenceCompanions.has(keyword));
}

/** The subschemas of an object schema that may declare more of its properties (applied to the same object). */
function declaringSubschemas(schema: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [];
  const visit = (node: unknown): void => {
    if (!isSchema(node)) return;
    found.push(node);
    for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
      const list = node[keyword];
      if (Array.isArray(list)) list.forEach(visit);
    }
    for (const keyword of ['if', 'then', 'else']) visit(node[keyword]);
    if (isSchema(node.dependentSchemas)) Object.values(node.dependentSchemas).forEach(visit);
  };
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach(visit);
  }
  for (const keyword of ['if', 'then', 'else']) visit(schema[keyword]);
  if (isSchema(schema.dependentSchemas)) Object.values(schema.dependentSchemas).forEach(visit);
  return found;
}

/**
 * A patternProperties pattern as ajv matches it (the same engine: linear time where RE2 can match it;
 * an imported schema's validator refuses any other); undefined when it does not compile (then every key may match).
 */
function toRegExp(pattern: string): PatternMatcher | undefined {
  try {
    return ownMatcher(pattern);
  } catch {
    return undefined;
  }
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compileTuple(prefix: NodeCleaner[], rest: NodeCleaner): NodeCleaner {
  return (value, path, pass) => {
    if (!Array.isArray(value)) return value;
    const input = value as unknown[];
    let output: unknown[] | undefined = pass.copy ? new Array<unknown>(input.length) : undefined;
    for (let index = 0; index < input.length; index++) {
      const item = input[index];
      const cleaner = prefix[index] ?? rest;
      const next = cleaner === keep ? item : cleaner(item, childPath(path, index), pass);
      if (output !== undefined) output[index] = next;
      else if (next !== item) {
        output = input.slice();
        output[index] = next;
      }
    }
    return output ?? input;
  };
}

function compileArray(items: NodeCleaner): NodeCleaner {
  return compileTuple([], items);
}

/** Generated checks by object shape (declared names and null-dropping ones), shared by schemas of one shape. */
const cleanChecks = new Map<string, (value: object) => boolean>();

/**
 * For a flat object schema (every property's values primitive, undeclared keys dropped): a function
 * generated once per shape that tells, without allocating, whether a parsed object needs no
 * cleaning at all (only declared keys, none of them forbidden, no null to drop). A `switch` on
 * constant strings is several times faster than a map lookup per key on the hot path.
 */
function compileCleanCheck(rules: Map<string, { dropNull: boolean }>): (value: object) => boolean {
  const names = [...rules.keys()].filter((name) => !isForbiddenKey(name));
  const nullable = names.filter((name) => rules.get(name)!.dropNull);
  const cases = names.map((name) => `case ${JSON.stringify(name)}:`).join(' ');
  const loop =
    names.length === 0
      ? 'for (const key in value) return false;'
      : `for (const key in value) { switch (key) { ${cases} continue; default: return false; } }`;
  const nulls = nullable.map((name) => `if (value[${JSON.stringify(name)}] === null) return false;`).join('\n');
  const body = `${loop}\n${nulls}\nreturn true;`;
  let check = cleanChecks.get(body);
  if (check === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    check = new Function('value', body) as (value: object) => boolean;
    if (cleanChecks.size >= 1000) cleanChecks.clear();
    cleanChecks.set(body, check);
  }
  return check;
}

/** Any JSON value with no schema to follow: forbidden keys are refused at any depth, and it is copied when asked. */
const scan: NodeCleaner = (value, path, pass) => {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return compileArray(scan)(value, path, pass);
  const input = value as Record<string, unknown>;
  const output: Record<string, unknown> | undefined = pass.copy ? {} : undefined;
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    if (isForbiddenKey(key)) {
      addViolation(pass.sink, childPath(path, key), 'forbiddenKey', `the key '${key}' is not allowed in arguments`);
      continue;
    }
    const next = scan(input[key], childPath(path, key), pass);
    if (output !== undefined && next !== undefined) output[key] = next;
  }
  return output ?? input;
};

/** Whether a schema admits primitive values only (so nothing inside needs cleaning). */
function onlyPrimitives(schema: JsonSchema): boolean {
  const types = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types !== undefined) return !types.includes('object') && !types.includes('array');
  const values = schema.enum ?? ('const' in schema ? [schema.const] : undefined);
  return values !== undefined && values.every((value) => typeof value !== 'object' || value === null);
}

/** The object branches of an `allOf`, as one object schema (properties merged, required joined). */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchemaDefinition> = { ...schema.properties };
  const required = new Set(schema.required ?? []);
  for (const branch of schema.allOf ?? []) {
    if (!isSchema(branch)) continue;
    Object.assign(properties, branch.properties);
    for (const name of branch.required ?? []) required.add(name);
  }
  return { type: 'object', properties, required: [...required], additionalProperties: true };
}

function allowsNull(schema: JsonSchema | boolean, root: JsonSchema, seen = new Set<string>()): boolean {
  if (!isSchema(schema)) return schema === true;
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return false;
    seen.add(schema.$ref);
    const target = resolveLocalReference(root, schema.$ref);
    return target !== undefined && allowsNull(target, root, seen);
  }
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (schema.enum?.includes(null) === true) return true;
  if ('const' in schema && schema.const === null) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((branch) => allowsNull(branch, root, seen));
}
