/**
 * A JSON text of a value with object keys sorted, so two values JSON Schema calls equal (as
 * `uniqueItems` compares them: objects regardless of key order) give the same text.
 * @param value - a parsed JSON value
 * @returns its canonical JSON text
 */
export function canonicalJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}
