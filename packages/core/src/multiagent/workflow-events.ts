import { randomUUID } from 'node:crypto';
import type { RunOptions } from '../agent/run-options.js';
import type { RunResult } from '../agent/run-result.js';
import { streamInto, streamTargetOf } from '../agent/run/lineage.js';
import { AgentStream } from '../agent/streaming/agent-stream.js';
import { RunEvents } from '../agent/streaming/run-events.js';

/** A signal that never aborts: a workflow agent's own events are queued, never waited for. */
const never = new AbortController().signal;

/**
 * The stream events of one run of a workflow agent, when it is streamed (its own `stream`, or as
 * part of a streamed run): its agents' events go to the same stream with the workflow's run id as
 * their `parentRunId`, and its combined run ends with its own `run_completed`. Without a stream
 * every method is a no-op.
 * @internal
 */
export class WorkflowEvents {
  /** The id of the workflow agent's combined run (`options.runId`, else a new one). */
  readonly runId: string;
  private readonly events: RunEvents | undefined;

  /**
   * @param agentName - the workflow agent's name
   * @param options - its run's options
   */
  constructor(agentName: string, options: RunOptions) {
    this.runId = options.runId ?? randomUUID();
    const target = streamTargetOf(options);
    if (target === undefined) return;
    const { channel, ...parent } = target;
    this.events = new RunEvents(this.runId, agentName, never, channel, parent);
  }

  /**
   * @param options - the run options of one of its agents
   * @returns them, streaming into the workflow's stream when it is streamed
   */
  forAgent(options: RunOptions): RunOptions {
    return streamInto(options, this.events?.nested());
  }

  /**
   * Emits the combined run's `run_completed`.
   * @param result - the combined run
   * @returns the result
   */
  completed(result: RunResult): RunResult {
    this.events?.enqueue({ type: 'run_completed', stopReason: result.stopReason, result });
    return result;
  }
}

/**
 * Streams a workflow agent's run, as `agent.stream` does an agent's.
 * @param agent - the workflow agent
 * @param input - the user's message
 * @param options - its run's options
 * @returns the stream
 */
export function streamWorkflow(
  agent: { run(input: string, options: RunOptions): Promise<RunResult> },
  input: string,
  options: RunOptions,
): AgentStream {
  return new AgentStream(
    (channel, cancellation) => agent.run(input, streamInto({ ...options, signal: cancellation.signal }, { channel })),
    options.signal,
  );
}
