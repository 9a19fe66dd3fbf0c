import type { MemoryEntry, MemorySearchResult } from '../context/memory-search.js';
import type { MemorySearchRequest, MemoryService } from '../agent/memory-service.js';
import type { Session, SessionData } from '../agent/session.js';
import { untilAborted } from '../environment/bounded-await.js';
import { InvalidMemoryOptionsError } from '../errors/invalid-memory-options-error.js';
import { wholeNumber } from './window-start.js';
import { contentText } from '../results/content-text.js';

interface Remembered {
  text: string;
  role: 'user' | 'assistant';
  sessionId: string;
  words: Set<string>;
}

/** Options of an {@link InMemoryMemoryService}. */
export interface InMemoryMemoryServiceOptions {
  /** The most memories a search returns; default 10. */
  maxResults?: number;
}

/**
 * A {@link MemoryService} in this process's memory that matches by keywords (ADK's
 * `InMemoryMemoryService`): a remembered message matches when it contains a word of the query (case
 * and punctuation ignored); matches are ranked by how many distinct query words they contain, then
 * newest first. For tests and prototypes; a vector store fits production better.
 * @example
 * const memoryService = new InMemoryMemoryService();
 * await memoryService.add(store.open({ appName: 'chat', userId: 'ada', sessionId: 'monday' }));
 * new Agent({ model, registry, memoryService }); // tools call context.searchMemory('theme')
 */
export class InMemoryMemoryService implements MemoryService {
  private readonly byUser = new Map<string, Map<string, Remembered[]>>();
  private readonly maxResults: number;

  /** @param options - maxResults */
  constructor(options: InMemoryMemoryServiceOptions = {}) {
    this.maxResults = wholeNumber('InMemoryMemoryService', 'maxResults', options.maxResults ?? 10, 1);
  }

  /**
   * Remembers the user and assistant texts of a session (replacing what the session had added before).
   * @param session - a session handle (loaded first) or its data
   * @param options - signal (bounds the load)
   */
  async add(session: Session | SessionData, options: { signal?: AbortSignal } = {}): Promise<void> {
    const data = 'load' in session && typeof session.load === 'function' ? await load(session, options.signal) : (session as SessionData);
    if (typeof data?.appName !== 'string' || !Array.isArray(data.messages))
      throw new InvalidMemoryOptionsError('InMemoryMemoryService', 'session', data, 'a Session or SessionData');
    const remembered: Remembered[] = [];
    for (const message of data.messages) {
      if (message.role !== 'user' && message.role !== 'assistant') continue;
      const text = contentText(message.content);
      if (text === '') continue;
      remembered.push({ text, role: message.role, sessionId: data.sessionId, words: new Set(wordsOf(text)) });
    }
    const key = userKey(data);
    const sessions = this.byUser.get(key) ?? new Map<string, Remembered[]>();
    sessions.delete(data.sessionId);
    sessions.set(data.sessionId, remembered);
    this.byUser.set(key, sessions);
  }

  /**
   * @param request - app, user and query
   * @returns the user's remembered messages that share a word with the query, best first
   */
  async search(request: MemorySearchRequest): Promise<MemorySearchResult> {
    const query = new Set(wordsOf(String(request.query ?? '')));
    const found: Array<MemoryEntry & { order: number }> = [];
    let order = 0;
    for (const memories of this.byUser.get(userKey(request))?.values() ?? []) {
      for (const memory of memories) {
        order++;
        let score = 0;
        for (const word of query) if (memory.words.has(word)) score++;
        if (score > 0) found.push({ text: memory.text, role: memory.role, sessionId: memory.sessionId, score, order });
      }
    }
    found.sort((a, b) => b.score - a.score || b.order - a.order);
    return { memories: found.slice(0, this.maxResults).map(({ order: _order, ...entry }) => entry) };
  }
}

function load(session: Session, signal: AbortSignal | undefined): Promise<SessionData> {
  const loading = session.load(signal ? { signal } : {});
  return signal ? untilAborted(loading, signal) : loading;
}

function userKey(key: { appName: string; userId: string }): string {
  return JSON.stringify([key.appName, key.userId]);
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
