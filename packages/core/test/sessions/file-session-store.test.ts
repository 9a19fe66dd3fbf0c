import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CorruptSessionError, FileSessionStore, UnsupportedSessionFormatError, type SessionKey } from '@toolcraft/core';

const key: SessionKey = { appName: 'app', userId: 'u', sessionId: 's' };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolcraft-file-sessions-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs fixtures/crashing-append-worker.ts, which dies between two files of an append. */
function runCrashingAppend(): Promise<NodeJS.Signals | null> {
  const script = join(__dirname, 'fixtures', 'crashing-append-worker.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => (signal !== null ? resolve(signal) : reject(new Error(`exited with ${code}: ${errors}`))));
  });
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { state: Record<string, unknown>; version?: number };

function runWorker(worker: string, count: number): Promise<void> {
  const script = join(__dirname, 'fixtures', 'append-worker.ts');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dir, worker, String(count)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`worker ${worker} exited with ${code}: ${errors}`))));
  });
}

describe('FileSessionStore', () => {
  it('keeps every turn of two processes appending to one session at the same time, and readers never see half a file', async () => {
    // Meanwhile this process keeps reading: every write is a rename of a complete file, so no read sees half of one.
    let writing = true;
    let reads = 0;
    const reader = (async () => {
      const store = new FileSessionStore(dir);
      while (writing) {
        await store.load({ appName: 'app', userId: 'u', sessionId: 'shared' });
        reads++;
      }
    })();
    await Promise.all([runWorker('a', 25), runWorker('b', 25)]).finally(() => (writing = false));
    await reader;
    expect(reads).toBeGreaterThan(0);
    const loaded = await new FileSessionStore(dir).load({ appName: 'app', userId: 'u', sessionId: 'shared' });
    expect(loaded.version).toBe(50);
    const contents = loaded.messages.map((message) => message.content as string);
    for (const worker of ['a', 'b']) {
      const own = contents.filter((content) => content.startsWith(`${worker}-`));
      // Each process's turns all land, in the order it appended them.
      expect(own).toEqual(Array.from({ length: 25 }, (_, index) => `${worker}-${index}`));
    }
    expect(loaded.state).toEqual({ 'user:a': 24, 'user:b': 24, 'app:a': 24, 'app:b': 24 });
  }, 60_000);

  it('writes one JSON file per session plus the app and user scope files, and leaves no temporary file', async () => {
    const store = new FileSessionStore(dir);
    await store.append(key, { messages: [{ role: 'user', content: 'hi' }], stateDelta: { 'app:a': 1, 'user:b': 2, c: 3 } });
    const sessionFile = store.sessionFile(key);
    expect(JSON.parse(readFileSync(sessionFile, 'utf8'))).toMatchObject({
      format: 'toolcraft.session',
      formatVersion: 1,
      version: 1,
      state: { c: 3 },
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(JSON.parse(readFileSync(join(dir, 'app', 'app.json'), 'utf8'))).toMatchObject({ scope: 'app', state: { 'app:a': 1 } });
    expect(JSON.parse(readFileSync(join(dir, 'app', 'users', 'u', 'user.json'), 'utf8'))).toMatchObject({
      scope: 'user',
      state: { 'user:b': 2 },
    });
    const everything = readdirSync(dir, { recursive: true }).map(String);
    expect(everything.filter((name) => name.includes('.tmp-') || name.endsWith('.lock') || name.includes('.journal'))).toEqual([]);
  });

  it('keeps names with / or .. inside the folder, as one encoded file name', async () => {
    // The store sits one level down in the test's own folder, so anything escaping it would show there.
    const root = join(dir, 'store');
    const store = new FileSessionStore(root);
    const odd = { appName: '../outside', userId: 'a/b', sessionId: '..' };
    await store.append(odd, { messages: [{ role: 'user', content: 'x' }], stateDelta: {} });
    expect(store.sessionFile(odd).startsWith(root)).toBe(true);
    expect(readdirSync(dir)).toEqual(['store']);
    await expect(store.listSessions('../outside', 'a/b')).resolves.toEqual(['..']);
  });

  it('refuses a corrupt session file with an error naming it, and leaves it untouched', async () => {
    const store = new FileSessionStore(dir);
    const file = store.sessionFile(key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{"format": "toolcraft.session", "formatVersion": 1, "messa');
    await expect(store.load(key)).rejects.toThrow(CorruptSessionError);
    const append = store.append(key, { messages: [{ role: 'user', content: 'hi' }], stateDelta: {} });
    await expect(append).rejects.toThrow(`Session record '${file}' is corrupt: it is not JSON`);
    expect(readFileSync(file, 'utf8')).toBe('{"format": "toolcraft.session", "formatVersion": 1, "messa');
  });

  it('refuses a file of the wrong shape, saying what is wrong', async () => {
    const store = new FileSessionStore(dir);
    const file = store.sessionFile(key);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ format: 'toolcraft.session', formatVersion: 1, version: 2, messages: 'nope', state: {} }));
    await expect(store.load(key)).rejects.toThrow(/'messages' is not a list of chat messages/);
    writeFileSync(file, JSON.stringify({ hello: 'world' }));
    await expect(store.load(key)).rejects.toThrow(/is not a toolcraft.session record/);
  });

  it('refuses a session file from a newer toolcraft, naming it and the versions, and leaves it untouched', async () => {
    const store = new FileSessionStore(dir);
    const file = join(dir, 'app', 'users', 'u', 'user.json');
    mkdirSync(dirname(file), { recursive: true });
    const newer = JSON.stringify({ format: 'toolcraft.state', formatVersion: 2, scope: 'user', state: { future: true } });
    writeFileSync(file, newer);
    const append = store.append(key, { messages: [], stateDelta: { 'user:theme': 'dark' } });
    await expect(append).rejects.toThrow(UnsupportedSessionFormatError);
    await expect(append).rejects.toThrow(`Session record '${file}' has format version 2, but this toolcraft reads format versions up to 1`);
    expect(readFileSync(file, 'utf8')).toBe(newer);
    await expect(store.load(key)).rejects.toMatchObject({ location: file, found: 2, supported: 1 });
  });

  it('breaks a lock file left by a crashed writer once it is stale, and times out on a fresh one', async () => {
    const lock = join(dir, 'app', '.lock');
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, 'crashed');
    const waiting = new FileSessionStore(dir, { lockTimeoutMs: 50, staleLockMs: 60_000 });
    await expect(waiting.append(key, { messages: [], stateDelta: {} })).rejects.toThrow(/Could not take the session lock .*within 50 ms/);
    const breaking = new FileSessionStore(dir, { lockTimeoutMs: 5_000, staleLockMs: 0 });
    await expect(breaking.append(key, { messages: [], stateDelta: { a: 1 } })).resolves.toMatchObject({ version: 1 });
  });

  it('finishes an append whose process died between two of its files, before the next read: all of it or nothing', async () => {
    const store = new FileSessionStore(dir, { staleLockMs: 600_000, lockTimeoutMs: 5_000 });
    const first = {
      messages: [{ role: 'user' as const, content: 'first' }],
      stateDelta: { 'app:banner': 'old', 'user:theme': 'old', step: 'old' },
    };
    await store.append(key, first);
    await expect(runCrashingAppend()).resolves.toBe('SIGKILL');
    // The crash came after the app's file: on disk the append is half done, its journal and lock left behind.
    expect(readJson(join(dir, 'app', 'app.json')).state).toEqual({ 'app:banner': 'new' });
    expect(readJson(join(dir, 'app', 'users', 'u', 'user.json')).state).toEqual({ 'user:theme': 'old' });
    expect(readJson(store.sessionFile(key)).version).toBe(1);
    expect(existsSync(join(dir, 'app', '.journal.json'))).toBe(true);
    expect(readFileSync(join(dir, 'app', '.lock'), 'utf8')).toMatch(new RegExp(`^\\d+ ${hostname()} `));

    // The dead writer's lock is broken at once (staleLockMs is 10 minutes here), and the journal finished.
    const loaded = await store.load(key);
    expect(loaded).toMatchObject({ version: 2, state: { 'app:banner': 'new', 'user:theme': 'new', step: 'new' } });
    expect(loaded.messages.map((message) => message.content)).toEqual(['first', 'second']);
    expect(existsSync(join(dir, 'app', '.journal.json'))).toBe(false);
    // The writer, restarted, sends its append again: it is not applied twice.
    const again = await store.append(
      key,
      { messages: [{ role: 'user', content: 'second' }], stateDelta: { step: 'again' } },
      { appendId: 'second' },
    );
    expect(again).toEqual(loaded);
  }, 30_000);

  it('breaks a crashed writer’s lock before a waiting writer gives up, with the default timings', async () => {
    const lock = join(dir, 'app', '.lock');
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, '4242 a-host-that-crashed 2026-01-01T00:00:00.000Z\n');
    const sixSecondsAgo = new Date(Date.now() - 6_000);
    utimesSync(lock, sixSecondsAgo, sixSecondsAgo);
    await expect(new FileSessionStore(dir).append(key, { messages: [], stateDelta: { a: 1 } })).resolves.toMatchObject({ version: 1 });
  });

  it('keeps sessions, users and apps whose encoded names would pass 255 bytes, under hashed names, and lists them by their real names', async () => {
    const store = new FileSessionStore(dir);
    const long = { appName: 'アプリ'.repeat(80), userId: 'ユーザー'.repeat(60), sessionId: '会話'.repeat(128) };
    const short = { ...long, sessionId: 'short' };
    await store.append(long, { messages: [{ role: 'user', content: 'hi' }], stateDelta: { 'app:a': 1, 'user:b': 2, c: 3 } });
    await store.append(short, { messages: [{ role: 'user', content: 'yo' }], stateDelta: {} });
    await expect(store.load(long)).resolves.toMatchObject({ version: 1, state: { 'app:a': 1, 'user:b': 2, c: 3 } });
    await expect(store.load({ ...long, sessionId: '会話'.repeat(127) })).resolves.toMatchObject({ version: 0 });
    expect((await store.listSessions(long.appName, long.userId)).sort()).toEqual([long.sessionId, 'short'].sort());
    for (const name of readdirSync(dir, { recursive: true }).map(String))
      for (const part of name.split(/[\\/]/)) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(255);
    await store.delete(long);
    await expect(store.listSessions(long.appName, long.userId)).resolves.toEqual(['short']);
  });
});
