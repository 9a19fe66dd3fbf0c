/**
 * Keys that could reach an object's prototype: refused anywhere in the arguments (the cleaning
 * pass reports them, so nothing is ever assigned through them).
 * @param key - an object key
 * @returns whether it is `__proto__`, `constructor` or `prototype`
 */
export function isForbiddenKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}
