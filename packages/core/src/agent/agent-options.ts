import type { AgentEnvironmentOptions } from '../environment/agent-environment-options.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolFilter } from '../toolsets/tool-filter.js';
import type { AgentToolsItem } from '../toolsets/tool-sources.js';
import type { ChatModel, ModelSettings, ToolChoice } from '../model/chat-model.js';
import type { Guardrail } from './guardrails/guardrail.js';
import type { ContextProvider } from './context-providers/context-provider.js';
import type { RetryOptions } from './retry/retry-options.js';
import type { ArtifactStore } from '../artifacts/artifact-store.js';
import type { ResultBudget } from '../results/result-budget.js';
import type { MemoryService } from './memory-service.js';
import type { MemoryStrategy } from './memory-strategy.js';
import type { ApprovalPolicy } from './pausing/approval-policy.js';
import type { Agent } from './agent.js';

/** The environment options an {@link AgentOptions} passes on to its `AgentEnvironment`. */
export type AgentEnvironmentSettings = Pick<
  AgentEnvironmentOptions,
  | 'features'
  | 'maxConcurrency'
  | 'toolTimeoutMs'
  | 'errorDetail'
  | 'maxResultChars'
  | 'argumentLimits'
  | 'formatters'
  | 'onFeatureError'
  | 'schemas'
>;

/** Options of an `Agent`. */
export interface AgentOptions extends AgentEnvironmentSettings {
  /** The model: `OpenAIChatModel`, `ScriptedModel` or any other `ChatModel`. */
  model: ChatModel;
  /** The tools the model may call (with or instead of `tools`); none when both are absent. */
  registry?: ToolRegistry;
  /**
   * The tools the model may call: tools, service instances with `@Tool` methods, registries and
   * toolsets (asked at the start of every model turn), in order. A name clash between sources fails
   * the run with `DuplicateToolError` before any model call.
   */
  tools?: readonly AgentToolsItem[];
  /** Which tools are offered: a list of names, or a predicate `(tool, context) => boolean` asked every turn. */
  toolFilter?: ToolFilter;
  /** The system message that starts every run; none when absent or empty. */
  instructions?: string;
  /** The agent's name, given to tools as `context.agentName`; default `'agent'`. Unique within a tree of agents. */
  name?: string;
  /** What the agent does, for other agents' models (the `transfer_to_agent` tool lists it; the default description of `AgentTool.of(agent)`). */
  description?: string;
  /**
   * Agents this one may hand the conversation to (Google ADK's sub-agents, OpenAI Agents' handoffs): the
   * model gets a `transfer_to_agent` tool, and a transfer continues the same run with that agent's
   * instructions, model and tools on the same transcript. Each agent may be the sub-agent of one agent only.
   */
  subAgents?: readonly Agent[];
  /**
   * Where a completed run stores its final text in the state (ADK's `output_key`): `state[outputKey]`,
   * so it shows in `run.stateDelta` and reaches the next agent of a `SequentialAgent`. A non-empty string.
   */
  outputKey?: string;
  /** The most model calls of one run; default 10. Reached, the run stops with `'max_iterations'`. */
  maxIterations?: number;
  /** The most tool calls of one run; default 50. A turn that would go over is not executed (`'max_tool_calls'`). */
  maxToolCalls?: number;
  /** The longest a run may take, in ms; default 60,000. It also cancels an in-flight model or tool call (`'max_duration'`). */
  maxDurationMs?: number;
  /** How failed model calls are retried; default 3 retries, 500 ms base, 30 s maximum. */
  retry?: RetryOptions;
  /** How the model may use tools, sent with every model call; default none (the model's default). */
  toolChoice?: ToolChoice;
  /**
   * Checks of the user's input before the first model call of a run (`runInParallel: true`: alongside
   * it). A trip stops the run with `stopReason: 'guardrail'` (`run.guardrail`); a check that throws or
   * passes its time trips too.
   */
  inputGuardrails?: readonly Guardrail<string>[];
  /** Checks of the final answer (its text; `context.output` for a typed run). A trip stops the run with `stopReason: 'guardrail'` and withholds the answer. */
  outputGuardrails?: readonly Guardrail<string>[];
  /** Add instructions or messages before each model call, never stored in the transcript (e.g. the shell's working directory). */
  contextProviders?: readonly ContextProvider[];
  /** Sampling settings sent with every model call (`temperature`, `topP`, `maxOutputTokens`, `stopSequences`, `seed`); a run's win per setting. */
  modelSettings?: ModelSettings;
  /** Options for the model adapter alone, sent with every model call (see the adapter's README); a run's win per key. */
  providerOptions?: Record<string, unknown>;
  /**
   * After a turn of tool calls, turn a forced `toolChoice` (`'required'` or `{ name }`) back to `'auto'`,
   * so the model can answer instead of calling tools until `maxIterations` (as the OpenAI Agents SDK does). Default true.
   */
  resetToolChoice?: boolean;
  /** What the model is sent of a long conversation: `SlidingWindowMemory`, `SummarizingMemory`; default everything. */
  memory?: MemoryStrategy;
  /** Where `context.artifacts` saves (scoped to the run's session); default an in-memory store per agent. */
  artifacts?: ArtifactStore;
  /** Long-term memory that `context.searchMemory(query)` searches (e.g. `InMemoryMemoryService`); default none. */
  memoryService?: MemoryService;
  /** The most characters of a tool result the model gets; a longer one is spilled to an artifact (a tool's own `resultBudget` wins). */
  resultBudget?: ResultBudget;
  /**
   * Which calls need a person's approval before they run (the run stops with `'interrupted'` and an
   * `'approval'` interruption): `'none'` (default), `'destructive'`, `'write'` (write and destructive),
   * `'all'`, or a predicate `({ tool, args, callId }, context) => boolean`. A tool's own `needsApproval` wins.
   */
  approvals?: ApprovalPolicy;
}

/** The defaults of the limits of {@link AgentOptions}. */
export const defaultAgentLimits = {
  maxIterations: 10,
  maxToolCalls: 50,
  maxDurationMs: 60_000,
} as const;
