import type { ChatMessage } from '../model/messages.js';

/** Names one session: the app, the user, and the session of that user (as in Google ADK). */
export interface SessionKey {
  /** The application; `app:` state keys are shared by all of its users. */
  appName: string;
  /** The user; `user:` state keys are shared by all of the user's sessions. */
  userId: string;
  /** The session (one conversation); plain state keys and the messages belong to it. */
  sessionId: string;
}

/** What a session holds, as read from its store. */
export interface SessionData extends SessionKey {
  /** The conversation so far, oldest first (no system messages: the agent's instructions lead each run). */
  messages: ChatMessage[];
  /** The merged state: the app's `app:` keys, the user's `user:` keys and the session's plain keys. */
  state: Record<string, unknown>;
  /** How many appends the session has had: 0 for a session never written. */
  version: number;
}

/** One run's addition to a session: its new messages and its state changes. */
export interface SessionUpdate {
  /** The messages to append, in order. */
  messages: readonly ChatMessage[];
  /**
   * The state changes (a run's `stateDelta`): `app:` keys go to the app, `user:` keys to the user,
   * plain keys to the session; `undefined` deletes a key; `temp:` keys are never saved.
   */
  stateDelta: Readonly<Record<string, unknown>>;
}

/** Options of one session read or write. */
export interface SessionCallOptions {
  /** Gives up waiting (a store may also stop its work). */
  signal?: AbortSignal;
  /** For an append: write only if the session is still at this version (compare-and-swap), else `SessionConflictError`. */
  expectedVersion?: number;
  /**
   * For an append: its id (a non-empty string of at most 256 characters), so that sending it again
   * is harmless. An append whose id the session already applied is not applied again (and its
   * `expectedVersion` is not checked): the store returns the session as it stands. A store
   * remembers the last 100 append ids of each session.
   */
  appendId?: string;
}

/**
 * One session of a `SessionStore` (from `store.open({ appName, userId, sessionId })`), passed
 * to `agent.run(input, { session })`: the run starts from its messages and state and appends its
 * own to it when it ends, also when it fails or is interrupted.
 */
export interface Session extends Readonly<SessionKey> {
  /**
   * Reads the session as stored now (a session never written is empty, version 0).
   * @throws CorruptSessionError or UnsupportedSessionFormatError for a record it cannot read
   */
  load(options?: SessionCallOptions): Promise<SessionData>;
  /**
   * Appends messages and applies a state delta in one atomic step: concurrent appends from any
   * number of writers all land, none is lost.
   * @returns the session after the append
   */
  append(update: SessionUpdate, options?: SessionCallOptions): Promise<SessionData>;
}
