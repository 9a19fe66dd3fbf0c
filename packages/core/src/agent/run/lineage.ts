import type { RunOptions } from '../run-options.js';
import type { StreamTarget } from '../streaming/stream-target.js';
import type { Run } from './run.js';

/** The key under which a run's options carry its place among runs (a symbol: never a public option, kept by object spreads). */
const lineageKey = Symbol.for('toolcraft.runLineage');

/** Where a run sits among the runs that started it. @internal */
export interface RunLineage {
  /** The run whose tool started this one (an `AgentTool` call), if one did. */
  readonly parent?: Run;
  /** The parent's call that started this run. */
  readonly callId?: string;
  /** How deep the run is nested: 0 for a run the host started. */
  readonly depth: number;
  /** When the enclosing run must end (ms since the epoch); a nested run ends by then too. */
  readonly endsAt: number;
  /** Where the run's stream events go, when an enclosing run is streamed. */
  readonly stream?: StreamTarget;
}

const topLevel: RunLineage = { depth: 0, endsAt: Number.POSITIVE_INFINITY };

/**
 * @param options - a run's options
 * @returns the lineage they carry (top level when none)
 * @internal
 */
export function lineageOf(options: RunOptions): RunLineage {
  return (options as { [lineageKey]?: RunLineage })[lineageKey] ?? topLevel;
}

/**
 * @param options - a run's options (not changed)
 * @param lineage - the lineage to give them
 * @returns a copy of the options carrying the lineage; any spread copy of it carries it on
 * @internal
 */
export function withLineage(options: RunOptions, lineage: RunLineage): RunOptions {
  return { ...options, [lineageKey]: lineage } as RunOptions;
}

/**
 * Makes a run stream its events into a streamed run's channel: what a workflow agent does for its
 * agents (and `stream` of a workflow agent for itself).
 * @param options - the run's options (not changed; their lineage is kept)
 * @param stream - where its events go; undefined to leave the options as they are
 * @returns the options, streaming into `stream`
 * @internal
 */
export function streamInto(options: RunOptions, stream: StreamTarget | undefined): RunOptions {
  return stream === undefined ? options : withLineage(options, { ...lineageOf(options), stream });
}

/**
 * @param options - a run's options
 * @returns where its stream events go when an enclosing run is streamed, else undefined
 * @internal
 */
export function streamTargetOf(options: RunOptions): StreamTarget | undefined {
  return lineageOf(options).stream;
}

/**
 * The time limit of a run: the agent's `maxDurationMs`, or less when the run is nested in a run
 * whose time runs out sooner.
 * @param lineage - the run's lineage
 * @param maxDurationMs - the agent's limit
 * @returns the run's limit, in ms
 * @internal
 */
export function runTimeLimit(lineage: RunLineage, maxDurationMs: number): number {
  const { endsAt } = lineage;
  return endsAt === Number.POSITIVE_INFINITY ? maxDurationMs : Math.min(maxDurationMs, Math.max(0, endsAt - Date.now()));
}
