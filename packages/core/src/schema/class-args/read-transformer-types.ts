import { plainToInstance } from 'class-transformer';

/**
 * Reads the types class-transformer's `@Type(() => X)` gives an Args class's properties, through its
 * public `plainToInstance`, once when the class is compiled: each property is given an empty object
 * and the constructor of what comes back is the type (`@Type` names a class for a value or for each
 * item of an array alike). Without `@Type`, class-transformer keeps a plain object, which says nothing.
 * @param argsClass - the Args class (constructed once, or once per property when a probe throws)
 * @param names - its declared properties
 * @returns the type per property that has one: a nested class, `Date`, `String`, `Number` or `Boolean`
 */
export function readTransformerTypes(argsClass: new () => unknown, names: readonly string[]): Map<string, unknown> {
  const types = new Map<string, unknown>();
  const all = probe(argsClass, names);
  for (const name of names) {
    const built = all ?? probe(argsClass, [name]);
    const type = built === undefined ? undefined : typeOfProbe(built[name]);
    if (type !== undefined) types.set(name, type);
  }
  return types;
}

/** The instance class-transformer builds from `{ [name]: {} }` for each name, or undefined when it throws (a constructor, a `@Transform`). */
function probe(argsClass: new () => unknown, names: readonly string[]): Record<string, unknown> | undefined {
  const plain: Record<string, unknown> = {};
  for (const name of names) plain[name] = {};
  try {
    const built = plainToInstance(argsClass, plain) as unknown;
    return typeof built === 'object' && built !== null ? (built as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** What an empty object became: `@Type(() => String)` gives `String({})`, `Number` gives NaN, `Boolean` gives true. */
function typeOfProbe(value: unknown): unknown {
  if (value === '[object Object]') return String;
  if (typeof value === 'number' && Number.isNaN(value)) return Number;
  if (value === true) return Boolean;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const constructor = (value as { constructor?: unknown }).constructor;
  return typeof constructor === 'function' && constructor !== Object ? constructor : undefined;
}
