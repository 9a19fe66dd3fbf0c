import type { JsonSchema, ResponseFormat } from '@toolcraft/core';
import { ProviderSchemaError } from '@toolcraft/core';
import { toStrictSchema } from '../schema/to-strict-schema.js';

/** OpenAI's rule for a response format's name: letters, digits, `_` and `-`, at most 64. */
const formatName = /^[A-Za-z0-9_-]{1,64}$/;

/** The conversions, kept by format object: an agent sends the same one with every request of its runs. */
const converted = new WeakMap<ResponseFormat, OpenAIJsonSchemaFormat>();

/** A structured output as both OpenAI APIs take it. */
export interface OpenAIJsonSchemaFormat {
  name: string;
  schema: JsonSchema;
  strict: boolean;
}

/**
 * The `json_schema` format of a request's structured output, for Chat Completions'
 * `response_format` and the Responses API's `text.format`. With `strict: true` the schema follows
 * the same strict-mode rules as tools (`toStrictSchema`); without it, it is sent as it is. `strict`
 * is always sent (false when the request does not ask for it). Kept per format object, so the
 * models' `prepareOutput` (in `new Agent(...)`) converts an agent's output once for all its requests.
 * @param format - the request's `responseFormat`
 * @returns the name, the schema and the strictness (shared: do not change it)
 * @throws ProviderSchemaError for a name OpenAI refuses; StrictSchemaError for a strict schema that cannot be strict
 */
export function toJsonSchemaFormat(format: ResponseFormat): OpenAIJsonSchemaFormat {
  const cached = converted.get(format);
  if (cached !== undefined) return cached;
  if (!formatName.test(format.name)) {
    throw new ProviderSchemaError({
      provider: 'openai',
      toolName: format.name,
      path: '$',
      keyword: 'name',
      hint: 'OpenAI takes a structured output name of letters, digits, `_` and `-`, at most 64 characters; rename it',
      subject: 'output',
    });
  }
  const strict = format.strict === true;
  const result = { name: format.name, schema: strict ? toStrictSchema(format.schema, format.name, 'output') : format.schema, strict };
  converted.set(format, result);
  return result;
}
