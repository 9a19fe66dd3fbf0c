/** One remembered message found by a memory search (ADK's `MemoryEntry`). */
export interface MemoryEntry {
  /** The message's text. */
  text: string;
  /** Who said it. */
  role: 'user' | 'assistant';
  /** The session it comes from. */
  sessionId: string;
  /** How well it matches the query (higher is better; the service's own measure). */
  score: number;
}

/** What a memory search found, best first. */
export interface MemorySearchResult {
  memories: MemoryEntry[];
}

/** Searches the memory of the run's user (what `context.searchMemory` calls). */
export type MemorySearch = (query: string) => Promise<MemorySearchResult>;
