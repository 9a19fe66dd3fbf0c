import {
  ContextAwareTool,
  ToolRegistry,
  type AgentContext,
  type AnyTool,
  type JsonSchema,
  type ReadonlyAgentContext,
  type Toolset,
} from '@toolcraft/core';
import { maxQueryChars, maxQueryWords, ToolIndex } from './tool-index.js';
import type { ToolSearchOptions } from './tool-search-options.js';
import { readSearchOptions } from './read-search-options.js';

const searchArgs: JsonSchema = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: maxQueryChars,
      description: `What the tool should do, in a few words (e.g. "refund an order"; at most ${maxQueryWords} words)`,
    },
  },
  required: ['query'],
  additionalProperties: false,
};

/**
 * Tool search for agents with more tools than one request can hold: the model sees one
 * `search_tools` tool in front of them all; the tools a search finds are offered from the next turn
 * on (at most `maxLoaded`, the least recently found leaving first), for any provider. The index is
 * built once, when the toolset is made. Found tools are the tools themselves: they keep their effects,
 * approvals, limits and validation. What a run has loaded is in its state (a `temp:` key), so a
 * paused or recovered run keeps it, and a new run starts with only the search tool.
 * @example
 * const agent = new Agent({ model, tools: [new ToolSearchToolset({ tools: bigRegistry, maxLoaded: 8 })] });
 */
export class ToolSearchToolset implements Toolset {
  readonly name: string;
  /** The state key holding the names of the tools a run has loaded. */
  readonly stateKey: string;
  private readonly index: ToolIndex;
  private readonly maxLoaded: number;
  private readonly maxResults: number;
  private readonly searchTool: SearchToolsTool;

  /**
   * @param options - the tools, `maxLoaded`, `maxResults` and names
   * @throws InvalidToolsetOptionsError for options that are not what they must be
   */
  constructor(options: ToolSearchOptions) {
    const read = readSearchOptions(options);
    this.name = read.name;
    this.maxLoaded = read.maxLoaded;
    this.maxResults = read.maxResults;
    this.stateKey = `temp:toolcraft.${read.name}.loaded`;
    this.index = new ToolIndex(read.tools instanceof ToolRegistry ? read.tools.tools : read.tools);
    this.searchTool = new SearchToolsTool(read.searchToolName, this.index, read.maxResults, (context, found) => this.load(context, found));
  }

  /** How many tools are behind the search. */
  get size(): number {
    return this.index.size;
  }

  /**
   * Searches the index as `search_tools` does, without loading anything (to preview what a query finds).
   * @param query - words to look for
   * @param limit - the most tools to answer with; default `maxResults`
   * @returns the best matches, best first
   */
  search(query: string, limit = this.maxResults): AnyTool[] {
    return this.index.query(query, limit);
  }

  /**
   * @param context - the run's context
   * @returns the search tool, then the tools the run has loaded
   */
  getTools(context: ReadonlyAgentContext): AnyTool[] {
    const tools = this.loadedNames(context).map((name) => this.index.find(name)!);
    return [this.searchTool, ...tools];
  }

  /**
   * What the state says is loaded, as it may be trusted: names of indexed tools, each once, at most
   * `maxLoaded` (the most recent kept), whatever a stored or edited state holds.
   */
  private loadedNames(context: ReadonlyAgentContext): string[] {
    const stored = context.state.get<unknown>(this.stateKey);
    if (!Array.isArray(stored)) return [];
    const names: string[] = [];
    for (const name of stored)
      if (typeof name === 'string' && this.index.find(name) !== undefined) {
        const at = names.indexOf(name);
        if (at >= 0) names.splice(at, 1);
        names.push(name);
      }
    return names.slice(-this.maxLoaded);
  }

  private load(context: AgentContext, found: readonly AnyTool[]): void {
    const names = this.loadedNames(context);
    for (const tool of found) {
      const at = names.indexOf(tool.name);
      if (at >= 0) names.splice(at, 1);
      names.push(tool.name);
    }
    context.state.set(this.stateKey, names.slice(-this.maxLoaded));
  }
}

/** The one tool the model sees first: searches the index and loads what it finds. */
class SearchToolsTool extends ContextAwareTool<{ query: string }, string> {
  constructor(
    name: string,
    private readonly index: ToolIndex,
    private readonly maxResults: number,
    private readonly onFound: (context: AgentContext, found: readonly AnyTool[]) => void,
  ) {
    super({
      name,
      description:
        `Finds tools for a task among ${index.size} tools and makes them available from your next turn. ` +
        'Search before saying you cannot do something; search again with other words when nothing fits.',
      argsType: searchArgs,
      effects: 'read',
    });
  }

  execute(args: { query: string }, context: AgentContext): string {
    const found = this.index.query(args.query, this.maxResults);
    if (found.length === 0)
      throw new Error(
        `No tool matches '${args.query}' among ${this.index.size} tools. Try other words (what the tool does, not its name).`,
      );
    this.onFound(context, found);
    const lines = found.map((tool) => `- ${tool.name}: ${tool.description}`);
    return `Found ${found.length} tool(s), available from your next turn:\n${lines.join('\n')}`;
  }
}
