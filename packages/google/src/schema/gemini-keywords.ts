/**
 * The keywords of a JSON Schema that the conversion to Gemini's `Schema` (an OpenAPI 3.0 subset,
 * `@google/genai`'s `Schema` type and the Gemini API's v1beta `Schema` resource) knows what to do
 * with. Every other keyword is refused: the API rejects fields its `Schema` does not have, and the
 * SDK drops some of them (`additionalProperties`) before sending.
 */

/** Keywords that only describe a value; they may stand beside `anyOf` and win over a referenced schema's. */
export const annotationKeywords: ReadonlySet<string> = new Set(['description', 'title', 'default', 'example', 'examples', 'deprecated']);

/** Meta keywords: no meaning for the model, removed (`$defs` and `definitions` once their `$ref`s are inlined). */
export const metaKeywords: ReadonlySet<string> = new Set(['$schema', '$id', '$comment', '$anchor', '$defs', 'definitions']);

/** Counts: int64 fields of Gemini's `Schema`, sent as decimal strings as the SDK types them. */
const countKeywords = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const;

/** One of the {@link countKeywords}. */
export type CountKeyword = (typeof countKeywords)[number];

/** Every keyword the conversion reads (besides the annotation and meta keywords). */
export const convertedKeywords: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'nullable',
  'propertyOrdering',
  ...countKeywords,
]);

/** The JSON types a keyword applies to; Gemini rejects a keyword beside another type (`items` on a string). */
export const keywordTypes: Readonly<Record<string, readonly string[]>> = {
  properties: ['object'],
  required: ['object'],
  additionalProperties: ['object'],
  propertyOrdering: ['object'],
  minProperties: ['object'],
  maxProperties: ['object'],
  items: ['array'],
  minItems: ['array'],
  maxItems: ['array'],
  minLength: ['string'],
  maxLength: ['string'],
  pattern: ['string'],
  minimum: ['number', 'integer'],
  maximum: ['number', 'integer'],
  exclusiveMinimum: ['number', 'integer'],
  exclusiveMaximum: ['number', 'integer'],
};

const conditionals =
  "Gemini's Schema has no conditionals: describe the rule in the description and check it in the tool, or split the tool";
const dependents = "Gemini's Schema has no dependent keywords: make the properties required, or check the rule in the tool";
const unevaluated = "Gemini's Schema has no unevaluated keywords: declare every property and item";
const content = "Gemini's Schema has no content keywords: describe the encoding in the description";
const dynamic = "Gemini's Schema has no dynamic references: use a local $ref to a schema of this tool";

/** Keywords Gemini's Schema has no field for, with what to change. */
export const refusedKeywords: Readonly<Record<string, string>> = {
  not: "Gemini's Schema has no `not`: state the allowed values positively (an enum, a pattern)",
  if: conditionals,
  then: conditionals,
  else: conditionals,
  patternProperties:
    "Gemini's Schema has no patternProperties: declare the keys as properties, or take the map as an array of { key, value } objects",
  propertyNames: "Gemini's Schema has no propertyNames: declare the keys as properties",
  dependentRequired: dependents,
  dependentSchemas: dependents,
  dependencies: dependents,
  unevaluatedProperties: unevaluated,
  unevaluatedItems: unevaluated,
  prefixItems: "Gemini's Schema has no tuples: use an object with named properties",
  contains: "Gemini's Schema has no contains: check it in the tool",
  minContains: "Gemini's Schema has no minContains: check it in the tool",
  maxContains: "Gemini's Schema has no maxContains: check it in the tool",
  uniqueItems: "Gemini's Schema has no uniqueItems: drop it (e.g. @ArrayUnique()) and check uniqueness in the tool",
  multipleOf: "Gemini's Schema has no multipleOf: describe the step in the description and check it in the tool",
  contentEncoding: content,
  contentMediaType: content,
  contentSchema: content,
  readOnly: "Gemini's Schema has no readOnly: leave a property the model must not send out of the input schema",
  writeOnly: "Gemini's Schema has no writeOnly: remove it",
  $ref: "Gemini's Schema has no references",
  $dynamicRef: dynamic,
  $dynamicAnchor: dynamic,
  $recursiveRef: dynamic,
  $recursiveAnchor: dynamic,
  $vocabulary: "a meta-schema keyword has no place in a tool's schema: remove it",
};
