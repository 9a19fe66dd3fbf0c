/**
 * @toolcraft/anthropic: the `ChatModel` over the official `@anthropic-ai/sdk` client (the Messages
 * API) and the conversion of tool definitions to its `tools`.
 * @packageDocumentation
 */
export { AnthropicChatModel } from './model/anthropic-chat-model.js';
export type { AnthropicChatModelOptions, AnthropicMessageParameters } from './model/anthropic-chat-model-options.js';
export type { AnthropicReasoningMetadata } from './model/reasoning-metadata.js';
export { toAnthropicTools } from './tools/to-anthropic-tools.js';
export type { AnthropicToolsOptions } from './tools/to-anthropic-tools.js';
/** Re-exported from `@toolcraft/core`, where the adapters share them. */
export type { ToolDefinitionSource, ToolRegistryLike } from '@toolcraft/core';
