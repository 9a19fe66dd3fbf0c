import type { JsonSchema } from '../json-schema.js';

/** The kinds of value a class-validator type decorator declares. */
export type BaseKind = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'enum' | 'date';

/** What the decorators of one property say about a value (the property's, or each item's). */
export interface PropertyTarget {
  /** The kind from type decorators (`@IsString`, `@IsInt`, `@IsIn`, ...). */
  base?: BaseKind;
  /** The allowed values, for `enum`. */
  values?: unknown[];
  /** JSON Schema keywords from constraint decorators (minimum, maxLength, pattern, format, ...). */
  keywords: JsonSchema;
  /** The decorators that set each keyword, for messages. */
  sources: Record<string, string>;
  /** Constraints with no JSON Schema meaning, checked by class-validator itself. */
  custom: string[];
  /**
   * Constraints whose JSON Schema keyword (a format) the model is shown, but which class-validator
   * also checks itself, for the options and rules the keyword cannot carry (`@IsUrl`, `@IsEmail`).
   */
  alsoChecked: string[];
  /** `@IsNotEmpty` seen; resolved once the kind is known. */
  notEmpty: boolean;
}

/** @returns an empty {@link PropertyTarget} */
export function emptyTarget(): PropertyTarget {
  return { keywords: {}, sources: {}, custom: [], alsoChecked: [], notEmpty: false };
}

/** Array constraints of a property. */
export interface ArrayRules {
  isArray: boolean;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}
