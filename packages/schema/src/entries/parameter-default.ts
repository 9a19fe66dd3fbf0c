import type { JsonSchema } from '@toolcraft/core';
import type { ts } from '../typescript.js';
import { defaultTagText, parseDefaultTag, type DefaultTagValue } from '../docs/default-tag.js';
import { literalValue } from '../scan/literal-value.js';

/**
 * Decides a parameter's default: a literal initializer wins (the code is the truth); else a
 * `@default` / `@defaultValue` tag that is JSON (or a single-quoted string) fitting the schema's
 * type; else the tag's text goes into the description as `Default: <text>.`
 * @param parameter - the parameter
 * @param schema - its schema, keywords included (for the type check)
 * @param description - its description so far
 * @returns the default value, if any, and the description to use
 */
export function parameterDefault(
  parameter: ts.ParameterDeclaration,
  schema: JsonSchema,
  description: string | undefined,
): { value: DefaultTagValue; description: string | undefined } {
  const initial = parameter.initializer === undefined ? undefined : literalValue(parameter.initializer);
  if (initial?.found === true) return { value: initial, description };
  const text = defaultTagText(parameter);
  if (text === undefined) return { value: { found: false }, description };
  const value = parseDefaultTag(text, schema);
  if (value.found) return { value, description };
  const note = `Default: ${text.replace(/\.$/, '')}.`;
  if (description === undefined) return { value, description: note };
  const sentence = description.trimEnd();
  return { value, description: `${sentence}${/[.!?]$/.test(sentence) ? '' : '.'} ${note}` };
}
