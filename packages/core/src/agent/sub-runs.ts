import type { Usage } from '../model/chat-model.js';
import { subRunStateOf, type RunState } from './pausing/run-state.js';
import type { RunOptions } from './run-options.js';
import type { RunResult } from './run-result.js';
import type { AgentEvent } from './streaming/agent-event.js';
import type { EventChannel } from './streaming/event-channel.js';
import { RunEvents } from './streaming/run-events.js';
import type { StreamTarget } from './streaming/stream-target.js';
import { restoreSubRun, summarizeSubRun } from './summarize-sub-run.js';
import { addUsage } from './usage.js';

/** Where a run sits among agents that run agents: how deep it is nested, and when its parent must end. */
interface RunLineage {
  /** 0 for a run the host started; one more for each `AgentTool` call it is nested in. */
  readonly depth: number;
  /** When the enclosing run ends (ms since the epoch); a nested run ends by then too. */
  readonly endsAt: number;
  /** Where the run's stream events go, when an enclosing run is streamed. */
  readonly stream?: StreamTarget;
}

const topLevel: RunLineage = { depth: 0, endsAt: Number.POSITIVE_INFINITY };

/** The lineage of runs started by an `AgentTool` or a workflow agent, keyed by the run's options object. */
const lineages = new WeakMap<RunOptions, RunLineage>();

/**
 * The time limit of a run: the agent's `maxDurationMs`, or less when the run is nested in a run
 * whose time runs out sooner.
 * @param options - the run's options
 * @param maxDurationMs - the agent's limit
 * @returns the run's limit, in ms
 * @internal
 */
export function runTimeLimit(options: RunOptions, maxDurationMs: number): number {
  const { endsAt } = lineages.get(options) ?? topLevel;
  return endsAt === Number.POSITIVE_INFINITY ? maxDurationMs : Math.min(maxDurationMs, Math.max(0, endsAt - Date.now()));
}

/**
 * Gives a run's options the lineage of another run's: a workflow agent (or `runParallel`) passes
 * its own place among agents on to the runs it starts.
 * @param from - the options of the run being passed on
 * @param to - the options of the run to start
 * @returns `to`
 * @internal
 */
export function inheritLineage(from: RunOptions | undefined, to: RunOptions): RunOptions {
  const lineage = from === undefined ? undefined : lineages.get(from);
  if (lineage !== undefined) lineages.set(to, lineage);
  return to;
}

/**
 * Makes a run stream its events into a streamed run's channel: what a workflow agent does for its
 * agents (and `stream` of a workflow agent for itself).
 * @param options - the run's options (their lineage is kept)
 * @param stream - where its events go; undefined to leave the options as they are
 * @returns `options`
 * @internal
 */
export function streamInto(options: RunOptions, stream: StreamTarget | undefined): RunOptions {
  if (stream !== undefined) lineages.set(options, { ...(lineages.get(options) ?? topLevel), stream });
  return options;
}

/**
 * @param options - a run's options
 * @returns where its stream events go when an enclosing run is streamed, else undefined
 * @internal
 */
export function streamTargetOf(options: RunOptions): StreamTarget | undefined {
  return lineages.get(options)?.stream;
}

/**
 * What one run knows of the agent runs its tools start (`AgentTool`): its depth and remaining time,
 * which bound them, and their results, kept for `run.subRuns` with their usage added to the run's.
 * @internal
 */
export class SubRunRecorder {
  private readonly runs: RunResult[];
  /** How deep the run is nested: 0 when the host started it. */
  readonly depth: number;
  private readonly stream: StreamTarget | undefined;
  private runEvents: RunEvents | undefined;

  /**
   * @param options - the run's options (its lineage, if a tool or workflow agent started it)
   * @param deadline - the run's deadline
   * @param state - the run's state: the sub-runs it kept (from before a pause) are the first ones, and each new one is kept in it
   */
  constructor(
    options: RunOptions,
    private readonly deadline: { readonly remainingMs: number },
    private readonly state?: RunState,
  ) {
    this.runs = (state?.data.subRuns ?? []).map(restoreSubRun);
    const lineage = lineages.get(options) ?? topLevel;
    this.depth = lineage.depth;
    this.stream = lineage.stream;
  }

  /**
   * The run's event sink: into `channel` when the run is streamed itself, else into the stream of the
   * enclosing streamed run (tagged with its parent), else nowhere.
   * @param runId - the run's id
   * @param agentName - the run's agent
   * @param signal - the run's signal
   * @param channel - the run's own stream, if it is streamed
   * @returns the sink
   */
  events(runId: string, agentName: string, signal: AbortSignal, channel: EventChannel<AgentEvent> | undefined): RunEvents {
    const { stream } = this;
    if (channel !== undefined || stream === undefined) this.runEvents = new RunEvents(runId, agentName, signal, channel);
    else {
      const { channel: target, ...parent } = stream;
      this.runEvents = new RunEvents(runId, agentName, signal, target, parent);
    }
    return this.runEvents;
  }

  /**
   * Options for a run nested in this one: one level deeper, ending when this run must end, and
   * streaming into this run's stream when it is streamed.
   * @param options - the nested run's options
   * @param callId - the call that starts it
   * @returns `options`, with its lineage recorded
   */
  nest(options: RunOptions, callId?: string): RunOptions {
    const stream = this.runEvents?.nested(callId);
    lineages.set(options, { depth: this.depth + 1, endsAt: Date.now() + this.deadline.remainingMs, ...(stream ? { stream } : {}) });
    return options;
  }

  /**
   * The paused run of the agent of a call of this run, which the call resumes when it runs again.
   * @param callId - the `AgentTool` call's id
   * @returns the state of its agent's paused run, if it has one
   */
  pausedRun(callId: string): RunState | undefined {
    const entry = this.state?.data.batch?.find((candidate) => candidate.callId === callId);
    return entry === undefined ? undefined : subRunStateOf(entry);
  }

  /**
   * Keeps a nested run's result.
   * @param run - the nested run's result
   */
  record(run: RunResult): void {
    this.runs.push(run);
    // A new array each time: a checkpoint taken earlier keeps the list it saw.
    if (this.state !== undefined) this.state.data.subRuns = [...(this.state.data.subRuns ?? []), summarizeSubRun(run)];
  }

  /**
   * @param usage - the run's own usage
   * @returns the run's usage with its nested runs' added, and `subRuns` when there were any
   */
  report(usage: Usage): { usage: Usage; subRuns?: RunResult[] } {
    if (this.runs.length === 0) return { usage };
    return { usage: this.runs.reduce((total, run) => addUsage(total, run.usage), usage), subRuns: this.runs.slice() };
  }
}
