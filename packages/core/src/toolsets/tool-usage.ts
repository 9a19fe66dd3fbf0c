import { ToolLimitError } from '../errors/tool-limit-error.js';
import type { AnyTool } from '../tools/abstract-tool.js';

/** The JSON form of a tool's counts in one run, kept in a paused run's state. */
export interface ToolUsageEntry {
  invocations: number;
  failures: number;
  /** The limit the tool reached, when it did: it is no longer offered. */
  exhausted?: { limit: 'maxInvocations' | 'maxFailures'; value: number };
}

/**
 * The per-run counts behind `maxInvocations` and `maxFailures`, by tool name (a toolset may hand
 * out a new instance of a tool each turn; the model calls it by name).
 */
export class ToolUsage {
  private readonly counts: Record<string, ToolUsageEntry>;
  /** The tools past a limit, by name (made when the first one is). */
  private exhaustedTools: Map<string, ToolLimitError> | undefined;

  /**
   * @param counts - where the counts are kept, by tool name (a run's record: its one copy); default a new object
   */
  constructor(counts: Record<string, ToolUsageEntry> = {}) {
    this.counts = counts;
    for (const name in counts) {
      if (!Object.hasOwn(counts, name)) continue;
      const entry = counts[name]!;
      entry.invocations = Number(entry.invocations) || 0;
      entry.failures = Number(entry.failures) || 0;
      if (entry.exhausted !== undefined)
        (this.exhaustedTools ??= new Map()).set(name, new ToolLimitError(name, entry.exhausted.limit, entry.exhausted.value));
    }
  }

  /** Whether some tool has reached a limit in this run. */
  get anyExhausted(): boolean {
    return this.exhaustedTools !== undefined && this.exhaustedTools.size > 0;
  }

  /**
   * @param name - a tool name
   * @returns the error answering a call to a tool that reached a limit, or undefined
   */
  refusal(name: string): ToolLimitError | undefined {
    return this.exhaustedTools?.get(name);
  }

  /**
   * Counts a call about to be executed; the call that reaches `maxInvocations` still runs.
   * @param tool - the tool called
   * @returns the error to answer with instead, when the tool is already past a limit
   */
  admit(tool: AnyTool): ToolLimitError | undefined {
    const name = tool.descriptor.name;
    const refused = this.exhaustedTools?.get(name);
    if (refused !== undefined) return refused;
    const counts = this.countsOf(name);
    counts.invocations++;
    const limit = tool.maxInvocations;
    if (limit !== undefined && counts.invocations >= limit) this.exhaust(name, counts, 'maxInvocations', limit);
    return undefined;
  }

  /**
   * Takes back the invocation a call was counted for when it did not end (it waits for the host and
   * runs again on resume): the limit it may have reached is lifted again.
   * @param tool - the tool whose call paused
   */
  release(tool: AnyTool): void {
    const counts = this.countsOf(tool.descriptor.name);
    if (counts.invocations > 0) counts.invocations--;
    const refused = this.exhaustedTools?.get(tool.descriptor.name);
    if (refused?.limit === 'maxInvocations' && counts.invocations < refused.value) {
      this.exhaustedTools?.delete(tool.descriptor.name);
      delete counts.exhausted;
    }
  }

  /**
   * Counts a failed call.
   * @param tool - the tool whose call failed
   */
  failed(tool: AnyTool): void {
    const name = tool.descriptor.name;
    const counts = this.countsOf(name);
    counts.failures++;
    const limit = tool.maxFailures;
    if (limit !== undefined && counts.failures >= limit && !this.exhaustedTools?.has(name))
      this.exhaust(name, counts, 'maxFailures', limit);
  }

  /**
   * How many more calls of a tool may fail in this run before it reaches `maxFailures`.
   * @param tool - a tool
   * @returns the number, `Infinity` for a tool without `maxFailures`
   */
  failuresLeft(tool: AnyTool): number {
    const limit = tool.maxFailures;
    const counts = Object.hasOwn(this.counts, tool.descriptor.name) ? this.counts[tool.descriptor.name] : undefined;
    return limit === undefined ? Number.POSITIVE_INFINITY : limit - (counts?.failures ?? 0);
  }

  /**
   * @param tool - a tool
   * @returns whether it reached a limit in this run (it is then no longer offered)
   */
  isExhausted(tool: AnyTool): boolean {
    return this.exhaustedTools?.has(tool.descriptor.name) === true;
  }

  /** @returns a copy of the counts by tool name, as JSON (a paused run keeps them, so limits count across resumes) */
  toJSON(): Record<string, ToolUsageEntry> {
    return structuredClone(this.counts);
  }

  private exhaust(name: string, counts: ToolUsageEntry, limit: 'maxInvocations' | 'maxFailures', value: number): void {
    (this.exhaustedTools ??= new Map()).set(name, new ToolLimitError(name, limit, value));
    counts.exhausted = { limit, value };
  }

  private countsOf(name: string): ToolUsageEntry {
    if (Object.hasOwn(this.counts, name)) return this.counts[name]!;
    const counts = { invocations: 0, failures: 0 };
    // Defined, not assigned: a tool may be named like an Object.prototype member (even `__proto__`).
    Object.defineProperty(this.counts, name, { value: counts, enumerable: true, writable: true, configurable: true });
    return counts;
  }
}
