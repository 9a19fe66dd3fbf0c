/**
 * @toolcraft/openai: OpenAI tool definitions (Chat Completions and Responses, strict mode) and the
 * `ChatModel`s over the official `openai` client (`OpenAIChatModel` on Chat Completions,
 * `OpenAIResponsesModel` on the Responses API).
 * @packageDocumentation
 */
export { StrictSchemaError } from './errors/strict-schema-error.js';
export { OpenAIChatModel, defaultOpenAIModel } from './model/openai-chat-model.js';
export type { ChatCompletionParameters, OpenAIChatModelFromEnvOptions, OpenAIChatModelOptions } from './model/openai-chat-model-options.js';
export { OpenAIResponsesModel, defaultOpenAIResponsesModel } from './model/openai-responses-model.js';
export type {
  OpenAIResponsesModelFromEnvOptions,
  OpenAIResponsesModelOptions,
  ResponsesParameters,
} from './model/openai-responses-model-options.js';
export { toStrictSchema } from './schema/to-strict-schema.js';
export { toOpenAITools } from './tools/to-openai-tools.js';
export { toResponsesTools } from './tools/to-responses-tools.js';
export type { OpenAIToolsOptions } from './tools/openai-tools-options.js';
/** Re-exported from `@toolcraft/core`, where the adapters share them. */
export type { ToolDefinitionSource, ToolRegistryLike } from '@toolcraft/core';
