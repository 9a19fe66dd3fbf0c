import type { ToolSchemaManifestParameter } from '@toolcraft/core';
import { ts } from '../typescript.js';
import type { ImportedNames } from '../scan/imported-names.js';

/** The kinds of parameters the framework fills in itself. */
export type InjectedKind = NonNullable<ToolSchemaManifestParameter['injected']>;

const INJECTED = new Set<string>(['AgentContext', 'ToolCallMetadata']);
const CORE_FILE = /[\\/](@toolcraft[\\/]core|packages[\\/]core)[\\/]/;

/**
 * Tells whether a parameter is injected by the framework: typed `AgentContext` or
 * `ToolCallMetadata` from `@toolcraft/core` (by its import, or by the resolved type).
 * @param parameter - the parameter
 * @param type - its type
 * @param imports - what its file imports
 * @returns the kind, or undefined for a parameter the model sends
 */
export function injectedKind(parameter: ts.ParameterDeclaration, type: ts.Type, imports: ImportedNames): InjectedKind | undefined {
  const node = parameter.type;
  if (node !== undefined && ts.isTypeReferenceNode(node)) {
    const name = imports.resolveTypeName(node.typeName);
    if (name !== undefined && INJECTED.has(name)) return name as InjectedKind;
  }
  const symbol = type.getSymbol();
  const fromCore = symbol?.declarations?.some((d) => CORE_FILE.test(d.getSourceFile().fileName)) === true;
  return symbol !== undefined && fromCore && INJECTED.has(symbol.name) ? (symbol.name as InjectedKind) : undefined;
}
