/**
 * @toolcraft/ai-sdk: the Vercel AI SDK and toolcraft both ways. `toAISDKTools` gives toolcraft tools
 * to `generateText` and `streamText`; `fromAISDKTools` makes AI SDK tools toolcraft tools;
 * `AISDKChatModel` makes any AI SDK language model a toolcraft `ChatModel`.
 * @packageDocumentation
 */
export { AISDKChatModel } from './model/ai-sdk-chat-model.js';
export type { AISDKCallSettings, AISDKChatModelOptions, AISDKDownload } from './model/ai-sdk-chat-model-options.js';
export type { AssistantExtras } from './model/assistant-extras.js';
export { toAISDKTools } from './tools-out/to-ai-sdk-tools.js';
export type { ToolcraftToolSource } from './tools-out/to-ai-sdk-tools.js';
export type { AISDKCallInfo, ToAISDKToolsOptions } from './tools-out/to-ai-sdk-tools-options.js';
export type { ToolcraftOutputPart, ToolcraftToolOutput } from './tools-out/toolcraft-tool-output.js';
export { ToolcraftToolCallError } from './errors/toolcraft-tool-call-error.js';
export { fromAISDKTools } from './tools-in/from-ai-sdk-tools.js';
export type { FromAISDKToolsOptions } from './tools-in/from-ai-sdk-tools.js';
export { AISDKTool } from './tools-in/ai-sdk-tool.js';
export type { AISDKToolDefinition } from './tools-in/ai-sdk-tool.js';
export { AISDKToolResult } from './tools-in/ai-sdk-tool-result.js';
