import type { JsonSchema, ToolSchemaManifestEntry, ToolSchemaManifestParameter } from '@toolcraft/core';
import { ts } from '../typescript.js';
import { documentationSummary } from '../docs/tsdoc.js';
import { llmDescriptionOf } from '../scan/decorators.js';
import { literalStringProperty } from '../scan/literal-value.js';
import type { ToolClassDeclaration } from '../scan/tool-declarations.js';
import { assertDescribable } from '../schema/assert-describable.js';
import { enrichSchema } from '../schema/enrich-schema.js';
import { hoistDefinitions } from '../schema/hoist-definitions.js';
import type { GenerationContext } from './generation-context.js';

/**
 * Builds the manifest entry of a tool class from its Args type (the first type argument
 * of `Tool`, `SimpleTool`, `ContextAwareTool` or `ToolBase`); name and description come
 * from literal `name` / `description` passed to `super({...})`, else `@LLMDescription`
 * or TSDoc on the class.
 * @param declaration - the class found in source
 * @param context - the run
 * @returns the entry, keyed `ClassName` in the manifest
 * @throws SchemaGenerationError when the Args type cannot be described
 */
export function buildClassEntry(declaration: ToolClassDeclaration, context: GenerationContext): ToolSchemaManifestEntry {
  const { className, classDeclaration, imports } = declaration;
  const type = context.checker.getTypeFromTypeNode(declaration.argsTypeNode);
  assertDescribable(type, { className, node: declaration.argsTypeNode }, context);
  const generated = context.source.schemaOf(type);
  enrichSchema(generated, type, context);
  const inputSchema = hoistDefinitions(generated);
  const options = superOptions(classDeclaration);
  const name = literalStringProperty(options, 'name');
  const description =
    literalStringProperty(options, 'description') ?? llmDescriptionOf(classDeclaration, imports) ?? documentationSummary(classDeclaration);
  return {
    kind: 'class',
    className,
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    parameters: propertiesAsParameters(inputSchema),
    inputSchema,
  };
}

function propertiesAsParameters(schema: JsonSchema): ToolSchemaManifestParameter[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, definition]) => {
    // A boolean schema (`true`, `false`) as the object schema that means the same.
    const property: JsonSchema = typeof definition === 'object' ? definition : definition ? {} : { not: {} };
    return {
      name,
      schema: property,
      required: required.has(name),
      ...(property.default === undefined ? {} : { default: property.default }),
      ...(property.description === undefined ? {} : { description: property.description }),
    };
  });
}

function superOptions(classDeclaration: ts.ClassDeclaration): ts.Expression | undefined {
  const constructor = classDeclaration.members.find(ts.isConstructorDeclaration);
  for (const statement of constructor?.body?.statements ?? []) {
    if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) continue;
    if (statement.expression.expression.kind === ts.SyntaxKind.SuperKeyword) return statement.expression.arguments[0];
  }
  return undefined;
}
