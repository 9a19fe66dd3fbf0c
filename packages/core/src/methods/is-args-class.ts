import { hasArgsDeclarations, type ArgsClass } from '../schema/class-args/compile-args-class.js';

/**
 * Tells whether a parameter's runtime type is an Args class: a class with class-validator decorators
 * or properties declared with `@LLMDescription` (its own or inherited), as `@toolcraft/schema` decides too.
 * @param type - a parameter's runtime type
 * @returns whether it is an Args class
 */
export function isArgsClass(type: unknown): type is ArgsClass {
  return type !== Object && hasArgsDeclarations(type);
}
