import type { Session, SessionCallOptions, SessionData, SessionKey, SessionUpdate } from '../agent/session.js';

/**
 * Where sessions live (ADK's `SessionService`): `InMemorySessionStore`, `FileSessionStore`, or a
 * store of another package (Redis). Every store keeps the same contract (the shared suite
 * `sessionStoreContract` runs against each): `load` of a session never written is empty at version 0;
 * `append` is atomic, so concurrent appends all land; `app:` state is shared by the app's users,
 * `user:` state by the user's sessions, plain keys by one session, `temp:` keys are never stored;
 * values are stored as JSON (a `Date` comes back as its ISO string).
 */
export interface SessionStore {
  /**
   * A handle on one session, for `agent.run(input, { session })`; nothing is read until used.
   * @throws InvalidSessionKeyError for an empty or unusable name
   */
  open(key: SessionKey): Session;
  /** Reads a session (a session never written: no messages, the app's and user's state, version 0). */
  load(key: SessionKey, options?: SessionCallOptions): Promise<SessionData>;
  /** Appends messages and a state delta atomically; with `expectedVersion`, only if the session is still at it. */
  append(key: SessionKey, update: SessionUpdate, options?: SessionCallOptions): Promise<SessionData>;
  /** Removes a session's messages and plain state (the app's and user's state stay). */
  delete(key: SessionKey): Promise<void>;
  /** The ids of a user's stored sessions. */
  listSessions(appName: string, userId: string): Promise<string[]>;
}
