import { ts } from '../typescript.js';

/**
 * Looks through a type (union and intersection members, type arguments, properties,
 * index signatures) for a type parameter or another type that depends on one
 * (`keyof T`, `T['id']`, a conditional type), which has no schema until it is instantiated.
 * @param type - a parameter's type
 * @param checker - the run's type checker
 * @returns the first such type, or undefined when the type is fully known
 */
export function findTypeParameter(type: ts.Type, checker: ts.TypeChecker): ts.Type | undefined {
  const seen = new Set<ts.Type>();
  const visit = (current: ts.Type): ts.Type | undefined => {
    if (seen.has(current)) return undefined;
    seen.add(current);
    if (isThisType(current)) return undefined; // a class's own `this`, not a parameter of the tool
    if (current.flags & ts.TypeFlags.Instantiable) return current;
    const inner = [
      ...(current.isUnionOrIntersection() ? current.types : []),
      ...(current.aliasTypeArguments ?? []),
      ...(isReference(current) ? checker.getTypeArguments(current) : []),
    ];
    for (const member of inner) {
      const found = visit(member);
      if (found !== undefined) return found;
    }
    if (!(current.flags & ts.TypeFlags.Object)) return undefined;
    for (const property of checker.getPropertiesOfType(current)) {
      const found = visit(checker.getTypeOfSymbol(property));
      if (found !== undefined) return found;
    }
    for (const index of checker.getIndexInfosOfType(current)) {
      const found = visit(index.type);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(type);
}

/**
 * Tells whether a type parameter belongs to a class (`class Repo<T>`) rather than to a method.
 * @param type - a type found by {@link findTypeParameter}
 * @returns true for a class's type parameter
 */
export function isClassTypeParameter(type: ts.Type): boolean {
  const declaration = type.getSymbol()?.declarations?.[0];
  return declaration !== undefined && ts.isTypeParameterDeclaration(declaration) && ts.isClassLike(declaration.parent);
}

function isThisType(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.TypeParameter) !== 0 && (type as { isThisType?: boolean }).isThisType === true;
}

function isReference(type: ts.Type): type is ts.TypeReference {
  return (type.flags & ts.TypeFlags.Object) !== 0 && ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) !== 0;
}
