/**
 * @toolcraft/tools: built-in tools for toolcraft agents: `ToolSearchToolset` (one search tool in
 * front of thousands), `FileSystemToolset` (files under one root) and `ShellTool`.
 * @packageDocumentation
 */
export { InvalidToolsetOptionsError } from './errors/invalid-toolset-options-error.js';
export { ToolSearchToolset } from './search/tool-search-toolset.js';
export type { ToolSearchOptions } from './search/tool-search-options.js';
export { FileSystemToolset } from './filesystem/filesystem-toolset.js';
export type { FileSystemOptions } from './filesystem/filesystem-options.js';
export { PathOutsideRootError } from './errors/path-outside-root-error.js';
