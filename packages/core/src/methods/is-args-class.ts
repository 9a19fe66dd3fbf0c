import type { ArgsClass } from '../schema/class-args/compile-args-class.js';
import { readValidationMetadata } from '../schema/class-args/read-validation-metadata.js';

/**
 * @param type - a parameter's runtime type
 * @returns whether it is an Args class: a class with class-validator decorators (its own or inherited)
 */
export function isArgsClass(type: unknown): type is ArgsClass {
  return typeof type === 'function' && readValidationMetadata(type).length > 0;
}
