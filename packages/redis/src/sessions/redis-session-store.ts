import { randomUUID } from 'node:crypto';
import {
  SessionConflictError,
  StoredSession,
  type Session,
  type SessionCallOptions,
  type SessionData,
  type SessionKey,
  type SessionStore,
  type SessionUpdate,
} from '@toolcraft/core';
import {
  checkAppendId,
  checkName,
  checkSessionKey,
  describeSessionKey,
  scopeUpdate,
  untilAborted,
  type ScopeChange,
} from '@toolcraft/core/internal';
import { RedisClientHandle } from '../redis-client-handle.js';
import type { RedisStoreOptions } from '../redis-store-options.js';
import { LuaScript } from '../run-script.js';
import { storedFormatVersion } from '../stored-value.js';
import { scriptKeys, sessionKeys, userSessionsKey } from './session-keys.js';
import { appendScript, loadScript } from './session-scripts.js';
import { readSessionReply } from './session-snapshot.js';

const load = new LuaScript(loadScript);
const append = new LuaScript(appendScript);
const sessionFormat = 'toolcraft.session';

/**
 * A `SessionStore` on Redis (ADK's database session service, on Redis): many worker processes share
 * sessions. Each append is one Lua script, atomic on the server: concurrent appends from any number
 * of processes all land, none is lost, with no lock. Messages are a Redis list (an append sends
 * only the new ones); `app:`, `user:` and plain state are hashes of JSON values; the session's
 * meta hash holds its format, format version and version. See docs/reference/redis.md for the keys.
 * @example
 * const sessions = new RedisSessionStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'myapp:' });
 * const run = await agent.run('Hello', { session: sessions.open({ appName: 'shop', userId: 'ada', sessionId: 's1' }) });
 */
export class RedisSessionStore implements SessionStore {
  private readonly handle: RedisClientHandle;

  /** @param options - `{ connection }` or `{ url }`, plus `keyPrefix` and `ttlSeconds` (renewed at each append) */
  constructor(options: RedisStoreOptions) {
    this.handle = new RedisClientHandle(options);
  }

  /**
   * @param key - app, user and session
   * @returns the session's handle (nothing is read until used)
   * @throws InvalidSessionKeyError for an empty or unusable name
   */
  open(key: SessionKey): Session {
    return new StoredSession(this, key);
  }

  /**
   * Reads a session, consistently (one script).
   * @param key - app, user and session
   * @param options - `signal` stops waiting
   * @returns the session (never written: no messages, the app's and user's state, version 0)
   * @throws CorruptSessionError or UnsupportedSessionFormatError naming the key; RedisStoreError when Redis fails
   */
  async load(key: SessionKey, options: SessionCallOptions = {}): Promise<SessionData> {
    const checked = checkSessionKey(key);
    const keys = sessionKeys(this.handle.keyPrefix, checked);
    const reply = this.handle.run('load the session', keys.meta, false, (client) =>
      load.run(client, scriptKeys(keys), [sessionFormat, storedFormatVersion]),
    );
    const result = readSessionReply(await (options.signal ? untilAborted(reply, options.signal) : reply), checked, keys);
    if ('conflict' in result) throw new TypeError('a load never conflicts');
    return result;
  }

  /**
   * Appends messages and a state delta in one atomic script. A signal already aborted writes
   * nothing; once sent, the append is waited for (it is quick, and a write must not be reported
   * lost when it landed).
   * @param key - app, user and session
   * @param update - messages and state delta
   * @param options - `expectedVersion` (compare-and-swap), `appendId` (an append sent again with it is not applied twice), `signal`
   * @returns the session after the append (as it stands, for an `appendId` already applied)
   * @throws SessionConflictError, UnserializableSessionValueError, CorruptSessionError, UnsupportedSessionFormatError; RedisStoreError when Redis fails (nothing written)
   */
  async append(key: SessionKey, update: SessionUpdate, options: SessionCallOptions = {}): Promise<SessionData> {
    const checked = checkSessionKey(key);
    const scoped = scopeUpdate(update);
    const appendId = checkAppendId(options.appendId) ?? randomUUID();
    options.signal?.throwIfAborted();
    const keys = sessionKeys(this.handle.keyPrefix, checked);
    const args: (string | number)[] = [
      sessionFormat,
      storedFormatVersion,
      appendId,
      options.expectedVersion ?? '',
      this.handle.ttlSeconds ?? '',
      new Date().toISOString(),
      checked.sessionId,
      scoped.messages.length,
      ...scoped.messages.map((message) => JSON.stringify(message)),
      ...changeArgs(scoped.app),
      ...changeArgs(scoped.user),
      ...changeArgs(scoped.session),
    ];
    const reply = await this.handle.run('append to the session', keys.meta, true, (client) => append.run(client, scriptKeys(keys), args));
    const result = readSessionReply(reply, checked, keys);
    if ('conflict' in result) throw new SessionConflictError(describeSessionKey(checked), options.expectedVersion ?? 0, result.conflict);
    return result;
  }

  /**
   * Removes a session's messages and plain state (the app's and user's state stay).
   * @param key - the session
   */
  async delete(key: SessionKey): Promise<void> {
    const checked = checkSessionKey(key);
    const keys = sessionKeys(this.handle.keyPrefix, checked);
    await this.handle.run('delete the session', keys.meta, true, async (client) => {
      const replies = await client
        .multi()
        .del(keys.meta, keys.state, keys.messages, keys.appends)
        .srem(keys.userSessions, checked.sessionId)
        .exec();
      const failed = replies?.find(([error]) => error !== null);
      if (replies === null || failed !== undefined) throw failed?.[0] ?? new Error('the transaction was discarded');
    });
  }

  /**
   * @param appName - the app
   * @param userId - the user
   * @returns the ids of the user's stored sessions
   */
  async listSessions(appName: string, userId: string): Promise<string[]> {
    checkName('appName', appName);
    checkName('userId', userId);
    const key = userSessionsKey(this.handle.keyPrefix, appName, userId);
    return this.handle.run('list the sessions', key, false, (client) => client.smembers(key));
  }

  /** Closes the store's own client (made from `url`); an application's `connection` stays open. */
  async close(): Promise<void> {
    await this.handle.close();
  }
}

function changeArgs(change: ScopeChange): (string | number)[] {
  const set = Object.entries(change.set);
  return [set.length, ...set.flatMap(([field, value]) => [field, JSON.stringify(value)]), change.deleted.length, ...change.deleted];
}
