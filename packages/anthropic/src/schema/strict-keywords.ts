/**
 * What strict tool use and JSON outputs (`output_config.format`: constrained decoding) take, following
 * the SDK's own `transformJSONSchema` (`@anthropic-ai/sdk` 1.15, `lib/transform-json-schema`), which its
 * `jsonSchemaOutputFormat` and `zodOutputFormat` helpers apply before sending a schema.
 */

/** Keywords kept as they are (structural ones are rebuilt by the converter). */
export const strictKeptKeywords: ReadonlySet<string> = new Set(['type', 'description', 'title', 'required', '$ref']);

/** The `format` values constrained decoding understands; any other is written into the description. */
export const strictFormats: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/**
 * Constraints constrained decoding cannot enforce: removed from the schema and written into the
 * description as the SDK writes them (`{minimum: 0, maxLength: 80}`), so the model still reads them.
 * The tool's own validation (or the output's) still enforces them.
 */
export const strictDescribedKeywords: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'default',
  'examples',
  'contentMediaType',
  'contentEncoding',
]);

/** Annotations without meaning for the answer (the dialect, comments, editor hints): left out. */
export const strictDroppedKeywords: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$anchor',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
