import { ToolMetadataReader } from '../metadata/tool-metadata-reader.js';
import type { ArgsClass } from '../schema/class-args/compile-args-class.js';
import { readValidationMetadata } from '../schema/class-args/read-validation-metadata.js';

/**
 * Tells whether a parameter's runtime type is an Args class: a class with class-validator decorators
 * or properties declared with `@LLMDescription` (its own or inherited), as `@toolcraft/schema` decides too.
 * @param type - a parameter's runtime type
 * @returns whether it is an Args class
 */
export function isArgsClass(type: unknown): type is ArgsClass {
  if (typeof type !== 'function' || [String, Number, Boolean, Date, Array, Object, Function].includes(type as never)) return false;
  return readValidationMetadata(type).length > 0 || ToolMetadataReader.readDeclaredProperties(type).length > 0;
}
