import type { Session, SessionCallOptions, SessionData, SessionKey, SessionUpdate } from '../agent/session.js';
import { checkSessionKey } from './session-key.js';
import type { SessionStore } from './session-store.js';

/**
 * The {@link Session} a store's `open` returns: its key and its store. Another package's store
 * returns one from its own `open` too.
 * @example
 * open(key: SessionKey): Session { return new StoredSession(this, key); }
 */
export class StoredSession implements Session {
  readonly appName: string;
  readonly userId: string;
  readonly sessionId: string;

  /**
   * @param store - the store the session lives in
   * @param key - the session's key (checked)
   * @throws InvalidSessionKeyError for an empty or unusable name
   */
  constructor(
    private readonly store: SessionStore,
    key: SessionKey,
  ) {
    const { appName, userId, sessionId } = checkSessionKey(key);
    this.appName = appName;
    this.userId = userId;
    this.sessionId = sessionId;
  }

  /**
   * @param options - signal
   * @returns the session as stored now
   */
  load(options?: SessionCallOptions): Promise<SessionData> {
    return this.store.load(this, options);
  }

  /**
   * @param update - messages and state delta
   * @param options - signal, expectedVersion
   * @returns the session after the append
   */
  append(update: SessionUpdate, options?: SessionCallOptions): Promise<SessionData> {
    return this.store.append(this, update, options);
  }
}
