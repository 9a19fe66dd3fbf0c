/**
 * Where JSON Schema 2020-12 (and the drafts before it) nest schemas: what a walk over a schema
 * visits. Anything else is a keyword whose value is data (an `enum` list, a `default`), not a schema.
 */

/** Keywords holding one schema. */
export const singleSchemaKeywords: readonly string[] = [
  'items',
  'additionalItems',
  'additionalProperties',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];

/** Keywords holding a list of schemas. */
export const schemaListKeywords: readonly string[] = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** Keywords holding named schemas. */
export const schemaMapKeywords: readonly string[] = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
