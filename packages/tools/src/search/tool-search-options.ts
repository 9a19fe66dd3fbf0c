import type { AnyTool, ToolRegistry } from '@toolcraft/core';

/** Options of a {@link ToolSearchToolset}. */
export interface ToolSearchOptions {
  /** The tools to search: a registry or a list. Indexed once, when the toolset is made. */
  tools: ToolRegistry | readonly AnyTool[];
  /** The most found tools offered at once in a run (the least recently found leave first); default 10. */
  maxLoaded?: number;
  /** The most tools one search answers with; default 5. */
  maxResults?: number;
  /** The toolset's name (in errors and its state key); default `'tool_search'`. */
  name?: string;
  /** The search tool's name, as the model sees it; default `'search_tools'`. */
  searchToolName?: string;
}
