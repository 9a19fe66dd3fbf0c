import { ToolLimitError } from '../errors/tool-limit-error.js';
import type { AnyTool } from '../tools/abstract-tool.js';

type Counts = { invocations: number; failures: number };

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
  private readonly counts = new Map<string, Counts>();
  private readonly exhausted = new Map<string, ToolLimitError>();

  /** Whether some tool has reached a limit in this run. */
  get anyExhausted(): boolean {
    return this.exhausted.size > 0;
  }

  /**
   * @param name - a tool name
   * @returns the error answering a call to a tool that reached a limit, or undefined
   */
  refusal(name: string): ToolLimitError | undefined {
    return this.exhausted.get(name);
  }

  /**
   * Counts a call about to be executed; the call that reaches `maxInvocations` still runs.
   * @param tool - the tool called
   * @returns the error to answer with instead, when the tool is already past a limit
   */
  admit(tool: AnyTool): ToolLimitError | undefined {
    const name = tool.descriptor.name;
    const refused = this.exhausted.get(name);
    if (refused !== undefined) return refused;
    const counts = this.countsOf(name);
    counts.invocations++;
    const limit = tool.maxInvocations;
    if (limit !== undefined && counts.invocations >= limit) this.exhausted.set(name, new ToolLimitError(name, 'maxInvocations', limit));
    return undefined;
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
    if (limit !== undefined && counts.failures >= limit && !this.exhausted.has(name))
      this.exhausted.set(name, new ToolLimitError(name, 'maxFailures', limit));
  }

  /**
   * How many more calls of a tool may fail in this run before it reaches `maxFailures`.
   * @param tool - a tool
   * @returns the number, `Infinity` for a tool without `maxFailures`
   */
  failuresLeft(tool: AnyTool): number {
    const limit = tool.maxFailures;
    return limit === undefined ? Number.POSITIVE_INFINITY : limit - (this.counts.get(tool.descriptor.name)?.failures ?? 0);
  }

  /**
   * @param tool - a tool
   * @returns whether it reached a limit in this run (it is then no longer offered)
   */
  isExhausted(tool: AnyTool): boolean {
    return this.exhausted.has(tool.descriptor.name);
  }

  /** @returns the counts by tool name, as JSON (a paused run keeps them, so limits count across resumes) */
  toJSON(): Record<string, ToolUsageEntry> {
    const out: Record<string, ToolUsageEntry> = {};
    for (const [name, counts] of this.counts) {
      const refused = this.exhausted.get(name);
      out[name] = { ...counts, ...(refused ? { exhausted: { limit: refused.limit, value: refused.value } } : {}) };
    }
    return out;
  }

  /**
   * Takes over the counts a paused run had reached.
   * @param saved - what {@link ToolUsage.toJSON} gave
   */
  restore(saved: Readonly<Record<string, ToolUsageEntry>>): void {
    for (const [name, entry] of Object.entries(saved)) {
      this.counts.set(name, { invocations: Number(entry.invocations) || 0, failures: Number(entry.failures) || 0 });
      if (entry.exhausted !== undefined) this.exhausted.set(name, new ToolLimitError(name, entry.exhausted.limit, entry.exhausted.value));
    }
  }

  private countsOf(name: string): Counts {
    let counts = this.counts.get(name);
    if (counts === undefined) this.counts.set(name, (counts = { invocations: 0, failures: 0 }));
    return counts;
  }
}
