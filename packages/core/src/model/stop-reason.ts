/**
 * Why an agent run stopped:
 * - `'completed'`: the model answered without calling a tool, or a tool set `actions.skipSummarization`;
 * - `'max_iterations'`: the run made `maxIterations` model calls and the model still wanted tools;
 * - `'max_tool_calls'`: the next turn's calls would have gone over `maxToolCalls` (that turn is not executed);
 * - `'max_duration'`: the run took longer than `maxDurationMs`;
 * - `'aborted'`: the run's signal was aborted;
 * - `'transfer'`: a tool set `actions.transferToAgent` (see `RunResult.transferTo`);
 * - `'escalate'`: a tool set `actions.escalate`;
 * - `'interrupted'`: a call waits for the host (an approval, a declaration-only tool's result, a
 *   credential): see `RunResult.interruptions`; `agent.resume(run.state)` continues once it is answered;
 * - `'guardrail'`: an input or output guardrail tripped (see `RunResult.guardrail`).
 */
export type StopReason =
  'completed' | 'max_iterations' | 'max_tool_calls' | 'max_duration' | 'aborted' | 'transfer' | 'escalate' | 'interrupted' | 'guardrail';
