/**
 * A JSON Schema (draft 2020-12, draft-07 read too) as toolcraft emits and accepts it. Every place
 * that holds a subschema takes a {@link JsonSchemaDefinition}: a schema object, or `true` (anything)
 * or `false` (nothing), as schemas read from JSON have them. Kept open (`[keyword: string]: unknown`)
 * so hand-written schemas pass through.
 */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $anchor?: string;
  $comment?: string;
  $defs?: Record<string, JsonSchemaDefinition>;
  /** draft-07's name for `$defs`. */
  definitions?: Record<string, JsonSchemaDefinition>;
  type?: JsonSchemaType | JsonSchemaType[];
  title?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchemaDefinition>;
  patternProperties?: Record<string, JsonSchemaDefinition>;
  additionalProperties?: JsonSchemaDefinition;
  unevaluatedProperties?: JsonSchemaDefinition;
  propertyNames?: JsonSchemaDefinition;
  required?: string[];
  minProperties?: number;
  maxProperties?: number;
  dependentRequired?: Record<string, string[]>;
  dependentSchemas?: Record<string, JsonSchemaDefinition>;
  /**
   * The schema of every item (2020-12: of the items after `prefixItems`); in draft-07 also a list,
   * one schema per leading item (a tuple: 2020-12's `prefixItems`, then draft-07's `additionalItems`).
   */
  items?: JsonSchemaDefinition | JsonSchemaDefinition[];
  /** draft-07: the schema of the items after an `items` list. */
  additionalItems?: JsonSchemaDefinition;
  prefixItems?: JsonSchemaDefinition[];
  unevaluatedItems?: JsonSchemaDefinition;
  contains?: JsonSchemaDefinition;
  minContains?: number;
  maxContains?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  anyOf?: JsonSchemaDefinition[];
  oneOf?: JsonSchemaDefinition[];
  allOf?: JsonSchemaDefinition[];
  not?: JsonSchemaDefinition;
  if?: JsonSchemaDefinition;
  then?: JsonSchemaDefinition;
  else?: JsonSchemaDefinition;
  [keyword: string]: unknown;
}

/**
 * A subschema: a {@link JsonSchema} object, or a boolean schema (`true` accepts any value, `false`
 * none), as in `properties: { anything: true }`, `items: false` or `additionalProperties: true`.
 */
export type JsonSchemaDefinition = JsonSchema | boolean;

/** The primitive type names of JSON Schema. */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
