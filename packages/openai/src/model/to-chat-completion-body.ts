import type { ChatRequest, ModelSettings } from '@toolcraft/core';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { toOpenAITools } from '../tools/to-openai-tools.js';
import type { ChatCompletionParameters, OpenAIChatModelOptions } from './openai-chat-model-options.js';
import { openAIProviderOptions } from './openai-provider-options.js';
import { toJsonSchemaFormat } from './structured-output.js';
import { toChatCompletionMessages } from './to-chat-completion-messages.js';
import { toChatCompletionToolChoice } from './to-chat-completion-tool-choice.js';

/**
 * The Chat Completions body of one request. What is sent, later entries winning: the model's
 * `parameters`, the request's `settings` (`temperature`, `top_p`, `max_completion_tokens`, `stop`,
 * `seed`), the request's `providerOptions.openai`; then what only the request decides: the model,
 * the messages, the tools (and `tool_choice`, only with tools) and `response_format` for a
 * structured output.
 * @param request - the request
 * @param options - the model's options
 * @returns the body
 * @throws ModelCallError for a transcript Chat Completions cannot take (see `toChatCompletionMessages`)
 * @throws ProviderSchemaError, StrictSchemaError for tools or a structured output OpenAI would refuse
 */
export function toChatCompletionBody(request: ChatRequest, options: OpenAIChatModelOptions): ChatCompletionCreateParamsNonStreaming {
  const body: ChatCompletionCreateParamsNonStreaming = {
    ...options.parameters,
    ...chatSettings(request.settings),
    ...openAIProviderOptions<ChatCompletionParameters>(request.providerOptions),
    model: options.model,
    messages: toChatCompletionMessages(request.messages),
  };
  if (request.tools.length > 0) {
    body.tools = toOpenAITools(request.tools, { strict: options.strict });
    if (request.toolChoice !== undefined) body.tool_choice = toChatCompletionToolChoice(request.toolChoice);
  }
  if (request.responseFormat !== undefined)
    body.response_format = { type: 'json_schema', json_schema: { ...toJsonSchemaFormat(request.responseFormat) } };
  return body;
}

/** The sampling settings as Chat Completions parameters; only those set are sent. */
function chatSettings(settings: ModelSettings | undefined): ChatCompletionParameters {
  if (settings === undefined) return {};
  const parameters: ChatCompletionParameters = {};
  if (settings.temperature !== undefined) parameters.temperature = settings.temperature;
  if (settings.topP !== undefined) parameters.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) parameters.max_completion_tokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0) parameters.stop = settings.stopSequences;
  if (settings.seed !== undefined) parameters.seed = settings.seed;
  return parameters;
}
