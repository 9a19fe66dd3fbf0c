import type { JsonSchema } from '@toolcraft/core';
import { ts } from '../typescript.js';
import { classValidatorKeywords } from '../scan/class-validator-keywords.js';
import { llmDescriptionOf } from '../scan/decorators.js';
import type { ImportedNames } from '../scan/imported-names.js';
import type { TypeSchemaSource } from './type-schema-source.js';

/** What {@link enrichSchema} needs from the run. */
export interface EnrichContext {
  checker: ts.TypeChecker;
  source: TypeSchemaSource;
  importsOf: (sourceFile: ts.SourceFile) => ImportedNames;
}

/**
 * Completes a generated schema by walking it together with its type: `Record<string, T>`
 * gets `additionalProperties` (which the generator leaves out), and properties declared
 * in source get their `@LLMDescription` (winning over TSDoc) and class-validator keywords.
 * @param schema - the generated schema, changed in place
 * @param type - the type it was generated from
 * @param context - the run's checker, schema source and imports
 */
export function enrichSchema(schema: JsonSchema, type: ts.Type, context: EnrichContext): void {
  walk(schema, type, context);
}

// The walk follows the schema, which is finite (recursive types stop at a `$ref`).
function walk(schema: JsonSchema, type: ts.Type, context: EnrichContext): void {
  if (schema.$ref !== undefined) return;
  const { checker } = context;
  const members = type.isUnion()
    ? type.types.filter((m) => !(m.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void)))
    : [type];
  if (members.length !== 1) return; // unions of several object types are left as generated
  const single = members[0];
  if (checker.isArrayType(single) && isObject(schema.items)) {
    walk(schema.items, checker.getTypeArguments(single as ts.TypeReference)[0], context);
    return;
  }
  if (schema.type !== 'object') return;
  const index = checker.getIndexInfoOfType(single, ts.IndexKind.String);
  if (index !== undefined && schema.properties === undefined && schema.additionalProperties === undefined) {
    schema.additionalProperties = context.source.schemaOf(index.type);
  }
  for (const [name, propertySchema] of Object.entries(schema.properties ?? {})) {
    const property = checker.getPropertyOfType(single, name);
    if (property === undefined || !isObject(propertySchema)) continue;
    decorate(propertySchema, property, context);
    walk(propertySchema, checker.getNonNullableType(checker.getTypeOfSymbol(property)), context);
  }
}

function decorate(schema: JsonSchema, property: ts.Symbol, context: EnrichContext): void {
  const declaration = property.valueDeclaration;
  if (declaration === undefined || !ts.isPropertyDeclaration(declaration)) return;
  const imports = context.importsOf(declaration.getSourceFile());
  Object.assign(schema, classValidatorKeywords(declaration, imports));
  const description = llmDescriptionOf(declaration, imports);
  if (description !== undefined) schema.description = description;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
