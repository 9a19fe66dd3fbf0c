import { ts } from '../typescript.js';

/** A part of a type that JSON Schema cannot describe. */
export interface UndescribableType {
  /** The path inside the type (`''` for the type itself, `options.onDone`, `items[]`). */
  path: string;
  /** The offending type as TypeScript prints it. */
  typeText: string;
  /** Why it cannot be described, e.g. `a function`. */
  reason: string;
}

const LIBRARY_TYPES: Record<string, string> = {
  Promise: 'a Promise',
  PromiseLike: 'a Promise',
  Map: 'a Map',
  ReadonlyMap: 'a Map',
  WeakMap: 'a WeakMap',
  Set: 'a Set',
  ReadonlySet: 'a Set',
  WeakSet: 'a WeakSet',
  WeakRef: 'a WeakRef',
  RegExp: 'a RegExp',
  Function: 'a function',
  Error: 'an Error',
  ArrayBuffer: 'binary data',
  SharedArrayBuffer: 'binary data',
  DataView: 'binary data',
  Uint8Array: 'binary data',
  Buffer: 'binary data',
  Blob: 'binary data',
  Iterator: 'an iterator',
  Iterable: 'an iterator',
  AsyncIterable: 'an async iterator',
  Generator: 'a generator',
  AsyncGenerator: 'a generator',
  AbortSignal: 'an AbortSignal',
};

/**
 * Looks through a type (union members, array items, properties, record values) for a
 * part the model cannot send as JSON: functions, Promises, Maps, Sets, symbols, bigints,
 * and types that do not resolve.
 * @param type - the type of a parameter or Args type
 * @param checker - the run's type checker
 * @returns the first such part, or undefined when the whole type can be described
 */
export function findUndescribableType(type: ts.Type, checker: ts.TypeChecker): UndescribableType | undefined {
  const seen = new Set<ts.Type>();
  const visit = (current: ts.Type, path: string): UndescribableType | undefined => {
    if (seen.has(current)) return undefined;
    seen.add(current);
    const reason = reasonFor(current, checker);
    if (reason !== undefined) return { path, typeText: checker.typeToString(current), reason };
    if (current.isUnionOrIntersection()) return first(current.types, (member) => visit(member, path));
    if (!(current.flags & ts.TypeFlags.Object) || isDate(current)) return undefined;
    if (checker.isArrayType(current) || checker.isTupleType(current)) {
      return first(checker.getTypeArguments(current as ts.TypeReference), (item) => visit(item, `${path}[]`));
    }
    for (const property of checker.getPropertiesOfType(current)) {
      if (property.flags & ts.SymbolFlags.Method || isPrivate(property)) continue;
      const found = visit(checker.getTypeOfSymbol(property), join(path, property.name));
      if (found !== undefined) return found;
    }
    const index = checker.getIndexInfosOfType(current)[0];
    return index === undefined ? undefined : visit(index.type, join(path, '[key]'));
  };
  return visit(type, '');
}

function reasonFor(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  if (type.flags & ts.TypeFlags.ESSymbolLike) return 'a symbol';
  if (type.flags & ts.TypeFlags.BigIntLike) return 'a bigint';
  if ((type as { intrinsicName?: string }).intrinsicName === 'error') return 'a type that does not resolve';
  if (!(type.flags & ts.TypeFlags.Object)) return undefined;
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  const library = symbol === undefined ? undefined : LIBRARY_TYPES[symbol.name];
  if (library !== undefined && symbol?.declarations?.some((d) => d.getSourceFile().isDeclarationFile)) return library;
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) return 'a function';
  if (checker.getSignaturesOfType(type, ts.SignatureKind.Construct).length > 0) return 'a class constructor';
  return undefined;
}

function isDate(type: ts.Type): boolean {
  return type.getSymbol()?.name === 'Date';
}

function isPrivate(property: ts.Symbol): boolean {
  return (property.declarations ?? []).some(
    (declaration) => ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected),
  );
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

function first<T, R>(items: readonly T[], map: (item: T) => R | undefined): R | undefined {
  for (const item of items) {
    const result = map(item);
    if (result !== undefined) return result;
  }
  return undefined;
}
