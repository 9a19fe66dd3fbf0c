import { randomUUID } from 'node:crypto';
import { untilAborted } from '@toolcraft/core/internal';
import { RedisClientHandle } from '../redis-client-handle.js';
import { RedisStoreInputError } from '../errors/redis-store-input-error.js';
import { RedisValueError } from '../errors/redis-value-error.js';
import type { RedisStoreOptions } from '../redis-store-options.js';
import { LuaScript } from '../run-script.js';
import type { McpRecordedCall } from './mcp-store-types.js';

/** Options of {@link RedisMcpIdempotencyStore}. */
export type RedisMcpIdempotencyStoreOptions = RedisStoreOptions & {
  /** How long a running call holds its key before another may claim it, renewed while it runs, in ms; default 60,000. */
  claimMs?: number;
  /** How often a call waiting for a running one looks again, in ms (doubling up to 1 s); default 50. */
  pollMs?: number;
};

/** Deletes a claim only if it is still this caller's. */
const releaseScript = new LuaScript(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`);
/** Renews a claim only if it is still this caller's. */
const renewScript = new LuaScript(
  `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`,
);

const donePrefix = 'done:';
const runningPrefix = 'running:';

/**
 * An MCP idempotency store on Redis (`idempotency` of `createMcpServer` and `createMcpHttpHandler` in
 * `@toolcraft/mcp`): exactly once across every instance that shares it. A call claims its key with
 * `SET NX` (`<prefix>mcp-idempotency:<key>` = `running:<token>`, expiring after `claimMs`, renewed
 * while the call runs, so a crashed instance's claim lapses); its result replaces the claim
 * (`done:<json>`, kept `ttlSeconds`, default 24 hours). A call whose key another instance holds waits
 * for its result, looking again every `pollMs` (doubling up to 1 s).
 * @example
 * const idempotency = new RedisMcpIdempotencyStore({ url: process.env.REDIS_URL!, keyPrefix: 'mcp:' });
 * const handler = createMcpHttpHandler(tools, { name: 'payments', version: '1.0.0', idempotency });
 */
export class RedisMcpIdempotencyStore {
  private readonly handle: RedisClientHandle;
  private readonly claimMs: number;
  private readonly pollMs: number;
  private readonly claims = new Map<string, { token: string; timer: ReturnType<typeof setInterval> }>();

  /**
   * @param options - `{ connection }` or `{ url }`, `keyPrefix`, `ttlSeconds`, `claimMs`, `pollMs`
   * @throws RedisStoreInputError for an impossible option
   */
  constructor(options: RedisMcpIdempotencyStoreOptions) {
    this.handle = new RedisClientHandle(options);
    const given = options as { claimMs?: unknown; pollMs?: unknown };
    this.claimMs = positive(given.claimMs ?? 60_000, 'claimMs');
    this.pollMs = positive(given.pollMs ?? 50, 'pollMs');
  }

  /**
   * Claims a key, or finds (waiting while another call holds it) the call recorded under it.
   * @param key - the idempotency key
   * @param signal - stops waiting
   * @returns the recorded call, or undefined when the key is now this caller's
   * @throws RedisValueError for a value this store did not write; RedisStoreError when Redis fails; the signal's reason
   */
  async begin(key: string, signal: AbortSignal): Promise<McpRecordedCall | undefined> {
    const full = this.handle.key('mcp-idempotency', checked(key));
    let wait = this.pollMs;
    for (;;) {
      signal.throwIfAborted();
      const token = `${runningPrefix}${randomUUID()}`;
      const claimed = await this.handle.run('claim the idempotency key', full, true, (client) =>
        client.set(full, token, 'PX', this.claimMs, 'NX'),
      );
      if (claimed === 'OK') {
        this.hold(full, token);
        return undefined;
      }
      const value = await this.handle.run('read the idempotency key', full, false, (client) => client.get(full));
      if (value?.startsWith(donePrefix)) return decode(full, value.slice(donePrefix.length));
      if (value !== null && !value.startsWith(runningPrefix))
        throw new RedisValueError(full, 'it is neither a claim nor a recorded call of this store');
      await untilAborted(new Promise((resolve) => setTimeout(resolve, wait)), signal);
      wait = Math.min(wait * 2, 1_000);
    }
  }

  /**
   * Records the result of the call that claimed the key.
   * @param key - the key
   * @param call - its result and fingerprint
   * @throws RedisStoreError when Redis fails
   */
  async complete(key: string, call: McpRecordedCall): Promise<void> {
    const full = this.handle.key('mcp-idempotency', checked(key));
    this.release(full);
    const text = donePrefix + JSON.stringify({ fingerprint: call.fingerprint, result: call.result });
    const ttl = this.handle.ttlSeconds ?? 86_400;
    await this.handle.run('record the idempotent call', full, true, (client) => client.set(full, text, 'EX', ttl));
  }

  /**
   * Lets go of a claimed key whose call did not finish.
   * @param key - the key
   * @throws RedisStoreError when Redis fails
   */
  async abandon(key: string): Promise<void> {
    const full = this.handle.key('mcp-idempotency', checked(key));
    const token = this.release(full);
    if (token !== undefined)
      await this.handle.run('release the idempotency key', full, true, (client) => releaseScript.run(client, [full], [token]));
  }

  /** Stops renewing the claims held and quits the client if the store made it. */
  async close(): Promise<void> {
    for (const key of [...this.claims.keys()]) this.release(key);
    await this.handle.close();
  }

  /** Keeps a claim alive while its call runs. */
  private hold(key: string, token: string): void {
    const timer = setInterval(
      () => {
        void this.handle
          .run('renew the idempotency claim', key, true, (client) => renewScript.run(client, [key], [token, this.claimMs]))
          .catch(() => undefined);
      },
      Math.max(Math.floor(this.claimMs / 3), 1),
    );
    timer.unref?.();
    this.claims.set(key, { token, timer });
  }

  private release(key: string): string | undefined {
    const claim = this.claims.get(key);
    if (claim === undefined) return undefined;
    clearInterval(claim.timer);
    this.claims.delete(key);
    return claim.token;
  }
}

function decode(key: string, text: string): McpRecordedCall {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RedisValueError(key, 'its recorded call is not JSON', { cause: error });
  }
  const { fingerprint, result } = (value ?? {}) as { fingerprint?: unknown; result?: unknown };
  if (typeof fingerprint !== 'string' || typeof result !== 'object' || result === null)
    throw new RedisValueError(key, 'its recorded call has no fingerprint or result');
  return { fingerprint, result: result as Record<string, unknown> };
}

function checked(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0) throw new RedisStoreInputError('key', key, 'a non-empty string');
  return key;
}

function positive(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new RedisStoreInputError(name, value, 'a whole number of ms of at least 1');
  return value;
}
