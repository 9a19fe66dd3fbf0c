import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Session, SessionCallOptions, SessionData, SessionKey, SessionUpdate } from '../agent/session.js';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { nameOfSegment, pathSegment } from '../storage/path-segment.js';
import { withFileLock } from './file/file-lock.js';
import { readScopeRecord, readSessionRecord, sessionFormatVersion, type ScopeRecord, type SessionRecord } from './file/session-records.js';
import { applyChange, hasChanges, scopeUpdate } from './scoped-delta.js';
import { checkName, checkSessionKey, describeSessionKey } from './session-key.js';
import type { SessionStore } from './session-store.js';
import { StoredSession } from './stored-session.js';

/** Options of a {@link FileSessionStore}. */
export interface FileSessionStoreOptions {
  /** How long an append waits for the app's lock file, in ms; default 10,000. */
  lockTimeoutMs?: number;
  /** A lock file older than this, in ms, was left by a crashed writer and is broken; default 30,000. */
  staleLockMs?: number;
}

/**
 * A {@link SessionStore} in a folder: one JSON file per session, plus one per app (`app:` state)
 * and per user (`user:` state):
 * `<dir>/<app>/app.json`, `<dir>/<app>/users/<user>/user.json`, `<dir>/<app>/users/<user>/sessions/<session>.json`
 * (names percent-encoded). Every write goes to a temporary file, is flushed and renamed over the old
 * one; appends take the app's lock file (`<dir>/<app>/.lock`), so appends from several processes all land.
 * A file that is corrupt or from a newer toolcraft is refused with an error naming it, and left untouched.
 */
export class FileSessionStore implements SessionStore {
  /** The folder, absolute. */
  readonly dir: string;
  private readonly lockTimeoutMs: number;
  private readonly staleLockMs: number;

  /**
   * @param dir - the folder (created on the first write)
   * @param options - lock timings
   */
  constructor(dir: string, options: FileSessionStoreOptions = {}) {
    this.dir = resolve(dir);
    this.lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
    this.staleLockMs = options.staleLockMs ?? 30_000;
  }

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
   * @returns the session as stored now
   * @throws CorruptSessionError or UnsupportedSessionFormatError naming a file it cannot read
   */
  async load(key: SessionKey): Promise<SessionData> {
    const checked = checkSessionKey(key);
    const [app, user, session] = await Promise.all([
      readScopeRecord(this.appFile(checked)),
      readScopeRecord(this.userFile(checked)),
      readSessionRecord(this.sessionFile(checked)),
    ]);
    return data(checked, app, user, session);
  }

  /**
   * @param key - app, user and session
   * @param update - messages and state delta
   * @param options - signal (stops waiting for the lock), `expectedVersion`
   * @returns the session after the append
   * @throws SessionConflictError, SessionLockTimeoutError, UnserializableSessionValueError, CorruptSessionError, UnsupportedSessionFormatError
   */
  async append(key: SessionKey, update: SessionUpdate, options: SessionCallOptions = {}): Promise<SessionData> {
    const checked = checkSessionKey(key);
    const scoped = scopeUpdate(update);
    const lock = { timeoutMs: this.lockTimeoutMs, staleMs: this.staleLockMs, ...(options.signal ? { signal: options.signal } : {}) };
    return withFileLock(join(this.appFolder(checked), '.lock'), lock, async () => {
      const paths = { app: this.appFile(checked), user: this.userFile(checked), session: this.sessionFile(checked) };
      const [app, user, session] = await Promise.all([
        readScopeRecord(paths.app),
        readScopeRecord(paths.user),
        readSessionRecord(paths.session),
      ]);
      const version = session?.version ?? 0;
      if (options.expectedVersion !== undefined && options.expectedVersion !== version)
        throw new SessionConflictError(describeSessionKey(checked), options.expectedVersion, version);
      const updatedAt = new Date().toISOString();
      const nextApp = hasChanges(scoped.app) ? scopeRecord('app', applyChange(app?.state ?? {}, scoped.app), updatedAt) : app;
      const nextUser = hasChanges(scoped.user) ? scopeRecord('user', applyChange(user?.state ?? {}, scoped.user), updatedAt) : user;
      const nextSession: SessionRecord = {
        format: 'toolcraft.session',
        formatVersion: sessionFormatVersion,
        ...checked,
        version: version + 1,
        messages: [...(session?.messages ?? []), ...scoped.messages],
        state: applyChange(session?.state ?? {}, scoped.session),
        updatedAt,
      };
      if (nextApp !== app) await writeFileAtomic(paths.app, JSON.stringify(nextApp, null, 2));
      if (nextUser !== user) await writeFileAtomic(paths.user, JSON.stringify(nextUser, null, 2));
      await writeFileAtomic(paths.session, JSON.stringify(nextSession, null, 2));
      return data(checked, nextApp, nextUser, nextSession);
    });
  }

  /** @param key - the session whose file is removed */
  async delete(key: SessionKey): Promise<void> {
    await rm(this.sessionFile(checkSessionKey(key)), { force: true });
  }

  /**
   * @param appName - the app
   * @param userId - the user
   * @returns the ids of the user's session files
   */
  async listSessions(appName: string, userId: string): Promise<string[]> {
    checkName('appName', appName);
    checkName('userId', userId);
    const folder = join(this.userFolder({ appName, userId }), 'sessions');
    const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return names.filter((name) => name.endsWith('.json')).map((name) => nameOfSegment(name.slice(0, -'.json'.length)));
  }

  /**
   * @param key - a session key
   * @returns the session's file
   */
  sessionFile(key: SessionKey): string {
    return join(this.userFolder(key), 'sessions', `${pathSegment(key.sessionId)}.json`);
  }

  private appFolder(key: Pick<SessionKey, 'appName'>): string {
    return join(this.dir, pathSegment(key.appName));
  }

  private appFile(key: SessionKey): string {
    return join(this.appFolder(key), 'app.json');
  }

  private userFolder(key: Pick<SessionKey, 'appName' | 'userId'>): string {
    return join(this.appFolder(key), 'users', pathSegment(key.userId));
  }

  private userFile(key: SessionKey): string {
    return join(this.userFolder(key), 'user.json');
  }
}

function scopeRecord(scope: 'app' | 'user', state: Record<string, unknown>, updatedAt: string): ScopeRecord {
  return { format: 'toolcraft.state', formatVersion: sessionFormatVersion, scope, state, updatedAt };
}

function data(
  key: SessionKey,
  app: ScopeRecord | undefined,
  user: ScopeRecord | undefined,
  session: SessionRecord | undefined,
): SessionData {
  return {
    ...key,
    messages: session?.messages ?? [],
    state: { ...app?.state, ...user?.state, ...session?.state },
    version: session?.version ?? 0,
  };
}
