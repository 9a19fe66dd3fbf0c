import { ts } from '../typescript.js';
import { findTypeParameter, isClassTypeParameter } from '../schema/find-type-parameter.js';
import type { ToolMethodDeclaration } from './tool-declarations.js';

/**
 * Finds the classes that inherit `@Tool` methods of a generic base class without overriding them
 * (`class UserRepo extends Repo<User>` inheriting `Repo.update(id: K, patch: Partial<T>)`), with
 * the methods' parameter types as seen from that class (`Partial<User>`). Classes that are still
 * generic in those types (`class CachedRepo<T> extends Repo<T>`) are left to their own subclasses.
 * @param sourceFiles - the files to look for inheriting classes in
 * @param genericMethods - `@Tool` methods whose parameters use their class's type parameters
 * @param checker - the run's type checker
 * @returns one declaration per inheriting class and method, keyed by the inheriting class
 */
export function findInheritedToolMethods(
  sourceFiles: readonly ts.SourceFile[],
  genericMethods: readonly ToolMethodDeclaration[],
  checker: ts.TypeChecker,
): ToolMethodDeclaration[] {
  if (genericMethods.length === 0) return [];
  const found: ToolMethodDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name !== undefined && node.heritageClauses !== undefined) {
      for (const method of genericMethods) {
        if (method.classDeclaration === node) continue;
        const inherited = inheritedMethod(node, node.name, method, checker);
        if (inherited !== undefined) found.push(inherited);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const sourceFile of sourceFiles) visit(sourceFile);
  return found;
}

function inheritedMethod(
  classDeclaration: ts.ClassDeclaration,
  name: ts.Identifier,
  method: ToolMethodDeclaration,
  checker: ts.TypeChecker,
): ToolMethodDeclaration | undefined {
  const symbol = checker.getSymbolAtLocation(name);
  if (symbol === undefined) return undefined;
  const isStatic = ts.getCombinedModifierFlags(method.method) & ts.ModifierFlags.Static;
  const owner = isStatic ? checker.getTypeOfSymbol(symbol) : checker.getDeclaredTypeOfSymbol(symbol);
  const property = checker.getPropertyOfType(owner, method.methodName);
  if (property === undefined || property.valueDeclaration !== method.method) return undefined; // not inherited, or overridden
  const signature = checker.getTypeOfSymbolAtLocation(property, classDeclaration).getCallSignatures()[0];
  if (signature === undefined) return undefined;
  const parameterTypes = signature.parameters.map((parameter) => checker.getTypeOfSymbolAtLocation(parameter, classDeclaration));
  const stillGeneric = parameterTypes.some((type) => {
    const found = findTypeParameter(type, checker);
    return found !== undefined && isClassTypeParameter(found);
  });
  if (stillGeneric) return undefined;
  return { ...method, classDeclaration, className: name.text, parameterTypes };
}

/**
 * Tells whether an `@Tool` method's parameters use its class's type parameters (`class Repo<T>`
 * with `update(patch: Partial<T>)`), so inheriting classes need entries of their own.
 * @param declaration - the method
 * @param checker - the run's type checker
 * @returns true when a parameter's type depends on a class type parameter
 */
export function usesClassTypeParameters(declaration: ToolMethodDeclaration, checker: ts.TypeChecker): boolean {
  if (declaration.classDeclaration.typeParameters === undefined) return false;
  return declaration.method.parameters.some((parameter) => {
    const found = findTypeParameter(checker.getTypeAtLocation(parameter), checker);
    return found !== undefined && isClassTypeParameter(found);
  });
}
