/**
 * @toolcraft/tools: built-in tools for toolcraft agents: `ToolSearchToolset` (one search tool in
 * front of thousands), `FileSystemToolset` (files under one root) and `ShellTool`.
 * @packageDocumentation
 */
export { InvalidToolsetOptionsError } from './errors/invalid-toolset-options-error.js';
export { ToolSearchToolset } from './search/tool-search-toolset.js';
export type { ToolSearchOptions } from './search/tool-search-options.js';
