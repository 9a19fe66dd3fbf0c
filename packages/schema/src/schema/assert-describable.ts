import * as path from 'node:path';
import { ts } from '../typescript.js';
import { SchemaGenerationError } from '../errors/schema-generation-error.js';
import type { GenerationContext, ToolSubject } from '../entries/generation-context.js';
import { findUndescribableType } from './find-undescribable-type.js';

const ADVICE =
  'Use a JSON-compatible type (string, number, boolean, a literal union, an enum, an array, ' +
  'a plain interface or class, Date, Record<string, T>)';

/**
 * Checks that a parameter's (or Args) type can be described as JSON Schema.
 * @param type - the type
 * @param subject - the tool, and the parameter name when it is a method parameter
 * @param context - the run
 * @throws SchemaGenerationError naming the class, method, parameter and offending part, and what to do
 */
export function assertDescribable(type: ts.Type, subject: ToolSubject & { parameterName?: string }, context: GenerationContext): void {
  const found = findUndescribableType(type, context.checker);
  if (found === undefined) return;
  const source = sourceOf(subject.node, context.baseDirectory);
  const tool = subject.methodName === undefined ? `tool class ${subject.className}` : `${subject.className}.${subject.methodName}`;
  const what = subject.parameterName === undefined ? `the Args type of ${tool}` : `parameter '${subject.parameterName}' of ${tool}`;
  const part =
    found.path === ''
      ? `its type '${found.typeText}' is ${found.reason}`
      : `its property '${found.path}' has type '${found.typeText}', ${found.reason}`;
  const advice =
    subject.parameterName === undefined
      ? `${ADVICE}.`
      : `${ADVICE}, or type it AgentContext / ToolCallMetadata if the framework should inject it.`;
  throw new SchemaGenerationError(
    `Cannot describe ${what} (${source}) as JSON Schema: ${part}, and the model can only send JSON. ${advice}`,
    {
      className: subject.className,
      methodName: subject.methodName,
      parameterName: subject.parameterName,
      propertyPath: found.path === '' ? undefined : found.path,
      source,
    },
  );
}

/**
 * Formats where a node is, for messages.
 * @param node - any node
 * @param baseDirectory - paths are made relative to it
 * @returns e.g. `src/weather-service.ts:14`
 */
export function sourceOf(node: ts.Node, baseDirectory: string): string {
  const file = node.getSourceFile();
  const { line } = ts.getLineAndCharacterOfPosition(file, node.getStart(file));
  return `${path.relative(baseDirectory, file.fileName).split(path.sep).join('/')}:${line + 1}`;
}
