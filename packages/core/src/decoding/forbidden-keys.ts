/** Keys that could reach an object's prototype; refused anywhere in the arguments. */
export const forbiddenKeys: readonly string[] = ['__proto__', 'constructor', 'prototype'];

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
