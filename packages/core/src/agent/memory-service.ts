import type { MemorySearchResult } from '../context/memory-search.js';
import type { Session, SessionData } from './session.js';

/** What a memory search looks for: in the memories of one user of one app. */
export interface MemorySearchRequest {
  appName: string;
  userId: string;
  query: string;
}

/**
 * Long-term memory across sessions (ADK's `MemoryService`): `add(session)` remembers a session's
 * messages; `search({ appName, userId, query })` finds remembered messages of that user. Tools search
 * it with `context.searchMemory(query)` when the agent has a `memoryService`.
 */
export interface MemoryService {
  /** Remembers a session's messages (a `Session` is loaded first); adding it again replaces what it had added. */
  add(session: Session | SessionData, options?: { signal?: AbortSignal }): Promise<void>;
  /** Finds remembered messages of one user that match the query, best first. */
  search(request: MemorySearchRequest, options?: { signal?: AbortSignal }): Promise<MemorySearchResult>;
}
