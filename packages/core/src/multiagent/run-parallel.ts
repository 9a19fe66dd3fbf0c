import type { RunOptions } from '../agent/run-options.js';
import type { RunResult } from '../agent/run-result.js';
import { InvalidRunOptionsError } from '../errors/invalid-run-options-error.js';
import { concurrencyLimitExpected, isConcurrencyLimit } from './concurrency-limit.js';
import { linkSignals } from './linked-signal.js';
import { isRunnableAgent, type RunnableAgent } from './runnable-agent.js';

/** One run of {@link runParallel}: an agent, its input and its run's options. */
export interface ParallelTask {
  /** The agent to run (an `Agent`, a workflow agent, any {@link RunnableAgent}). */
  agent: RunnableAgent;
  /** The user's message for it. */
  input: string;
  /** The run's options; its `signal` is combined with `runParallel`'s. */
  options?: RunOptions;
}

/** How one task of {@link runParallel} ended: its run, or what it threw. */
export type ParallelTaskOutcome = { status: 'fulfilled'; run: RunResult } | { status: 'rejected'; error: unknown };

/** Options of {@link runParallel}. */
export interface RunParallelOptions {
  /** The most tasks running at once: a positive integer (or Infinity); default all of them. */
  maxConcurrency?: number;
  /** Aborts every task (running ones stop with `'aborted'`; tasks not started yet start aborted and stop at once). */
  signal?: AbortSignal;
}

/**
 * Runs agents side by side (seed 002's orchestrator), at most `maxConcurrency` at a time, starting
 * them in task order. Resolves once every task has ended, with one outcome per task in task order,
 * like `Promise.allSettled`: a task that throws never loses the others' runs. Never rejects after the
 * checks of its arguments.
 * @param tasks - the runs: `{ agent, input, options? }`
 * @param options - `maxConcurrency` and a `signal` that aborts every task
 * @returns each task's outcome, `{ status: 'fulfilled', run }` or `{ status: 'rejected', error }`, in task order
 * @throws InvalidRunOptionsError when `tasks` is not an array of tasks or `maxConcurrency` is not a positive integer
 * @example
 * const outcomes = await runParallel(
 *   competitors.map((name) => ({ agent: researcher, input: `Research ${name}.` })),
 *   { maxConcurrency: 2 },
 * );
 * for (const outcome of outcomes) if (outcome.status === 'fulfilled') console.log(outcome.run.text);
 */
export async function runParallel(tasks: readonly ParallelTask[], options: RunParallelOptions = {}): Promise<ParallelTaskOutcome[]> {
  checkTasks(tasks);
  const { maxConcurrency = Number.POSITIVE_INFINITY, signal } = options;
  if (!isConcurrencyLimit(maxConcurrency)) throw new InvalidRunOptionsError('maxConcurrency', maxConcurrency, concurrencyLimitExpected);
  const outcomes = new Array<ParallelTaskOutcome>(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const index = next++;
      outcomes[index] = await runTask(tasks[index]!, signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(maxConcurrency, tasks.length) }, worker));
  return outcomes;
}

async function runTask(task: ParallelTask, shared: AbortSignal | undefined): Promise<ParallelTaskOutcome> {
  const own = task.options ?? {};
  const linked = linkSignals(own.signal, shared);
  try {
    // A copy carries the task's lineage on (when an enclosing run started it).
    const options = linked.signal === own.signal ? own : { ...own, signal: linked.signal };
    return { status: 'fulfilled', run: await task.agent.run(task.input, options) };
  } catch (error) {
    return { status: 'rejected', error };
  } finally {
    linked.dispose();
  }
}

function checkTasks(tasks: readonly ParallelTask[]): void {
  if (!Array.isArray(tasks)) throw new InvalidRunOptionsError('tasks', tasks, 'an array of { agent, input, options? }');
  tasks.forEach((task: Partial<ParallelTask> | null | undefined, index) => {
    if (!isRunnableAgent(task?.agent))
      throw new InvalidRunOptionsError(`tasks[${index}].agent`, task?.agent, 'an agent (an object with a string name and a run method)');
    if (typeof task.input !== 'string') throw new InvalidRunOptionsError(`tasks[${index}].input`, task.input, 'a string');
  });
}
