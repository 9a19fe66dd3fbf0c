import type { AgentContext } from '../context/agent-context.js';
import { MetadataKey } from './metadata-key.js';

/** The metadata keys the framework itself fills for every call. */
export const FrameworkKeys = {
  /** The run's {@link AgentContext}, for context-aware tools (also `ContextAwareTool.AgentContextKey`). */
  agentContext: MetadataKey.shared<AgentContext>('toolcraft.agentContext'),
  /** The call's `AbortSignal`: aborted on cancellation or timeout (also `ToolBase.SignalKey`). */
  signal: MetadataKey.shared<AbortSignal>('toolcraft.signal'),
  /** The id of the call. */
  toolCallId: MetadataKey.shared<string>('toolcraft.toolCallId'),
  /** The id of the run, when the call belongs to one. */
  runId: MetadataKey.shared<string>('toolcraft.runId'),
  /** `${runId}:${toolCallId}`, when the call belongs to a run: stable across resumes, for outside systems. */
  idempotencyKey: MetadataKey.shared<string>('toolcraft.idempotencyKey'),
} as const;
