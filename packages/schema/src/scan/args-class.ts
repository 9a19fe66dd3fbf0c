import { ts } from '../typescript.js';
import type { EnrichContext } from '../schema/enrich-schema.js';
import { decoratorCalls } from './decorators.js';

const CLASS_VALIDATOR = new Set(['class-validator']);

/**
 * Tells whether a type is an Args class as reflection sees it: a class (not an interface) with
 * at least one property decorated from class-validator or with toolcraft's `@LLMDescription`
 * (Koog-style Args), declared on the class itself or on a class it extends
 * (`class ListUsersArgs extends PageArgs`, `PageArgs` having `@IsInt() page`).
 * @param type - a parameter's type
 * @param context - the run's checker and imports
 * @returns true for an Args class
 */
export function isArgsClassType(type: ts.Type, context: Pick<EnrichContext, 'checker' | 'importsOf'>): boolean {
  const seen = new Set<ts.Type>();
  const visit = (current: ts.Type): boolean => {
    if (seen.has(current)) return false;
    seen.add(current);
    const declaration = current.getSymbol()?.valueDeclaration;
    if (declaration === undefined || !ts.isClassDeclaration(declaration)) return false;
    if (hasValidatedProperty(declaration, context)) return true;
    const target = (current as ts.TypeReference).target ?? current;
    return (context.checker.getBaseTypes(target as ts.InterfaceType) ?? []).some(visit);
  };
  return visit(type);
}

function hasValidatedProperty(declaration: ts.ClassDeclaration, context: Pick<EnrichContext, 'importsOf'>): boolean {
  const imports = context.importsOf(declaration.getSourceFile());
  return declaration.members.some(
    (member) =>
      ts.isPropertyDeclaration(member) &&
      (decoratorCalls(member, imports, CLASS_VALIDATOR).length > 0 ||
        decoratorCalls(member, imports).some((call) => call.name === 'LLMDescription')),
  );
}
