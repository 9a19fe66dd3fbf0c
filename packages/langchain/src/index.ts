/**
 * @toolcraft/langchain: toolcraft tools as LangChain tools (`toLangChainTools`) and LangChain tools
 * as toolcraft tools (`fromLangChainTools`), on `@langchain/core` 1.x.
 * @packageDocumentation
 */
export { toLangChainTools, type ToolcraftToolSource } from './to-langchain/to-langchain-tools.js';
export type { ToLangChainToolsOptions } from './to-langchain/to-langchain-options.js';
export { ToolcraftLangChainTool, type ToolcraftToolArgs } from './to-langchain/toolcraft-langchain-tool.js';
export { LangChainConfigKey } from './to-langchain/langchain-config-key.js';
export { progressEventName } from './to-langchain/call-runner.js';
export { fromLangChainTools } from './from-langchain/from-langchain-tools.js';
export type { FromLangChainToolsOptions, ImportedToolSettings } from './from-langchain/from-langchain-options.js';
export { ImportedLangChainTool } from './from-langchain/imported-langchain-tool.js';
export type { LangChainTool } from './from-langchain/langchain-tool.js';
export { InvalidLangChainToolsError } from './errors/invalid-langchain-tools-error.js';
export { LangChainToolError } from './errors/langchain-tool-error.js';
