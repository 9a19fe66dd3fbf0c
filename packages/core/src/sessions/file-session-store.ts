import { readdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Session, SessionCallOptions, SessionData, SessionKey, SessionUpdate } from '../agent/session.js';
import { SessionConflictError } from '../errors/session-conflict-error.js';
import { SessionLockTimeoutError } from '../errors/session-lock-timeout-error.js';
import { withFileLock } from '../storage/file-lock.js';
import { isHashedFileName, storedFileName } from '../storage/file-name.js';
import { nameOfSegment } from '../storage/path-segment.js';
import { checkAppendId, rememberAppendId } from './append-ids.js';
import { hasJournal, replayJournal, writeAllOrNothing, type JournalWrite } from './file/append-journal.js';
import { readScopeRecord, readSessionRecord, sessionFormatVersion, type ScopeRecord, type SessionRecord } from './file/session-records.js';
import { applyChange, hasChanges, scopeUpdate } from './scoped-delta.js';
import { checkName, checkSessionKey, describeSessionKey } from './session-key.js';
import type { SessionStore } from './session-store.js';
import { StoredSession } from './stored-session.js';

/** Options of a {@link FileSessionStore}. */
export interface FileSessionStoreOptions {
  /** How long an append waits for the app's lock file, in ms; default 10,000. */
  lockTimeoutMs?: number;
  /**
   * A lock file not refreshed for this long, in ms, was left by a crashed writer and is broken;
   * default 5,000, below `lockTimeoutMs` (the holder refreshes it while it works; a lock whose holder
   * was a process of this host that has ended is broken at once).
   */
  staleLockMs?: number;
}

/**
 * A {@link SessionStore} in a folder: one JSON file per session, plus one per app (`app:` state)
 * and per user (`user:` state):
 * `<dir>/<app>/app.json`, `<dir>/<app>/users/<user>/user.json`, `<dir>/<app>/users/<user>/sessions/<session>.json`
 * (names percent-encoded; a name whose encoding would pass 200 bytes becomes `=` and its SHA-256,
 * the real name being kept inside the file). Every write goes to a temporary file, is flushed and
 * renamed over the old one; appends take the app's lock file (`<dir>/<app>/.lock`), so appends from
 * several processes all land. An append that changes several files (the app's or the user's state
 * and the session) is all or nothing: the files are recorded in the app's journal first, and a
 * journal left by a crash is finished before the next load or append.
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
    this.staleLockMs = options.staleLockMs ?? 5_000;
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
  async load(key: SessionKey, options: SessionCallOptions = {}): Promise<SessionData> {
    const checked = checkSessionKey(key);
    const folder = this.appFolder(checked);
    if (await hasJournal(folder)) await this.locked(folder, options.signal, () => replayJournal(folder));
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
   * @param options - signal (stops waiting for the lock), `expectedVersion`, `appendId`
   * @returns the session after the append (as it stands, for an `appendId` already applied)
   * @throws SessionConflictError, SessionLockTimeoutError, UnserializableSessionValueError, CorruptSessionError, UnsupportedSessionFormatError
   */
  async append(key: SessionKey, update: SessionUpdate, options: SessionCallOptions = {}): Promise<SessionData> {
    const checked = checkSessionKey(key);
    const scoped = scopeUpdate(update);
    const appendId = checkAppendId(options.appendId);
    const folder = this.appFolder(checked);
    return this.locked(folder, options.signal, async () => {
      await replayJournal(folder);
      const paths = { app: this.appFile(checked), user: this.userFile(checked), session: this.sessionFile(checked) };
      const [app, user, session] = await Promise.all([
        readScopeRecord(paths.app),
        readScopeRecord(paths.user),
        readSessionRecord(paths.session),
      ]);
      if (appendId !== undefined && session?.appendIds?.includes(appendId) === true) return data(checked, app, user, session);
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
        appendIds: rememberAppendId(session?.appendIds, appendId),
        updatedAt,
      };
      const writes: JournalWrite[] = [];
      const write = (path: string, record: unknown) => writes.push({ file: relative(folder, path), text: JSON.stringify(record, null, 2) });
      if (nextApp !== app) write(paths.app, nextApp);
      if (nextUser !== user) write(paths.user, nextUser);
      write(paths.session, nextSession);
      await writeAllOrNothing(folder, writes);
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
    const ids: string[] = [];
    for (const name of names.filter((entry) => entry.endsWith('.json'))) {
      if (!isHashedFileName(name)) ids.push(nameOfSegment(name.slice(0, -'.json'.length)));
      else {
        const record = await readSessionRecord(join(folder, name)).catch(() => undefined);
        if (record !== undefined) ids.push(record.sessionId);
      }
    }
    return ids;
  }

  /**
   * @param key - a session key
   * @returns the session's file
   */
  sessionFile(key: SessionKey): string {
    return join(this.userFolder(key), 'sessions', storedFileName(key.sessionId, '.json'));
  }

  private locked<T>(appFolder: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const lock = {
      timeoutMs: this.lockTimeoutMs,
      staleMs: this.staleLockMs,
      timeoutError: (lockPath: string, waitedMs: number) => new SessionLockTimeoutError(lockPath, waitedMs),
      ...(signal ? { signal } : {}),
    };
    return withFileLock(join(appFolder, '.lock'), lock, work);
  }

  private appFolder(key: Pick<SessionKey, 'appName'>): string {
    return join(this.dir, storedFileName(key.appName));
  }

  private appFile(key: SessionKey): string {
    return join(this.appFolder(key), 'app.json');
  }

  private userFolder(key: Pick<SessionKey, 'appName' | 'userId'>): string {
    return join(this.appFolder(key), 'users', storedFileName(key.userId));
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
