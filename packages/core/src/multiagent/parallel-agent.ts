import type { RunOptions } from '../agent/run-options.js';
import type { RunResult } from '../agent/run-result.js';
import type { AgentStream } from '../agent/streaming/agent-stream.js';
import { AgentState } from '../context/agent-state.js';
import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { ParallelAgentError, type AgentFailure } from '../errors/parallel-agent-error.js';
import { applyStateDelta } from './apply-state-delta.js';
import { combineRuns } from './combine-runs.js';
import { concurrencyLimitExpected, isConcurrencyLimit } from './concurrency-limit.js';
import { runParallel } from './run-parallel.js';
import type { RunnableAgent } from './runnable-agent.js';
import { checkWorkflowOptions, refuseSession, type WorkflowAgentOptions } from './workflow-checks.js';
import { agentRunOptions, initialState } from './workflow-run-options.js';
import { streamWorkflow, WorkflowEvents } from './workflow-events.js';

/** Options of a {@link ParallelAgent}. */
export interface ParallelAgentOptions extends WorkflowAgentOptions {
  /** The most agents running at once: a positive integer (or Infinity); default all of them. */
  maxConcurrency?: number;
}

/**
 * An agent made of agents run side by side on the same user message (ADK's `ParallelAgent`), each
 * on its own copy of the state, through {@link runParallel}. The result:
 * - `text`: the agents' texts in the order of the agents, the empty ones left out, joined by a blank
 *   line (give each agent an `outputKey` to read its answer alone, as ADK users do);
 * - `stateDelta`: the agents' changes merged in the order of the agents, a later agent winning a key
 *   both changed;
 * - `stopReason`: `'completed'`, or the stop reason of the first agent (in order) that did not complete;
 * - usage summed, the messages of all, and each agent's run in `subRuns`;
 * - `failures`: the agents whose runs threw, with their errors; the others' runs are kept. Only when
 *   every agent threw does the run reject, with a {@link ParallelAgentError}.
 * @example
 * const research = new ParallelAgent({ name: 'research', agents: [acmeResearcher, globexResearcher] });
 * const run = await research.run('Summarize their pricing.');
 * run.stateDelta; // { acme: '...', globex: '...' } with outputKeys 'acme' and 'globex'
 */
export class ParallelAgent implements RunnableAgent {
  /** The agent's name. */
  readonly name: string;
  /** What the agent does, if said. */
  readonly description?: string;
  /** Its agents, in order. */
  readonly agents: readonly RunnableAgent[];
  /** The most agents running at once. */
  readonly maxConcurrency: number;

  /**
   * @param options - name, agents, description, maxConcurrency
   * @throws InvalidAgentOptionsError when the name is empty, `agents` is not a non-empty array of agents, or `maxConcurrency` not a positive integer
   */
  constructor(options: ParallelAgentOptions) {
    this.agents = checkWorkflowOptions(options);
    this.name = options.name;
    if (options.description !== undefined) this.description = options.description;
    const { maxConcurrency = Number.POSITIVE_INFINITY } = options;
    if (!isConcurrencyLimit(maxConcurrency)) throw new InvalidAgentOptionsError('maxConcurrency', maxConcurrency, concurrencyLimitExpected);
    this.maxConcurrency = maxConcurrency;
  }

  /**
   * Runs every agent on one user message, side by side.
   * @param input - the user's message, given to every agent
   * @param options - signal, state, history, metadata, per-run tools (no session)
   * @returns the combined run
   * @throws InvalidRunOptionsError when `options.session` is given
   * @throws ParallelAgentError when every agent's run threw
   */
  async run(input: string, options: RunOptions = {}): Promise<RunResult> {
    refuseSession(this.name, options);
    const startedAt = Date.now();
    const events = new WorkflowEvents(this.name, options);
    const initial = initialState(options);
    const outcomes = await runParallel(
      this.agents.map((agent) => ({ agent, input, options: events.forAgent(agentRunOptions(options, initial)) })),
      { maxConcurrency: this.maxConcurrency },
    );
    const runs: RunResult[] = [];
    const failures: AgentFailure[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') runs.push(outcome.run);
      else failures.push({ agentName: this.agents[index]!.name, index, error: outcome.error });
    });
    if (runs.length === 0) throw new ParallelAgentError(this.name, failures);
    const state = new AgentState(initial);
    for (const run of runs) applyStateDelta(state, run.stateDelta);
    const text = runs
      .map((run) => run.text)
      .filter((part) => part !== '')
      .join('\n\n');
    const deciding = runs.find((run) => run.stopReason !== 'completed');
    return events.completed(
      combineRuns(
        input,
        options,
        { runId: events.runId, runs, text, ...(deciding ? { deciding } : {}), stateDelta: state.delta, failures },
        startedAt,
      ),
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
