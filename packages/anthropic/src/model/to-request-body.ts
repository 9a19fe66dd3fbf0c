import type { ChatRequest } from '@toolcraft/core';
import type { MessageCreateParamsNonStreaming, Tool } from '@anthropic-ai/sdk/resources/messages';
import { toStrictSchema } from '../schema/strict-schema.js';
import { anthropicError } from './anthropic-provider.js';
import type { AnthropicMessageParameters } from './anthropic-chat-model-options.js';
import { addCacheBreakpoints } from './cache-breakpoints.js';
import { toAnthropicMessages } from './to-anthropic-messages.js';
import { toAnthropicToolChoice } from './to-anthropic-tool-choice.js';

/** What the model fixes for every request it sends. */
export interface RequestConfig {
  model: string;
  maxTokens: number;
  cache: 'auto' | 'off';
  parallelToolCalls: boolean;
  unsupportedSettings: 'error' | 'ignore';
  parameters?: AnthropicMessageParameters;
}

/** Keys `providerOptions.anthropic` may not set: the model builds them from the request. */
const reservedKeys: readonly string[] = ['model', 'messages', 'stream'];

/**
 * Builds the Messages API body of a request: `model`, `max_tokens` (the request's
 * `settings.maxOutputTokens`, else the model's `maxTokens`), `system` and `messages` from the
 * transcript, `tools` (converted before) and `tool_choice`, `stop_sequences`, JSON outputs
 * (`output_config.format`) for a `responseFormat`, the model's `parameters`, then
 * `providerOptions.anthropic` merged over it all (`output_config` and `metadata` one level deep), then the
 * `cache: 'auto'` breakpoints.
 * @param request - the request
 * @param tools - its tools, converted
 * @param config - the model's settings
 * @returns the body (without `stream`)
 * @throws ModelCallError (not retryable) for a setting the API does not take (`temperature`, `topP`,
 *   `seed`, unless `unsupportedSettings: 'ignore'`), `providerOptions.anthropic` that is not an object or
 *   sets `model`, `messages` or `stream`, or a part the API does not take
 * @throws ProviderSchemaError for a `responseFormat` schema JSON outputs cannot take
 */
export function toRequestBody(request: ChatRequest, tools: readonly Tool[], config: RequestConfig): MessageCreateParamsNonStreaming {
  const { settings, responseFormat } = request;
  checkSettings(request, config.unsupportedSettings);
  const transcript = toAnthropicMessages(request.messages);
  const body: MessageCreateParamsNonStreaming = {
    ...config.parameters,
    model: config.model,
    max_tokens: settings?.maxOutputTokens ?? config.maxTokens,
    ...(transcript.system.length > 0 ? { system: transcript.system } : {}),
    messages: transcript.messages,
  };
  if (tools.length > 0) {
    body.tools = tools as Tool[];
    const choice = toAnthropicToolChoice(request.toolChoice, config.parallelToolCalls);
    if (choice !== undefined) body.tool_choice = choice;
  }
  if (settings?.stopSequences !== undefined && settings.stopSequences.length > 0) body.stop_sequences = settings.stopSequences;
  if (responseFormat !== undefined) {
    body.output_config = {
      ...body.output_config,
      format: { type: 'json_schema', schema: toStrictSchema(responseFormat.schema, responseFormat.name, 'output') },
    };
  }
  mergeProviderOptions(body, request.providerOptions?.['anthropic']);
  if (config.cache === 'auto') addCacheBreakpoints(body);
  return body;
}

function checkSettings(request: ChatRequest, mode: 'error' | 'ignore'): void {
  if (mode === 'ignore' || request.settings === undefined) return;
  const why: Record<string, string> = {
    temperature: 'API version 2026-10-21 (sent by @anthropic-ai/sdk 1.x) answers 400 to temperature',
    topP: 'API version 2026-10-21 (sent by @anthropic-ai/sdk 1.x) answers 400 to top_p',
    seed: 'the Messages API has no seed',
  };
  for (const [name, reason] of Object.entries(why)) {
    if (request.settings[name as keyof typeof request.settings] !== undefined) {
      throw anthropicError(
        `The model setting '${name}' cannot be sent to Anthropic: ${reason}. ` +
          "Remove it from modelSettings, or create the model with unsupportedSettings: 'ignore' to leave it out.",
      );
    }
  }
}

function mergeProviderOptions(body: MessageCreateParamsNonStreaming, options: unknown): void {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw anthropicError(`providerOptions.anthropic must be an object of Messages API parameters, got ${JSON.stringify(options)}.`);
  }
  const record = options as Record<string, unknown>;
  for (const key of reservedKeys) {
    if (key in record) throw anthropicError(`providerOptions.anthropic may not set '${key}': the model builds it from the request.`);
  }
  const target = body as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    const current = target[key];
    target[key] =
      (key === 'output_config' || key === 'metadata') && isRecord(current) && isRecord(value) ? { ...current, ...value } : value;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
