/** JSON Schema keywords whose value maps names to subschemas. */
export const schemaMapKeywords: readonly string[] = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** JSON Schema keywords whose value is a list of subschemas. */
export const schemaListKeywords: readonly string[] = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** JSON Schema keywords whose value is one subschema. */
export const schemaValueKeywords: readonly string[] = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
