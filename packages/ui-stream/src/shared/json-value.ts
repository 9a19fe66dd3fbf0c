/**
 * A value as JSON data (what a client receives): the value's JSON form read back, or `undefined`
 * when it has none (a function, a cycle, a BigInt); never throws.
 * @param value - any value
 * @returns JSON data, or undefined
 * @internal
 */
export function asJsonData(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
