import type { AgentContext } from '../../context/agent-context.js';
import type { ToolArgumentsError } from '../../errors/tool-arguments-error.js';
import type { ToolNotFoundError } from '../../errors/tool-not-found-error.js';
import type { ToolDefinition } from '../../model/chat-model.js';
import type { ChatMessage, ModelToolCall } from '../../model/messages.js';

/**
 * Why a call is offered to `repairToolCall`: its tool is unknown (`ToolNotFoundError`, with the
 * closest names in `suggestions`), or its arguments are not JSON (`ToolArgumentsError`, a `json` violation).
 */
export type ToolCallRepairError = ToolNotFoundError | ToolArgumentsError;

/** What `repairToolCall` is told besides the call and the error. */
export interface ToolCallRepairContext {
  /** The tools the model was offered this turn, as it was shown them (name, description, JSON Schema). */
  tools: readonly ToolDefinition[];
  /** The transcript before the model's answer that holds the call (to ask a model to mend it, say). */
  messages: readonly ChatMessage[];
  /** The run's context (its state and signal). */
  agentContext: AgentContext;
  /** The run's id. */
  runId: string;
  /** Aborted when the repair's time is up (the tool's or the agent's `toolTimeoutMs`) or the run stops. */
  signal: AbortSignal;
}

/** A mended call, as `repairToolCall` returns it; the call keeps its id. */
export interface RepairedToolCall {
  /** The tool's name. */
  name: string;
  /** The arguments: a JSON string or an object; absent keeps the call's own. */
  arguments?: string | Readonly<Record<string, unknown>>;
}

/**
 * Mends a call whose tool is unknown or whose arguments are not JSON: returns the call to run instead,
 * or `null` to leave it as it is (its error goes to the model). Called at most once per call, bounded
 * by the call's time limit and the run's signal; the call it returns is validated like any other.
 */
export type ToolCallRepairFunction = (
  call: ModelToolCall,
  error: ToolCallRepairError,
  context: ToolCallRepairContext,
) => RepairedToolCall | null | undefined | Promise<RepairedToolCall | null | undefined>;

/** What mended a call: the `jsonrepair` library (`repairJson: true`), or the agent's `repairToolCall`. */
export type ToolCallRepairer = 'jsonrepair' | 'repairToolCall';

/** How a call was repaired (on `run.toolCalls` and the `tool_call_repaired` event). */
export interface ToolCallRepair {
  /** What mended it, in the order they did (`['repairToolCall', 'jsonrepair']` when both did). */
  by: readonly ToolCallRepairer[];
  /** The call as the model sent it. */
  original: { name: string; arguments: string };
}

/** The agent's repair settings, read once from its options. @internal */
export interface RepairSettings {
  readonly repairToolCall?: ToolCallRepairFunction;
  readonly repairJson: boolean;
}
