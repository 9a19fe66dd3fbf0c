import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSessionStore, type ChatMessage, type SessionStore } from '@toolcraft/core';
import { RedisCheckpointStore, RedisSessionStore } from '@toolcraft/redis';
import type { BenchCase, Timing } from '../measure';
import { timedRow, type ResultRow } from '../report';

/** The Redis the bench uses (the project's machines run one here). */
export const benchRedisUrl = process.env.TOOLCRAFT_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Few, long iterations: every case does I/O (fsync for files, a round trip for Redis). */
export const storeTimingOptions = { rounds: 15, batchMs: 40, warmupMs: 300, warmupCalls: 30, minIterations: 3 };

const turn: ChatMessage[] = [
  { role: 'user', content: 'What is 3 + 4? Please answer briefly, with the reasoning in one line.' },
  { role: 'assistant', content: 'It is 7: three plus four makes seven.' },
];
/** A checkpoint shaped like a run's: a transcript of 20 messages and some state. */
const checkpoint = {
  version: 1,
  agentName: 'bench',
  transcript: Array.from({ length: 10 }, () => turn).flat(),
  state: { cart: 3, 'user:theme': 'dark' },
  counters: { iterations: 4, toolCalls: 3 },
};

/** What the store cases hold, to clean up after. */
export interface StoreBench {
  cases: BenchCase[];
  close(): Promise<void>;
}

/**
 * Cases (sf)/(sr): one session turn (load the session, append a user and an assistant message and a
 * state change) on the file store and on Redis; each session gets 25 turns, then a fresh one.
 * Cases (cf)/(cr): one checkpoint write (20 messages): a hand-written atomic file write (temporary
 * file, fsync, rename: what a file checkpoint store does) and `RedisCheckpointStore.save`.
 * @returns the cases, or undefined when Redis does not answer
 */
export async function storeCases(): Promise<StoreBench | undefined> {
  const prefix = `toolcraft-bench:${randomUUID()}:`;
  const redisSessions = new RedisSessionStore({ url: benchRedisUrl, keyPrefix: prefix });
  const checkpoints = new RedisCheckpointStore({ url: benchRedisUrl, keyPrefix: prefix });
  try {
    await checkpoints.save('probe', {});
  } catch {
    await Promise.all([redisSessions.close(), checkpoints.close()]);
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'toolcraft-bench-stores-'));
  const fileSessions = new FileSessionStore(join(dir, 'sessions'));
  const sessionTurn = (store: SessionStore) => {
    let runs = 0;
    return async () => {
      const key = { appName: 'bench', userId: 'ada', sessionId: `s${Math.floor(runs++ / 25)}` };
      const loaded = await store.load(key);
      await store.append(key, { messages: turn, stateDelta: { turns: loaded.version + 1 } }, { expectedVersion: loaded.version });
    };
  };
  let writes = 0;
  const cases: BenchCase[] = [
    {
      key: 'sf',
      label: 'FileSessionStore: load + append one turn (2 messages, 1 state key; ≤ 50 messages)',
      run: sessionTurn(fileSessions),
      callsPerRun: 1,
    },
    { key: 'sr', label: 'RedisSessionStore: load + append one turn (same)', run: sessionTurn(redisSessions), callsPerRun: 1 },
    {
      key: 'cf',
      label: 'checkpoint write to a file (hand-written: temp file, fsync, rename)',
      run: () => writeAtomic(join(dir, `run-${writes++ % 10}.json`), JSON.stringify(checkpoint)),
      callsPerRun: 1,
    },
    {
      key: 'cr',
      label: 'RedisCheckpointStore.save (same checkpoint, one SET)',
      run: () => checkpoints.save(`run-${writes++ % 10}`, checkpoint),
      callsPerRun: 1,
    },
  ];
  return {
    cases,
    close: async () => {
      rmSync(dir, { recursive: true, force: true });
      for (let id = 0; id < 10; id++) await checkpoints.delete(`run-${id}`);
      await checkpoints.delete('probe');
      const ids = await redisSessions.listSessions('bench', 'ada');
      for (const sessionId of ids) await redisSessions.delete({ appName: 'bench', userId: 'ada', sessionId });
      await Promise.all([redisSessions.close(), checkpoints.close()]);
    },
  };
}

/**
 * The table rows: Redis against the file store, side by side.
 * @param timings - timings of (sf), (sr), (cf), (cr)
 * @returns the rows
 */
export function storeRows(timings: Map<string, Timing>): ResultRow[] {
  const row = (key: string, label: string, baseline?: string): ResultRow => timedRow(timings, key, label, { baseline });
  return [
    row('sf', 'FileSessionStore: load + append one turn'),
    row('sr', 'RedisSessionStore: load + append one turn', 'sf'),
    row('cf', 'checkpoint write, file (temp file, fsync, rename)'),
    row('cr', 'checkpoint write, RedisCheckpointStore.save', 'cf'),
  ];
}

async function writeAtomic(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}
