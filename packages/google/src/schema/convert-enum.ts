import { Type } from '@google/genai';
import { refuse, type SchemaContext } from './schema-context.js';

/** What an `enum` or a `const` becomes in Gemini's Schema. */
export interface GeminiEnum {
  type: Type;
  enum: string[];
  /** `'enum'` for numbers, the form Gemini's Schema documents for a numeric enum. */
  format?: 'enum';
  /** Whether `null` was one of the values. */
  nullable: boolean;
}

/**
 * Converts the allowed values of an `enum` (or the one value of a `const`) to Gemini's enum, which
 * holds strings: strings as they are (type `STRING`); numbers as their decimal text with
 * `format: 'enum'` and type `INTEGER` or `NUMBER`, the form the Schema reference documents
 * (`{ type: INTEGER, format: enum, enum: ['101', '201'] }`); `null` as `nullable`.
 * @param values - the allowed values
 * @param declared - the schema's declared JSON type (without `null`), if any
 * @param path - where in the schema
 * @param keyword - `'enum'` or `'const'`, for errors
 * @param context - the conversion
 * @returns the Gemini enum
 * @throws ProviderSchemaError for booleans, objects, arrays, mixed types, only `null`, or values that do not fit the declared type
 */
export function convertEnum(
  values: readonly unknown[],
  declared: string | undefined,
  path: string,
  keyword: string,
  context: SchemaContext,
): GeminiEnum {
  const present = values.filter((value) => value !== null);
  const nullable = present.length < values.length;
  if (present.length === 0) {
    refuse(
      context,
      path,
      keyword,
      "only null is allowed, which tells the model nothing and Gemini's Schema has no null-only type: remove the property",
    );
  }
  if (present.every((value) => typeof value === 'string')) {
    if (declared !== undefined && declared !== 'string') {
      refuse(context, path, keyword, `string values for a value of type '${declared}': make the type 'string' or the values ${declared}s`);
    }
    return { type: Type.STRING, enum: present as string[], nullable };
  }
  if (present.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    const integers = (present as number[]).every((value) => Number.isInteger(value));
    const type = declared ?? (integers ? 'integer' : 'number');
    if (type !== 'integer' && type !== 'number') {
      refuse(context, path, keyword, `number values for a value of type '${type}': make the type 'number' or 'integer'`);
    }
    if (type === 'integer' && !integers)
      refuse(context, path, keyword, "fractional values for a value of type 'integer': make the type 'number'");
    return { type: type === 'integer' ? Type.INTEGER : Type.NUMBER, enum: present.map(String), format: 'enum', nullable };
  }
  if (present.every((value) => typeof value === 'boolean')) {
    refuse(
      context,
      path,
      keyword,
      "Gemini's enum holds strings (and numbers, as strings), not booleans: use type 'boolean' without an enum, or string values",
    );
  }
  return refuse(
    context,
    path,
    keyword,
    "Gemini's enum holds strings or numbers of one type: the values mix types or hold objects or arrays",
  );
}
