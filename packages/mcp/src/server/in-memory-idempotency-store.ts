import { untilAborted } from '@toolcraft/core/internal';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import type { McpIdempotencyStore, RecordedCall } from './idempotency-store.js';

/** Options of {@link InMemoryMcpIdempotencyStore}. */
export interface InMemoryMcpIdempotencyStoreOptions {
  /** How long a result is kept, in ms; default 24 hours. */
  ttlMs?: number;
  /** The most results kept; past it, the oldest are dropped. Default 10,000. */
  maxEntries?: number;
}

type Entry = { state: 'running'; settled: Promise<void>; settle: () => void } | { state: 'done'; call: RecordedCall; at: number };

/**
 * An idempotency store in this process's memory: exactly once for the calls one instance answers,
 * bounded in age and number. A call with a key another call holds waits for that call's result.
 */
export class InMemoryMcpIdempotencyStore implements McpIdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  /**
   * @param options - how long and how many results are kept
   * @throws InvalidMcpOptionsError for a bound that is not a positive number
   */
  constructor(options: InMemoryMcpIdempotencyStoreOptions = {}) {
    this.ttlMs = bound(options.ttlMs, 'ttlMs', 86_400_000);
    this.maxEntries = bound(options.maxEntries, 'maxEntries', 10_000);
  }

  /** @inheritDoc */
  async begin(key: string, signal: AbortSignal): Promise<RecordedCall | undefined> {
    for (;;) {
      const entry = this.entries.get(key);
      if (entry === undefined || (entry.state === 'done' && Date.now() - entry.at > this.ttlMs)) {
        let settle!: () => void;
        const settled = new Promise<void>((resolve) => (settle = resolve));
        this.entries.delete(key);
        this.entries.set(key, { state: 'running', settled, settle });
        this.trim();
        return undefined;
      }
      if (entry.state === 'done') return entry.call;
      await untilAborted(entry.settled, signal);
    }
  }

  /** @inheritDoc */
  complete(key: string, call: RecordedCall): Promise<void> {
    const entry = this.entries.get(key);
    this.entries.set(key, { state: 'done', call, at: Date.now() });
    if (entry?.state === 'running') entry.settle();
    return Promise.resolve();
  }

  /** @inheritDoc */
  abandon(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry?.state === 'running') {
      this.entries.delete(key);
      entry.settle();
    }
    return Promise.resolve();
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries) return;
      if (entry.state === 'done') this.entries.delete(key);
    }
  }
}

function bound(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new InvalidMcpOptionsError(
      'InMemoryMcpIdempotencyStore',
      `'${name}' must be a whole number of at least 1, got ${JSON.stringify(value)}.`,
    );
  return value;
}
