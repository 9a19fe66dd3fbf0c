import type { ChatRequest, ModelSettings } from '@toolcraft/core';
import type { ResponseCreateParamsNonStreaming, ResponseIncludable } from 'openai/resources/responses/responses';
import { toResponsesTools } from '../tools/to-responses-tools.js';
import type { ResponsesParameters } from './openai-responses-model-options.js';
import { openAIProviderOptions } from './openai-provider-options.js';
import { toJsonSchemaFormat } from './structured-output.js';
import { toResponsesInput } from './to-responses-input.js';
import { toResponsesToolChoice } from './to-responses-tool-choice.js';

/** What the body needs of the model. */
export interface ResponsesBodyOptions {
  model: string;
  store: boolean;
  strict: boolean;
  parameters?: ResponsesParameters;
}

/**
 * The Responses API body of one request. What is sent, later entries winning: the model's
 * `parameters`, the request's `settings` (`temperature`, `top_p`, `max_output_tokens`; the API has
 * no stop sequences and no seed, so `stopSequences` and `seed` are not sent), the request's
 * `providerOptions.openai`; then what only the model decides: the model, `store`, the input, the
 * tools (`tool_choice` only with tools), `include` (with `store: false`,
 * `reasoning.encrypted_content` added to whatever else was asked) and `text.format` for a
 * structured output (beside any `text.verbosity`).
 * @param request - the request
 * @param options - the model's name, storage, strictness and parameters
 * @returns the body
 * @throws ModelCallError for a transcript the Responses API cannot take (see `toResponsesInput`)
 * @throws ProviderSchemaError, StrictSchemaError for tools or a structured output OpenAI would refuse
 */
export function toResponsesBody(request: ChatRequest, options: ResponsesBodyOptions): ResponseCreateParamsNonStreaming {
  const extra: ResponsesParameters = {
    ...options.parameters,
    ...responsesSettings(request.settings),
    ...openAIProviderOptions<ResponsesParameters>(request.providerOptions),
  };
  const body: ResponseCreateParamsNonStreaming = {
    ...extra,
    model: options.model,
    store: options.store,
    input: toResponsesInput(request.messages, { store: options.store }),
  };
  if (request.tools.length > 0) {
    body.tools = toResponsesTools(request.tools, { strict: options.strict });
    if (request.toolChoice !== undefined) body.tool_choice = toResponsesToolChoice(request.toolChoice);
  }
  const include = includes(extra.include, options.store);
  if (include !== undefined) body.include = include;
  if (request.responseFormat !== undefined) {
    body.text = { ...extra.text, format: { type: 'json_schema', ...toJsonSchemaFormat(request.responseFormat) } };
  }
  return body;
}

/** The sampling settings the Responses API has, as its parameters; only those set are sent. */
function responsesSettings(settings: ModelSettings | undefined): ResponsesParameters {
  if (settings === undefined) return {};
  const parameters: ResponsesParameters = {};
  if (settings.temperature !== undefined) parameters.temperature = settings.temperature;
  if (settings.topP !== undefined) parameters.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) parameters.max_output_tokens = settings.maxOutputTokens;
  return parameters;
}

function includes(asked: ResponseIncludable[] | null | undefined, store: boolean): ResponseIncludable[] | undefined {
  const list = [...(asked ?? [])];
  if (!store && !list.includes('reasoning.encrypted_content')) list.push('reasoning.encrypted_content');
  return list.length === 0 ? undefined : list;
}
