/**
 * Which JSON Schema keywords OpenAI strict mode accepts, following the
 * Structured Outputs "supported schemas" guide and the `openai` client's own
 * `toStrictJsonSchema` (openai-node 6.x, `lib/transform`).
 */

/** Keywords strict mode accepts as they are (structural ones are rebuilt by the converter). */
export const supportedKeywords: ReadonlySet<string> = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  '$ref',
  '$defs',
  'definitions',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** The `format` values strict mode understands; others are moved into the description. */
export const supportedFormats: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Annotations without validation meaning that strict mode rejects or ignores: dropped silently. */
export const droppedKeywords: ReadonlySet<string> = new Set(['$schema', '$id', '$comment', 'deprecated', 'readOnly', 'writeOnly']);

/**
 * Constraints strict mode cannot enforce but the model can still follow when told:
 * each is removed from the schema and written into the description as text.
 * The tool's own validation still enforces them, so a violation comes back as an
 * error result the model can correct.
 */
export const describedKeywords: Readonly<Record<string, (value: unknown) => string>> = {
  minLength: (value) => `at least ${count(value, 'character')}`,
  maxLength: (value) => `at most ${count(value, 'character')}`,
  uniqueItems: (value) => (value === true ? 'items must be unique' : ''),
  minProperties: (value) => `at least ${count(value, 'property', 'properties')}`,
  maxProperties: (value) => `at most ${count(value, 'property', 'properties')}`,
  default: (value) => `default: ${JSON.stringify(value)}`,
  examples: (value) => `examples: ${(Array.isArray(value) ? value : [value]).map((example) => JSON.stringify(example)).join(', ')}`,
  contentMediaType: (value) => `media type ${String(value)}`,
  contentEncoding: (value) => `encoding ${String(value)}`,
};

/**
 * Describes a `format` strict mode does not support, for the description text.
 * @param format - the format name
 * @returns the text to append
 */
export function describeFormat(format: unknown): string {
  return `format: ${String(format)}`;
}

function count(value: unknown, singular: string, plural = `${singular}s`): string {
  return `${String(value)} ${value === 1 ? singular : plural}`;
}
