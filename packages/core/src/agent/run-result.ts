import type { ReceivedToolResult } from '../environment/tool-call.js';
import type { FinishReason, Usage } from '../model/chat-model.js';
import type { ChatMessage } from '../model/messages.js';
import type { StopReason } from '../model/stop-reason.js';
import type { AgentFailure } from '../errors/parallel-agent-error.js';
import type { MemoryReport } from './memory-strategy.js';
import type { Interruption, PendingCall } from './pausing/interruption.js';
import type { RunState } from './pausing/run-state.js';
import type { Handoff } from './handoffs/handoff.js';
import type { GuardrailTrip } from './guardrails/guardrail.js';

/** One tool call of a run: what the model asked for and what it got back. */
export interface RunToolCall {
  /** The call's id. */
  id: string;
  /** The tool's name, as the model sent it. */
  name: string;
  /** The model's raw JSON arguments. */
  arguments: string;
  /** The result sent back to the model. */
  result: ReceivedToolResult;
}

/** The outcome of one `agent.run(...)`. */
export interface RunResult {
  /** The run's unique id (also `context.runId` for its tools). */
  runId: string;
  /** The agent that answered last: the run's agent, or the one a handoff gave the conversation to. */
  agentName: string;
  /** The run's handoffs, in order (empty when the run's agent answered throughout). */
  handoffs: Handoff[];
  /**
   * The final text: the model's answer, or the result of the tool that set
   * `actions.skipSummarization`; on the other stop reasons, the text of the last
   * assistant message (`''` when it had none).
   */
  text: string;
  /** Why the run stopped. */
  stopReason: StopReason;
  /** The provider-neutral transcript: system message, history, user message, then assistant and tool messages. */
  messages: ChatMessage[];
  /** Every executed tool call, in order. */
  toolCalls: RunToolCall[];
  /** The summed usage of the run's model calls, the usage of its `subRuns` included. */
  usage: Usage;
  /** The state changes of the run (`temp:` keys excluded). */
  stateDelta: Record<string, unknown>;
  /** The guardrail that stopped the run, when `stopReason` is `'guardrail'`: its name, input or output, why, and what it added. */
  guardrail?: GuardrailTrip;
  /** The agent named by `actions.transferToAgent`, when `stopReason` is `'transfer'`. */
  transferTo?: string;
  /** How long the run took, in ms. */
  durationMs: number;
  /** Why the model stopped its last answer, when the provider said (`'length'`: the text was cut off; `'refusal'`: the model refused). */
  finishReason?: FinishReason;
  /** What the agent's memory strategy did (its summarizer's usage, failures it went on after); present when the agent has one. */
  memory?: MemoryReport;
  /**
   * Everything needed to continue the run: `JSON.stringify(run.state)` saves it, `agent.resume(state)`
   * continues it (after answering its interruptions, or to deliver long-running updates).
   */
  state: RunState;
  /** The calls the run waits on when `stopReason` is `'interrupted'` (empty otherwise), in the model's order. */
  interruptions: Interruption[];
  /** Long-running calls whose final result is still to come (`state.update(callId, value, { final: true })`). */
  pending: PendingCall[];
  /**
   * The runs of other agents this run contains: for an `Agent`, the runs its `AgentTool` calls started
   * (in the order they ended), present when there was one; for a `SequentialAgent` or `ParallelAgent`,
   * the run of each of its agents that returned, in the order of its agents.
   */
  subRuns?: RunResult[];
  /** The agents of a `ParallelAgent` whose runs threw instead of returning, in the order of its agents; present when one did. */
  failures?: AgentFailure[];
}
