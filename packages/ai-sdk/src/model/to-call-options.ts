import type {
  JSONSchema7,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
  LanguageModelV3ToolChoice,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type { ChatRequest, ToolChoice, ToolDefinition } from '@toolcraft/core';
import type { AISDKChatModelOptions } from './ai-sdk-chat-model-options.js';
import { requestError } from './ai-sdk-provider.js';

/**
 * The call options of one request: the prompt, the tools (each `{ type: 'function', name,
 * description, inputSchema }`, the schema exactly the tool's) and the tool choice (only with tools,
 * as `generateText` sends it), the settings (the request's `settings`, then the model's
 * `callSettings`), structured output as `responseFormat: { type: 'json', schema, name }`, the
 * provider options (the model's, with the request's merged over them provider by provider), the
 * headers and the abort signal.
 * @param request - the request
 * @param prompt - its transcript, converted
 * @param options - the model's options
 * @param provider - the provider name, for errors
 * @returns the call options
 * @throws ModelCallError when the request's `providerOptions` are not objects keyed by provider
 */
export function toCallOptions(
  request: ChatRequest,
  prompt: LanguageModelV3Prompt,
  options: AISDKChatModelOptions,
  provider: string,
): LanguageModelV3CallOptions {
  const call: LanguageModelV3CallOptions = { prompt, ...options.callSettings };
  const settings = request.settings;
  if (settings !== undefined) {
    if (settings.maxOutputTokens !== undefined) call.maxOutputTokens = settings.maxOutputTokens;
    if (settings.temperature !== undefined) call.temperature = settings.temperature;
    if (settings.topP !== undefined) call.topP = settings.topP;
    if (settings.stopSequences !== undefined) call.stopSequences = [...settings.stopSequences];
    if (settings.seed !== undefined) call.seed = settings.seed;
  }
  if (request.tools.length > 0) {
    call.tools = request.tools.map(toFunctionTool);
    call.toolChoice = toToolChoice(request.toolChoice ?? 'auto');
  }
  const format = request.responseFormat;
  if (format !== undefined) call.responseFormat = { type: 'json', schema: format.schema as JSONSchema7, name: format.name };
  const merged = mergeProviderOptions(options.providerOptions, request.providerOptions, provider);
  if (merged !== undefined) call.providerOptions = merged;
  if (options.headers !== undefined) call.headers = { ...options.headers };
  if (request.signal !== undefined) call.abortSignal = request.signal;
  return call;
}

function toFunctionTool(tool: ToolDefinition): LanguageModelV3FunctionTool {
  return { type: 'function', name: tool.name, description: tool.description, inputSchema: tool.inputSchema as JSONSchema7 };
}

function toToolChoice(choice: ToolChoice): LanguageModelV3ToolChoice {
  return typeof choice === 'object' ? { type: 'tool', toolName: choice.name } : { type: choice };
}

function mergeProviderOptions(
  model: SharedV3ProviderOptions | undefined,
  request: Record<string, unknown> | undefined,
  provider: string,
): SharedV3ProviderOptions | undefined {
  if (request === undefined) return model === undefined ? undefined : { ...model };
  const merged: SharedV3ProviderOptions = { ...model };
  for (const [key, value] of Object.entries(request)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw requestError(
        provider,
        `providerOptions.${key} must be an object of options for the '${key}' provider (the AI SDK's providerOptions: { ${key}: { ... } }), but was ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`,
      );
    }
    merged[key] = { ...merged[key], ...(value as SharedV3ProviderOptions[string]) };
  }
  return merged;
}
