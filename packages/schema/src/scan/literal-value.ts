import { ts } from '../typescript.js';

/** The value of a literal expression, or `found: false` when it is not a plain literal. */
export type LiteralValue = { found: true; value: unknown } | { found: false };

const NOT_FOUND: LiteralValue = { found: false };

/**
 * Evaluates a literal expression written in source: strings, numbers (negative too),
 * booleans, `null`, and arrays and objects made of them.
 * @param expression - the expression, e.g. a parameter initializer or a decorator argument
 * @returns the value, or `found: false` for anything computed
 */
export function literalValue(expression: ts.Expression): LiteralValue {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return { found: true, value: expression.text };
  }
  if (ts.isNumericLiteral(expression)) return { found: true, value: Number(expression.text) };
  if (ts.isPrefixUnaryExpression(expression) && expression.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(expression.operand))
    return { found: true, value: -Number(expression.operand.text) };
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return { found: true, value: true };
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return { found: true, value: false };
  if (expression.kind === ts.SyntaxKind.NullKeyword) return { found: true, value: null };
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression))
    return literalValue(expression.expression);
  if (ts.isArrayLiteralExpression(expression)) return arrayValue(expression);
  if (ts.isObjectLiteralExpression(expression)) return objectValue(expression);
  return NOT_FOUND;
}

function arrayValue(expression: ts.ArrayLiteralExpression): LiteralValue {
  const values: unknown[] = [];
  for (const element of expression.elements) {
    const item = literalValue(element);
    if (!item.found) return NOT_FOUND;
    values.push(item.value);
  }
  return { found: true, value: values };
}

function objectValue(expression: ts.ObjectLiteralExpression): LiteralValue {
  const value: Record<string, unknown> = {};
  for (const property of expression.properties) {
    if (!ts.isPropertyAssignment(property)) return NOT_FOUND;
    const key = propertyKey(property.name);
    const item = literalValue(property.initializer);
    if (key === undefined || !item.found) return NOT_FOUND;
    value[key] = item.value;
  }
  return { found: true, value };
}

function propertyKey(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/**
 * Reads one string property of an object literal (`{ customName: 'x' }`); the other
 * properties may be computed.
 * @param expression - the object literal, or anything else
 * @param key - the property's name
 * @returns the string, or undefined when absent or not a literal string
 */
export function literalStringProperty(expression: ts.Expression | undefined, key: string): string | undefined {
  if (expression === undefined || !ts.isObjectLiteralExpression(expression)) return undefined;
  for (const property of expression.properties) {
    if (!ts.isPropertyAssignment(property) || propertyKey(property.name) !== key) continue;
    const value = literalValue(property.initializer);
    return value.found && typeof value.value === 'string' ? value.value : undefined;
  }
  return undefined;
}

/**
 * Reads one boolean property of an object literal (`{ optional: true }`).
 * @param expression - the object literal, or anything else
 * @param key - the property's name
 * @returns the boolean, or undefined when absent or not a literal boolean
 */
export function literalBooleanProperty(expression: ts.Expression | undefined, key: string): boolean | undefined {
  if (expression === undefined || !ts.isObjectLiteralExpression(expression)) return undefined;
  for (const property of expression.properties) {
    if (!ts.isPropertyAssignment(property) || propertyKey(property.name) !== key) continue;
    const value = literalValue(property.initializer);
    return value.found && typeof value.value === 'boolean' ? value.value : undefined;
  }
  return undefined;
}
