import type { ToolSchemaManifestEntry } from '@toolcraft/core';
import { ts } from '../typescript.js';
import { documentationSummary } from '../docs/tsdoc.js';
import { llmDescriptionOf } from '../scan/decorators.js';
import { literalStringProperty } from '../scan/literal-value.js';
import type { ToolMethodDeclaration } from '../scan/tool-declarations.js';
import { buildInputSchema } from './build-input-schema.js';
import { describeParameter } from './describe-parameter.js';
import { markParameterKinds } from './mark-parameter-kinds.js';
import type { GenerationContext } from './generation-context.js';

/**
 * Builds the manifest entry of an `@Tool` method: its name (`customName` or the method
 * name), description (`@LLMDescription`, else the TSDoc summary), parameters and input schema.
 * @param declaration - the method found in source
 * @param context - the run
 * @returns the entry, keyed `ClassName.methodName` in the manifest
 * @throws SchemaGenerationError when a parameter cannot be described
 */
export function buildMethodEntry(declaration: ToolMethodDeclaration, context: GenerationContext): ToolSchemaManifestEntry {
  const { className, methodName, method, imports } = declaration;
  const subject = { className, methodName, node: method };
  const declarations = method.parameters.filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this')); // a `this` type, not a parameter
  const types = declarations.map((parameter, index) => declaration.parameterTypes?.[index] ?? context.checker.getTypeAtLocation(parameter));
  const described = declarations.map((parameter, index) => describeParameter(parameter, types[index]!, subject, imports, context));
  const { parameters, argsSchema } = markParameterKinds(described, types, context);
  const description = llmDescriptionOf(method, imports) ?? documentationSummary(method);
  return {
    kind: 'method',
    className,
    methodName,
    name: literalStringProperty(declaration.toolOptions, 'customName') ?? methodName,
    ...(description === undefined ? {} : { description }),
    parameters,
    inputSchema: argsSchema ?? buildInputSchema(parameters),
  };
}
