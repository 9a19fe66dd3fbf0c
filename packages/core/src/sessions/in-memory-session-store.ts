import type { Session, SessionCallOptions, SessionData, SessionKey, SessionUpdate } from '../agent/session.js';
import type { ChatMessage } from '../model/messages.js';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import { checkAppendId, rememberAppendId } from './append-ids.js';
import { applyChange, scopeUpdate } from './scoped-delta.js';
import { checkName, checkSessionKey, describeSessionKey } from './session-key.js';
import type { SessionStore } from './session-store.js';
import { StoredSession } from './stored-session.js';

interface StoredRecord {
  messages: ChatMessage[];
  state: Record<string, unknown>;
  version: number;
  appendIds: string[];
}

/**
 * A {@link SessionStore} in this process's memory (ADK's `InMemorySessionService`): for tests and
 * single-process apps. Values are kept as JSON copies, as every store keeps them.
 */
export class InMemorySessionStore implements SessionStore {
  private readonly apps = new Map<string, Record<string, unknown>>();
  private readonly users = new Map<string, Record<string, unknown>>();
  private readonly sessions = new Map<string, StoredRecord>();

  /**
   * @param key - app, user and session
   * @returns the session's handle
   * @throws InvalidSessionKeyError for an empty or unusable name
   */
  open(key: SessionKey): Session {
    return new StoredSession(this, key);
  }

  /**
   * @param key - app, user and session
   * @returns a copy of the session
   */
  async load(key: SessionKey): Promise<SessionData> {
    const checked = checkSessionKey(key);
    return this.snapshot(checked);
  }

  /**
   * @param key - app, user and session
   * @param update - messages and state delta
   * @param options - `expectedVersion` for a compare-and-swap, `appendId` so that a re-sent append is not applied twice
   * @returns a copy of the session after the append (as it stands, for an `appendId` already applied)
   */
  async append(key: SessionKey, update: SessionUpdate, options: SessionCallOptions = {}): Promise<SessionData> {
    const checked = checkSessionKey(key);
    const scoped = scopeUpdate(update);
    const appendId = checkAppendId(options.appendId);
    const id = sessionPath(checked);
    const current = this.sessions.get(id) ?? { messages: [], state: {}, version: 0, appendIds: [] };
    if (appendId !== undefined && current.appendIds.includes(appendId)) return this.snapshot(checked);
    if (options.expectedVersion !== undefined && options.expectedVersion !== current.version)
      throw new SessionConflictError(describeSessionKey(checked), options.expectedVersion, current.version);
    this.apps.set(checked.appName, applyChange(this.apps.get(checked.appName) ?? {}, scoped.app));
    const user = userPath(checked);
    this.users.set(user, applyChange(this.users.get(user) ?? {}, scoped.user));
    this.sessions.set(id, {
      messages: [...current.messages, ...scoped.messages],
      state: applyChange(current.state, scoped.session),
      version: current.version + 1,
      appendIds: rememberAppendId(current.appendIds, appendId),
    });
    return this.snapshot(checked);
  }

  /** @param key - the session to remove */
  async delete(key: SessionKey): Promise<void> {
    this.sessions.delete(sessionPath(checkSessionKey(key)));
  }

  /**
   * @param appName - the app
   * @param userId - the user
   * @returns the ids of the user's sessions
   */
  async listSessions(appName: string, userId: string): Promise<string[]> {
    checkName('appName', appName);
    checkName('userId', userId);
    const prefix = `${userPath({ appName, userId })}\u0000`;
    return [...this.sessions.keys()].filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
  }

  private snapshot(key: SessionKey): SessionData {
    const record = this.sessions.get(sessionPath(key));
    const state = { ...this.apps.get(key.appName), ...this.users.get(userPath(key)), ...record?.state };
    // Everything stored is JSON already (see scopeUpdate): a JSON round trip copies it faster than structuredClone.
    return JSON.parse(JSON.stringify({ ...key, messages: record?.messages ?? [], state, version: record?.version ?? 0 })) as SessionData;
  }
}

function userPath(key: Pick<SessionKey, 'appName' | 'userId'>): string {
  return `${key.appName}\u0000${key.userId}`;
}

function sessionPath(key: SessionKey): string {
  return `${userPath(key)}\u0000${key.sessionId}`;
}
