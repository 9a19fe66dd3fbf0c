/** Keys that could reach an object's prototype; refused anywhere in the arguments. */
export const forbiddenKeys: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/**
 * @param key - an object key
 * @returns whether it is `__proto__`, `constructor` or `prototype`
 */
export function isForbiddenKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/**
 * Finds a forbidden key among an object's own keys.
 * @param value - a parsed JSON object
 * @returns the first forbidden key present, or undefined
 */
export function findForbiddenKey(value: object): string | undefined {
  if (Object.hasOwn(value, '__proto__')) return '__proto__';
  if (Object.hasOwn(value, 'constructor')) return 'constructor';
  if (Object.hasOwn(value, 'prototype')) return 'prototype';
  return undefined;
}

/**
 * Finds a forbidden key anywhere inside a JSON value (for values passed on without a codec, such
 * as the items of an untyped array).
 * @param value - a parsed JSON value
 * @param path - the value's property path
 * @returns the path of the first forbidden key, or undefined
 */
export function findDeepForbiddenKey(value: unknown, path: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findDeepForbiddenKey(value[index], `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const own = findForbiddenKey(value);
  if (own !== undefined) return path === '' ? own : `${path}.${own}`;
  for (const [key, child] of Object.entries(value)) {
    const found = findDeepForbiddenKey(child, path === '' ? key : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}
