import type { JsonSchema, ToolSchemaManifestParameter } from '@toolcraft/core';
import { ts } from '../typescript.js';
import { SchemaGenerationError } from '../errors/schema-generation-error.js';
import { keywordTags } from '../docs/keyword-tags.js';
import { documentationSummary, parameterTagText } from '../docs/tsdoc.js';
import { llmDescriptionOf } from '../scan/decorators.js';
import type { ImportedNames } from '../scan/imported-names.js';
import { literalValue } from '../scan/literal-value.js';
import { assertDescribable, sourceOf } from '../schema/assert-describable.js';
import { enrichSchema } from '../schema/enrich-schema.js';
import type { GenerationContext, ToolSubject } from './generation-context.js';
import { injectedKind } from './injected-parameter.js';

/**
 * Describes one method parameter: its schema from its type, its description from
 * `@LLMDescription` (which wins), the method's `@param` tag or its own TSDoc, its
 * keywords from its own TSDoc tags, and its default from `@default` or its initializer.
 * @param parameter - the parameter
 * @param subject - the tool method it belongs to
 * @param imports - what its file imports
 * @param context - the run
 * @returns the manifest parameter
 * @throws SchemaGenerationError when the parameter has no name or an undescribable type
 */
export function describeParameter(
  parameter: ts.ParameterDeclaration,
  subject: ToolSubject,
  imports: ImportedNames,
  context: GenerationContext,
): ToolSchemaManifestParameter {
  const name = parameterName(parameter, subject, context);
  const type = context.checker.getTypeAtLocation(parameter);
  const injected = injectedKind(parameter, type, imports);
  if (injected !== undefined) return { name, required: false, injected };
  assertDescribable(type, { ...subject, parameterName: name }, context);
  const generated = context.source.schemaOf(type);
  enrichSchema(generated, type, context);
  const description = llmDescriptionOf(parameter, imports) ?? parameterTagText(parameter) ?? documentationSummary(parameter);
  const schema: JsonSchema = {
    ...(description === undefined ? {} : { description }),
    ...withoutDescription(generated, description),
    ...keywordTags(parameter),
  };
  const initial = parameter.initializer === undefined ? undefined : literalValue(parameter.initializer);
  if (schema.default === undefined && initial?.found === true) schema.default = initial.value;
  const required =
    parameter.questionToken === undefined &&
    parameter.initializer === undefined &&
    parameter.dotDotDotToken === undefined &&
    !acceptsUndefined(type);
  return {
    name,
    schema,
    required,
    ...(schema.default === undefined ? {} : { default: schema.default }),
    ...(description === undefined ? {} : { description }),
  };
}

function parameterName(parameter: ts.ParameterDeclaration, subject: ToolSubject, context: GenerationContext): string {
  if (ts.isIdentifier(parameter.name)) return parameter.name.text;
  throw new SchemaGenerationError(
    `A destructured parameter of ${subject.className}.${subject.methodName ?? ''} (${sourceOf(parameter, context.baseDirectory)}) ` +
      'has no name to show the model. Give the parameter a name and destructure it inside the method.',
    { className: subject.className, methodName: subject.methodName },
  );
}

function withoutDescription(schema: JsonSchema, description: string | undefined): JsonSchema {
  if (description === undefined) return schema;
  const { description: _ignored, ...rest } = schema;
  return rest;
}

function acceptsUndefined(type: ts.Type): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0);
}
