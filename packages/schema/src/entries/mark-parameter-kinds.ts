import type { ToolSchemaManifestParameter, ToolSchemaManifestSchema } from '@toolcraft/core';
import { ts } from '../typescript.js';
import { isArgsClassType } from '../scan/args-class.js';
import type { GenerationContext } from './generation-context.js';

/**
 * Marks what the runtime must do beyond validation, matching what reflection does: a method whose
 * only model-visible parameter is a decorated class takes its properties at the top level
 * (`argsObject`), and a `Date` parameter is turned back into a `Date` (`decodeAs`).
 * @param parameters - a method's manifest parameters, in order
 * @param types - their types, in the same order
 * @param context - the run
 * @returns the parameters, marked, and the input schema when it is an Args class's own schema
 */
export function markParameterKinds(
  parameters: ToolSchemaManifestParameter[],
  types: readonly ts.Type[],
  context: GenerationContext,
): { parameters: ToolSchemaManifestParameter[]; argsSchema?: ToolSchemaManifestSchema } {
  const marked = parameters.map((parameter, index) => {
    const type = types[index];
    if (type === undefined || parameter.injected !== undefined) return parameter;
    return isDate(type) ? { ...parameter, decodeAs: 'Date' as const } : parameter;
  });
  const visible = marked.filter((parameter) => parameter.injected === undefined);
  if (visible.length !== 1) return { parameters: marked };
  const only = visible[0]!;
  const type = types[marked.indexOf(only)];
  if (type === undefined || !isArgsClassType(type, context) || only.schema?.type !== 'object') return { parameters: marked };
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
