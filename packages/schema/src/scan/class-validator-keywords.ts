import type { JsonSchema } from '@toolcraft/core';
import { ts } from '../typescript.js';
import { decoratorCalls } from './decorators.js';
import type { ImportedNames } from './imported-names.js';
import { literalValue } from './literal-value.js';

const CLASS_VALIDATOR = new Set(['class-validator']);
const NUMBER_KEYWORDS: Record<string, string> = {
  Min: 'minimum',
  Max: 'maximum',
  MinLength: 'minLength',
  MaxLength: 'maxLength',
  ArrayMinSize: 'minItems',
  ArrayMaxSize: 'maxItems',
};
const FORMATS: Record<string, string> = { IsEmail: 'email', IsUrl: 'uri', IsUUID: 'uuid', IsDateString: 'date-time' };

/**
 * Reads the JSON Schema keywords that common class-validator decorators on a property
 * stand for (`@IsInt`, `@Min`, `@Max`, `@MinLength`, `@MaxLength`, `@Matches`,
 * `@ArrayMinSize`, `@ArrayMaxSize`, `@IsEmail`, `@IsUrl`, `@IsUUID`, `@IsDateString`).
 * @param node - a property declaration
 * @param imports - what its file imports
 * @returns the keywords found
 */
export function classValidatorKeywords(node: ts.Node, imports: ImportedNames): JsonSchema {
  const schema: JsonSchema = {};
  for (const call of decoratorCalls(node, imports, CLASS_VALIDATOR)) {
    const first = call.arguments[0];
    const value = first === undefined ? undefined : literalValue(first);
    const keyword = NUMBER_KEYWORDS[call.name];
    if (keyword !== undefined && value?.found === true && typeof value.value === 'number') schema[keyword] = value.value;
    else if (call.name === 'IsInt') schema.type = 'integer';
    else if (FORMATS[call.name] !== undefined) schema.format = FORMATS[call.name];
    else if (call.name === 'Matches' && first !== undefined && ts.isRegularExpressionLiteral(first)) {
      schema.pattern = first.text.slice(1, first.text.lastIndexOf('/'));
    } else if (call.name === 'Matches' && value?.found === true && typeof value.value === 'string') {
      schema.pattern = value.value;
    }
  }
  return schema;
}
