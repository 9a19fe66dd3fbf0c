import { ts } from '../typescript.js';
import type { ImportedNames } from './imported-names.js';
import { literalBooleanProperty, literalStringProperty, literalValue } from './literal-value.js';

/** A decorator call found on a declaration: the exported name it resolves to and its arguments. */
export interface DecoratorCall {
  /** The exported name (`Tool`, `LLMDescription`, `Min`...). */
  name: string;
  /** The call's arguments (empty for a bare `@Name`). */
  arguments: readonly ts.Expression[];
}

/**
 * Lists the decorators of a declaration that come from the given modules.
 * @param node - a class, method, property or parameter
 * @param imports - what the declaration's file imports
 * @param modules - the accepted modules; toolcraft's by default
 * @returns the recognised decorators, in source order
 */
export function decoratorCalls(node: ts.Node, imports: ImportedNames, modules?: ReadonlySet<string>): DecoratorCall[] {
  if (!ts.canHaveDecorators(node)) return [];
  const calls: DecoratorCall[] = [];
  for (const decorator of ts.getDecorators(node) ?? []) {
    const expression = decorator.expression;
    const callee = ts.isCallExpression(expression) ? expression.expression : expression;
    const name = imports.resolve(callee, modules);
    if (name !== undefined) calls.push({ name, arguments: ts.isCallExpression(expression) ? expression.arguments : [] });
  }
  return calls;
}

/**
 * Reads `@LLMDescription('text')` or `@LLMDescription({ description: 'text' })` from a declaration.
 * @param node - a class, method, property or parameter
 * @param imports - what the declaration's file imports
 * @returns the description, or undefined when absent or not a literal
 */
export function llmDescriptionOf(node: ts.Node, imports: ImportedNames): string | undefined {
  const call = decoratorCalls(node, imports).find((decorator) => decorator.name === 'LLMDescription');
  const argument = call?.arguments[0];
  if (argument === undefined) return undefined;
  const value = literalValue(argument);
  if (value.found && typeof value.value === 'string') return value.value;
  return literalStringProperty(argument, 'description');
}

/**
 * Tells whether a declaration is marked `@LLMDescription({ description, optional: true })`, which
 * makes a parameter optional under reflection too (reflection cannot see `?`).
 * @param node - a property or parameter
 * @param imports - what the declaration's file imports
 * @returns true when marked optional with a literal `true`
 */
export function llmDescriptionMarksOptional(node: ts.Node, imports: ImportedNames): boolean {
  const call = decoratorCalls(node, imports).find((decorator) => decorator.name === 'LLMDescription');
  return literalBooleanProperty(call?.arguments[0], 'optional') === true;
}
