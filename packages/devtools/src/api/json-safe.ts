/**
 * A value as JSON data for the page, or a note when it has none; never throws.
 * @param value - any value
 * @returns JSON data
 * @internal
 */
export function jsonSafe(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? `(${typeof value})` : (JSON.parse(text) as unknown);
  } catch (error) {
    return `(not JSON: ${(error as Error).message})`;
  }
}
