import type { RunOptions } from '../agent/run-options.js';
import type { RunResult } from '../agent/run-result.js';
import type { AgentStream } from '../agent/streaming/agent-stream.js';
import { AgentState } from '../context/agent-state.js';
import { applyStateDelta } from './apply-state-delta.js';
import { combineRuns } from './combine-runs.js';
import type { RunnableAgent } from './runnable-agent.js';
import { checkWorkflowOptions, refuseSession, type WorkflowAgentOptions } from './workflow-checks.js';
import { agentRunOptions, initialState } from './workflow-run-options.js';
import { streamWorkflow, WorkflowEvents } from './workflow-events.js';

/** Options of a {@link SequentialAgent}: its `name`, its `agents` (run in order) and an optional `description`. */
export type SequentialAgentOptions = WorkflowAgentOptions;

/**
 * An agent made of agents run one after the other on the same state (ADK's `SequentialAgent`):
 * each agent's `stateDelta` is applied to the state the next one starts with, so an agent with an
 * `outputKey` hands its answer to the next ones. Every agent gets the user's message as its input
 * (not the previous agents' messages: each agent's transcript stays its own, and what it passes on
 * goes through the state); the run's signal, metadata, history and per-run tools go to each
 * (`toolChoice` does not: each agent has its own tools). `temp:` keys do not pass from one agent to the next.
 *
 * The result: the last agent's text, its stop reason (the sequence stops after the first agent that
 * does not complete), the merged state changes, usage summed, the messages of all (see
 * {@link combineRuns}), and each agent's run in `subRuns`. An agent's run that throws rejects the
 * whole run with its error.
 * @example
 * const pipeline = new SequentialAgent({ name: 'write_and_review', agents: [writer, reviewer] });
 * const run = await pipeline.run('Write a haiku about tea.');
 * run.stateDelta.draft; // the writer's answer (its outputKey is 'draft')
 */
export class SequentialAgent implements RunnableAgent {
  /** The agent's name. */
  readonly name: string;
  /** What the agent does, if said. */
  readonly description?: string;
  /** Its agents, in the order they run. */
  readonly agents: readonly RunnableAgent[];

  /**
   * @param options - name, agents, description
   * @throws InvalidAgentOptionsError when the name is empty or `agents` is not a non-empty array of agents
   */
  constructor(options: SequentialAgentOptions) {
    this.agents = checkWorkflowOptions(options);
    this.name = options.name;
    if (options.description !== undefined) this.description = options.description;
  }

  /**
   * Runs the agents in order on one user message.
   * @param input - the user's message, given to every agent
   * @param options - signal, state, history, metadata, per-run tools (no session)
   * @returns the combined run
   * @throws InvalidRunOptionsError when `options.session` is given
   * @throws what an agent's run throws
   */
  async run(input: string, options: RunOptions = {}): Promise<RunResult> {
    refuseSession(this.name, options);
    const startedAt = Date.now();
    const events = new WorkflowEvents(this.name, options);
    const state = new AgentState(initialState(options));
    const runs: RunResult[] = [];
    for (const agent of this.agents) {
      const run = await agent.run(input, events.forAgent(agentRunOptions(options, state.toJSON())));
      runs.push(run);
      applyStateDelta(state, run.stateDelta);
      if (run.stopReason !== 'completed') break;
    }
    const last = runs.at(-1)!;
    return events.completed(
      combineRuns(input, options, { runId: events.runId, runs, text: last.text, deciding: last, stateDelta: state.delta }, startedAt),
    );
  }

  /**
   * Runs the agents as `run` does and streams what happens: each agent's events (with the
   * workflow's run id as their `parentRunId`), then the combined run's `run_completed`. Breaking out
   * of the loop (or aborting `options.signal`) cancels the run. See {@link AgentStream}.
   * @param input - the user's message, given to every agent
   * @param options - as for `run`
   * @returns the stream of the run's events, with its `result`
   */
  stream(input: string, options: RunOptions = {}): AgentStream {
    return streamWorkflow(this, input, options);
  }
}
