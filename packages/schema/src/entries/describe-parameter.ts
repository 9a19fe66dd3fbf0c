import type { JsonSchema, ToolSchemaManifestParameter } from '@toolcraft/core';
import { ts } from '../typescript.js';
import { SchemaGenerationError } from '../errors/schema-generation-error.js';
import { keywordTags } from '../docs/keyword-tags.js';
import { documentationSummary, parameterTagText } from '../docs/tsdoc.js';
import { llmDescriptionMarksOptional, llmDescriptionOf } from '../scan/decorators.js';
import type { ImportedNames } from '../scan/imported-names.js';
import { assertDescribable, sourceOf } from '../schema/assert-describable.js';
import { enrichSchema } from '../schema/enrich-schema.js';
import { hoistDefinitions } from '../schema/hoist-definitions.js';
import type { GenerationContext, ToolSubject } from './generation-context.js';
import { injectedKind } from './injected-parameter.js';
import { parameterDefault } from './parameter-default.js';
import { resolveParameterType } from './resolve-parameter-type.js';

/**
 * Describes one method parameter: its schema from its type (a type parameter by its
 * constraint), its description from `@LLMDescription` (which wins), the method's `@param`
 * tag or its own TSDoc, its keywords from its own TSDoc tags, and its default from a
 * literal initializer, else a `@default` / `@defaultValue` tag. It is optional with `?`, a default,
 * a type that accepts `undefined`, or `@LLMDescription({ optional: true })`, as reflection reads it.
 * @param parameter - the parameter
 * @param declaredType - its type (as seen from the class the entry is for)
 * @param subject - the tool method it belongs to
 * @param imports - what its file imports
 * @param context - the run
 * @returns the manifest parameter
 * @throws SchemaGenerationError when the parameter has no name, is a rest parameter, or has an
 * undescribable type (an unconstrained type parameter included)
 */
export function describeParameter(
  parameter: ts.ParameterDeclaration,
  declaredType: ts.Type,
  subject: ToolSubject,
  imports: ImportedNames,
  context: GenerationContext,
): ToolSchemaManifestParameter {
  const name = parameterName(parameter, subject, context);
  const injected = injectedKind(parameter, declaredType, imports);
  if (injected !== undefined) return { name, required: false, injected };
  if (parameter.dotDotDotToken !== undefined) throw restParameter(name, declaredType, parameter, subject, context);
  const type = resolveParameterType(declaredType, { ...subject, parameterName: name }, context);
  assertDescribable(type, { ...subject, parameterName: name }, context);
  const enriched = context.source.schemaOf(type);
  enrichSchema(enriched, type, context);
  const generated = hoistDefinitions(enriched);
  const documented = llmDescriptionOf(parameter, imports) ?? parameterTagText(parameter) ?? documentationSummary(parameter);
  const keywords = keywordTags(parameter);
  const { value, description } = parameterDefault(parameter, { ...generated, ...keywords }, documented);
  const schema: JsonSchema = {
    ...(description === undefined ? {} : { description }),
    ...withoutDescription(generated, description),
    ...keywords,
    ...(value.found ? { default: value.value } : {}),
  };
  const required =
    parameter.questionToken === undefined &&
    parameter.initializer === undefined &&
    !acceptsUndefined(type) &&
    !llmDescriptionMarksOptional(parameter, imports);
  return {
    name,
    schema,
    required,
    ...(value.found ? { default: value.value } : {}),
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

function restParameter(
  name: string,
  type: ts.Type,
  parameter: ts.ParameterDeclaration,
  subject: ToolSubject,
  context: GenerationContext,
): SchemaGenerationError {
  const source = sourceOf(parameter, context.baseDirectory);
  return new SchemaGenerationError(
    `Cannot describe the rest parameter '...${name}' of ${subject.className}.${subject.methodName ?? ''} (${source}): ` +
      `the model sends one named argument per parameter, and reflection refuses rest parameters too. ` +
      `Take an array parameter instead (\`${name}: ${context.checker.typeToString(type)}\`).`,
    { className: subject.className, methodName: subject.methodName, parameterName: name, source },
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
