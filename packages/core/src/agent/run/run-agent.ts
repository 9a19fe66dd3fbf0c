import type { ToolPipeline } from '../../environment/tool-pipeline.js';
import type { ChatModel, ModelSettings, ToolChoice } from '../../model/chat-model.js';
import type { AgentTools } from '../agent-tools.js';
import type { ContextProvider } from '../context-providers/context-provider.js';
import type { Guardrail } from '../guardrails/guardrail.js';
import type { ApprovalPolicy } from '../pausing/approval-policy.js';
import type { ResolvedRetryOptions } from '../retry/retry-options.js';
import type { RunExtras } from '../run-extras.js';
import type { AgentLimits } from '../validate-agent-options.js';

/** An agent's configuration, as the loop reads it: one place, fixed when the agent is built. @internal */
export interface AgentSettings {
  readonly model: ChatModel;
  readonly instructions?: string;
  readonly limits: AgentLimits;
  readonly retry: ResolvedRetryOptions;
  readonly toolChoice?: ToolChoice;
  readonly modelSettings?: ModelSettings;
  readonly inputGuardrails?: readonly Guardrail<string>[];
  readonly outputGuardrails?: readonly Guardrail<string>[];
  readonly contextProviders?: readonly ContextProvider[];
  readonly providerOptions?: Record<string, unknown>;
  readonly resetToolChoice: boolean;
  readonly extras: RunExtras;
  readonly approvals: ApprovalPolicy;
  readonly tools: AgentTools;
  readonly outputKey?: string;
  readonly pipeline: ToolPipeline;
}

/** What a run needs of an agent of its tree: its name, its settings, and its place in the tree. @internal */
export interface RunAgent {
  readonly name: string;
  /** @internal */
  readonly settings: AgentSettings;
  readonly parent: RunAgent | undefined;
  readonly subAgents: readonly RunAgent[];
}
