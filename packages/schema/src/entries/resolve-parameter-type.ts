import { ts } from '../typescript.js';
import { SchemaGenerationError } from '../errors/schema-generation-error.js';
import { sourceOf } from '../schema/assert-describable.js';
import { findTypeParameter, isClassTypeParameter } from '../schema/find-type-parameter.js';
import type { GenerationContext, ToolSubject } from './generation-context.js';

/**
 * Replaces a parameter typed with a type parameter (`id: K`, `v?: T`) by its constraint
 * (`K extends string` gives `string`), which is what the model may send.
 * @param type - the parameter's type
 * @param subject - the tool and the parameter, for messages
 * @param context - the run
 * @returns the type to describe: the type itself when it has no type parameter
 * @throws SchemaGenerationError when a type parameter has no constraint to describe
 * (none, `unknown` or `{}`) or sits inside the type (`Partial<T>`, `T[]`)
 */
export function resolveParameterType(type: ts.Type, subject: ToolSubject & { parameterName: string }, context: GenerationContext): ts.Type {
  const { checker } = context;
  const found = findTypeParameter(type, checker);
  if (found === undefined) return type;
  const constraint = type.flags & (ts.TypeFlags.TypeParameter | ts.TypeFlags.Union) ? checker.getBaseConstraintOfType(type) : undefined;
  if (constraint !== undefined && findTypeParameter(constraint, checker) === undefined && !isUnknownOrEmpty(constraint, checker)) {
    return constraint;
  }
  throw unresolvedTypeParameter(type, found, subject, context);
}

function isUnknownOrEmpty(type: ts.Type, checker: ts.TypeChecker): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some(
    (member) =>
      (member.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) !== 0 ||
      ((member.flags & ts.TypeFlags.Object) !== 0 &&
        checker.getPropertiesOfType(member).length === 0 &&
        checker.getIndexInfosOfType(member).length === 0 &&
        member.getCallSignatures().length === 0),
  );
}

function unresolvedTypeParameter(
  type: ts.Type,
  found: ts.Type,
  subject: ToolSubject & { parameterName: string },
  context: GenerationContext,
): SchemaGenerationError {
  const { className, methodName = '', parameterName } = subject;
  const typeText = context.checker.typeToString(type);
  const name = context.checker.typeToString(found);
  const fix = isClassTypeParameter(found)
    ? `Declare a concrete subclass that fills in ${name} among the scanned files (\`class My${className} extends ${className}<...>\`): ` +
      `its entry \`My${className}.${methodName}\` is generated with the substituted types. ` +
      `Or give ${name} a JSON-compatible constraint (\`${name} extends string\`), or use a concrete type.`
    : `Give ${name} a JSON-compatible constraint (\`<${name} extends string>\`), or use a concrete type instead of a type parameter.`;
  return new SchemaGenerationError(
    `Cannot describe parameter '${parameterName}' of ${className}.${methodName} (${sourceOf(subject.node, context.baseDirectory)}) ` +
      `as JSON Schema: ${typeText === name ? 'its type is' : `its type '${typeText}' depends on`} the type parameter '${name}', ` +
      `which has no constraint to describe. ${fix}`,
    { className, methodName, parameterName, source: sourceOf(subject.node, context.baseDirectory) },
  );
}
