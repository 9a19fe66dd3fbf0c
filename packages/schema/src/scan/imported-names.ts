import { ts } from '../typescript.js';

/** The modules whose exports toolcraft-schema recognises. */
const TOOLCRAFT_MODULES = new Set(['@toolcraft/core', '@toolcraft/core/annotations']);

/**
 * What a file imports from toolcraft and class-validator, so decorators and base
 * classes are recognised by what they are, whatever local name they were given.
 */
export class ImportedNames {
  private readonly named = new Map<string, { module: string; name: string }>();
  private readonly namespaces = new Map<string, string>();

  /** @param sourceFile - the file whose import declarations are read */
  constructor(sourceFile: ts.SourceFile) {
    for (const statement of sourceFile.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const module = statement.moduleSpecifier.text;
      const bindings = statement.importClause?.namedBindings;
      if (bindings === undefined) continue;
      if (ts.isNamespaceImport(bindings)) this.namespaces.set(bindings.name.text, module);
      else
        for (const element of bindings.elements) {
          this.named.set(element.name.text, { module, name: (element.propertyName ?? element.name).text });
        }
    }
  }

  /**
   * Tells which export an expression names (`Tool`, `tc.Tool`), if it comes from one of the modules.
   * @param expression - an identifier or a `namespace.name` access
   * @param modules - the accepted module names; toolcraft's by default
   * @returns the exported name, or undefined
   */
  resolve(expression: ts.Expression, modules: ReadonlySet<string> = TOOLCRAFT_MODULES): string | undefined {
    if (ts.isIdentifier(expression)) {
      const found = this.named.get(expression.text);
      return found !== undefined && modules.has(found.module) ? found.name : undefined;
    }
    if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
      const module = this.namespaces.get(expression.expression.text);
      return module !== undefined && modules.has(module) ? expression.name.text : undefined;
    }
    return undefined;
  }

  /**
   * Like {@link resolve}, for a type reference's name (`AgentContext`, `core.AgentContext`).
   * @param typeName - the name of a type reference
   * @returns the exported name, or undefined
   */
  resolveTypeName(typeName: ts.EntityName): string | undefined {
    if (ts.isIdentifier(typeName)) return this.resolve(typeName);
    if (!ts.isIdentifier(typeName.left)) return undefined;
    const module = this.namespaces.get(typeName.left.text);
    return module !== undefined && TOOLCRAFT_MODULES.has(module) ? typeName.right.text : undefined;
  }
}

/**
 * Caches one {@link ImportedNames} per source file for a run.
 * @returns a function giving the imports of a file
 */
export function importedNamesCache(): (sourceFile: ts.SourceFile) => ImportedNames {
  const cache = new Map<ts.SourceFile, ImportedNames>();
  return (sourceFile) => {
    let names = cache.get(sourceFile);
    if (names === undefined) cache.set(sourceFile, (names = new ImportedNames(sourceFile)));
    return names;
  };
}
