import type { JsonSchema } from '@toolcraft/core';
import type { ts } from '../typescript.js';
import { ownTags } from './tsdoc.js';

const NUMERIC = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
]);
const TEXT = new Set(['pattern', 'format']);

/**
 * Reads JSON Schema keywords from a parameter's own TSDoc comment:
 * `@minimum`, `@maximum`, `@exclusiveMinimum`, `@exclusiveMaximum`, `@multipleOf`,
 * `@minLength`, `@maxLength`, `@minItems`, `@maxItems`, `@pattern`, `@format`,
 * and `@uniqueItems`. (`@default` is read by `defaultTagText`, as whether it applies depends on the type.)
 * @param node - the parameter (e.g. `/** @minimum 0 *\/ count: number`)
 * @returns the keywords found
 */
export function keywordTags(node: ts.Node): JsonSchema {
  const schema: JsonSchema = {};
  for (const { name, text } of ownTags(node)) {
    if (NUMERIC.has(name) && text !== '' && Number.isFinite(Number(text))) schema[name] = Number(text);
    else if (TEXT.has(name) && text !== '') schema[name] = text;
    else if (name === 'uniqueItems') schema.uniqueItems = text !== 'false';
  }
  return schema;
}
