import type { RunOptions } from '../agent/run-options.js';
import type { RunResult } from '../agent/run-result.js';
import { addUsage, zeroUsage } from '../agent/usage.js';
import type { AgentFailure } from '../errors/parallel-agent-error.js';
import type { ChatMessage } from '../model/messages.js';

/** What a workflow agent decided of its agents' runs. */
export interface CombinedRun {
  /** The combined run's id. */
  runId: string;
  /** The runs that returned, in the order of the agents. */
  runs: RunResult[];
  /** The final text. */
  text: string;
  /**
   * The run that decides the stop reason, `agentName`, `transferTo`, `finishReason`, and `state`,
   * `interruptions` and `pending`; the last run when none is named (then the stop reason is `'completed'`).
   */
  deciding?: RunResult;
  /** The changes to the state, merged. */
  stateDelta: Record<string, unknown>;
  /** The agents whose runs threw. */
  failures?: AgentFailure[];
}

/**
 * The one `RunResult` of a workflow agent: its text, stop reason and state changes as decided; the
 * messages are the history, the user's message, then each run's new messages (after its user message)
 * in order; tool calls and handoffs in order; usage summed; `subRuns` the runs. `agentName` is the
 * agent that answered the deciding run. A workflow agent cannot be resumed: `state`, `interruptions`
 * and `pending` are the deciding run's, which its own agent resumes
 * (`run.state.agentName` names it).
 * @param input - the user's message
 * @param options - the workflow agent's run options (its history)
 * @param combined - what was decided
 * @param startedAt - when the workflow agent's run started (ms since the epoch)
 * @returns the result
 */
export function combineRuns(input: string, options: RunOptions, combined: CombinedRun, startedAt: number): RunResult {
  const { runs, deciding } = combined;
  const { agentName, state, interruptions, pending } = deciding ?? runs.at(-1)!;
  const history = (options.history ?? []).filter((message) => message.role !== 'system');
  return {
    runId: combined.runId,
    agentName,
    handoffs: runs.flatMap((run) => run.handoffs),
    text: combined.text,
    stopReason: deciding?.stopReason ?? 'completed',
    messages: [...history, { role: 'user', content: input }, ...runs.flatMap(newMessages)],
    toolCalls: runs.flatMap((run) => run.toolCalls),
    usage: runs.reduce((total, run) => addUsage(total, run.usage), { ...zeroUsage }),
    stateDelta: combined.stateDelta,
    ...(deciding?.transferTo === undefined ? {} : { transferTo: deciding.transferTo }),
    durationMs: Date.now() - startedAt,
    ...(deciding?.finishReason === undefined ? {} : { finishReason: deciding.finishReason }),
    state,
    interruptions,
    pending,
    subRuns: runs,
    ...(combined.failures === undefined || combined.failures.length === 0 ? {} : { failures: combined.failures }),
  };
}

/** The messages a run added after its user message. */
function newMessages(run: RunResult): ChatMessage[] {
  const { messages } = run;
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index]!.role === 'user') return messages.slice(index + 1);
  return messages.filter((message) => message.role !== 'system');
}
