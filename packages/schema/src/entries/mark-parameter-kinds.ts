import type { JsonSchema, ToolSchemaManifestParameter } from '@toolcraft/core';
import { ts } from '../typescript.js';
import type { GenerationContext } from './generation-context.js';

/**
 * Marks what the runtime must do beyond validation, matching what reflection does: a method whose
 * only model-visible parameter is a decorated class takes its properties at the top level
 * (`argsObject`), and a `Date` parameter is turned back into a `Date` (`decodeAs`).
 * @param method - the method declaration
 * @param parameters - its manifest parameters, in order (same order as the declaration's)
 * @param context - the run
 * @returns the parameters, marked, and the input schema when it is an Args class's own schema
 */
export function markParameterKinds(
  method: ts.MethodDeclaration,
  parameters: ToolSchemaManifestParameter[],
  context: GenerationContext,
): { parameters: ToolSchemaManifestParameter[]; argsSchema?: JsonSchema } {
  const declarations = method.parameters.filter((parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this'));
  const marked = parameters.map((parameter, index) => {
    const declaration = declarations[index];
    if (declaration === undefined || parameter.injected !== undefined) return parameter;
    const type = context.checker.getTypeAtLocation(declaration);
    return isDate(type) ? { ...parameter, decodeAs: 'Date' as const } : parameter;
  });
  const visible = marked.filter((parameter) => parameter.injected === undefined);
  if (visible.length !== 1) return { parameters: marked };
  const only = visible[0]!;
  const declaration = declarations[marked.indexOf(only)];
  if (declaration === undefined || !isDecoratedClass(context.checker.getTypeAtLocation(declaration)) || only.schema?.type !== 'object') {
    return { parameters: marked };
  }
  const withFlag = marked.map((parameter) => (parameter === only ? { ...parameter, argsObject: true } : parameter));
  const { description: _description, ...argsSchema } = only.schema;
  return { parameters: withFlag, argsSchema: { ...argsSchema, required: argsSchema.required ?? [] } };
}

function isDate(type: ts.Type): boolean {
  const members = type.isUnion()
    ? type.types.filter((member) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) === 0)
    : [type];
  return members.length === 1 && members[0]!.getSymbol()?.getName() === 'Date';
}

/** A class (not an interface) with at least one decorated property: an Args class, as reflection sees it. */
function isDecoratedClass(type: ts.Type): boolean {
  const declaration = type.getSymbol()?.valueDeclaration;
  if (declaration === undefined || !ts.isClassDeclaration(declaration)) return false;
  return declaration.members.some((member) => ts.isPropertyDeclaration(member) && (ts.getDecorators(member)?.length ?? 0) > 0);
}
