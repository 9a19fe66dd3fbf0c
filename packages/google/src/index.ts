/**
 * @toolcraft/google: a `ChatModel` over the Gemini API with the official `@google/genai` SDK, and
 * tool definitions converted to Gemini's function declarations and `Schema`.
 * @packageDocumentation
 */
export { GeminiChatModel } from './model/gemini-chat-model.js';
export type { GeminiChatModelOptions, GeminiGenerationConfig } from './model/gemini-chat-model-options.js';
export type { GooglePartMetadata } from './model/google-metadata.js';
export { toGeminiParameters, toGeminiResponseSchema } from './schema/to-gemini-schema.js';
export { toGeminiTools } from './tools/to-gemini-tools.js';
/** Re-exported from `@toolcraft/core`, where the adapters share them. */
export type { ToolDefinitionSource, ToolRegistryLike } from '@toolcraft/core';
