import MiniSearch from 'minisearch';
import type { AnyTool, JsonSchema } from '@toolcraft/core';

/** The longest query a search takes, in characters. */
export const maxQueryChars = 300;
/** The most words a query may have. */
export const maxQueryWords = 20;
/** Words longer than this are matched exactly, not fuzzily. */
const maxFuzzyWordChars = 24;

/** One tool as the index holds it. */
interface IndexedTool {
  id: number;
  name: string;
  words: string;
  description: string;
  parameters: string;
}

/**
 * A full-text index of tools (with `minisearch`), built once: a tool's name (also split into its
 * words: `get_weather_report`, `getWeatherReport` → get weather report), its description and its
 * parameters' names and descriptions, with prefix and fuzzy matching.
 */
export class ToolIndex {
  private readonly search: MiniSearch<IndexedTool>;
  private readonly tools: readonly AnyTool[];
  private readonly byName = new Map<string, AnyTool>();

  /** @param tools - the tools, in order */
  constructor(tools: readonly AnyTool[]) {
    this.tools = tools;
    this.search = new MiniSearch<IndexedTool>({
      fields: ['name', 'words', 'description', 'parameters'],
      // Fuzzy matching costs the square of a word's length: words longer than any name part are matched exactly (and as prefixes).
      searchOptions: {
        prefix: true,
        fuzzy: (term) => (term.length <= maxFuzzyWordChars ? 0.2 : false),
        boost: { name: 4, words: 3, description: 2 },
        combineWith: 'OR',
      },
    });
    this.search.addAll(
      tools.map((tool, id) => {
        this.byName.set(tool.name, tool);
        return {
          id,
          name: tool.name,
          words: wordsOf(tool.name),
          description: tool.description,
          parameters: parameterText(tool.inputSchema),
        };
      }),
    );
  }

  /** How many tools are indexed. */
  get size(): number {
    return this.tools.length;
  }

  /**
   * @param name - a tool's name
   * @returns the tool, if indexed
   */
  find(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  /**
   * @param query - words to look for: at most {@link maxQueryChars} characters and {@link maxQueryWords} words
   * @param limit - the most tools to answer with
   * @returns the best matches, best first
   * @throws Error for a longer query, saying the limit
   */
  query(query: string, limit: number): AnyTool[] {
    if (query.length > maxQueryChars)
      throw new Error(`The query has ${query.length} characters; use at most ${maxQueryChars}: what the tool does, in a few words.`);
    const words = query.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length;
    if (words > maxQueryWords)
      throw new Error(`The query has ${words} words; use at most ${maxQueryWords}: what the tool does, in a few words.`);
    return this.search
      .search(query)
      .slice(0, limit)
      .map((hit) => this.tools[hit.id as number]!);
  }
}

/** The words of a name: snake_case, kebab-case, dotted and camelCase split. */
function wordsOf(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

/** The names and descriptions of a schema's top-level properties. */
function parameterText(schema: JsonSchema): string {
  const properties = schema.properties ?? {};
  return Object.entries(properties)
    .map(([key, property]) => `${wordsOf(key)} ${typeof property === 'object' && property !== null ? (property.description ?? '') : ''}`)
    .join(' ');
}
