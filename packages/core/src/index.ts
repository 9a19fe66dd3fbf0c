/**
 * @toolcraft/core: class-based and annotated tools for LLM agents, their registry,
 * dispatch with per-call metadata and features, and the provider-neutral agent loop.
 */
export { LLMDescription } from './decorators/llm-description.decorator.js';
export type {
  LLMDescriptionDecorator,
  LLMDescriptionInput,
  LLMDescriptionOptions,
  LLMEnumValue,
  LLMTypeHint,
  LLMValueType,
} from './decorators/llm-description.decorator.js';
export type { ToolDecoratorOptions } from './decorators/tool-decorator-options.js';
export { Prompt } from './decorators/prompt.decorator.js';
export type { PromptDecoratorOptions } from './decorators/prompt.decorator.js';
export { Resource } from './decorators/resource.decorator.js';
export type { ListedResource, ResourceDecoratorOptions, ResourceMethodDecorator } from './decorators/resource.decorator.js';
export type { ApprovalPredicate, ToolEffects, ToolRetryOptions, ToolSideEffectOptions } from './effects/tool-effects.js';

export { AbstractTool } from './tools/abstract-tool.js';
export type { AnyTool, ToolOptions } from './tools/abstract-tool.js';
export { Tool } from './tools/tool.js';
export { DeclaredTool } from './tools/declared-tool.js';
export type { ToolDeclarationOptions } from './tools/declared-tool.js';
export { SimpleTool } from './tools/simple-tool.js';
export { ContextAwareTool } from './tools/context-aware-tool.js';
export { ToolBase } from './tools/tool-base.js';
export type { ArgsType } from './tools/args-type.js';
export type { ToolLimits } from './tools/tool-limits.js';
export { withJsonSchema } from './decoding/standard-schema/with-json-schema.js';
export type { StandardArgsSchema } from './decoding/standard-schema/standard-args-schema.js';
export type { ArgsClass } from './schema/class-args/compile-args-class.js';
export type { ToolDescriptor, ToolParameterDescriptor, ToolParameterType } from './tools/tool-descriptor.js';
export { toolNamePattern } from './tools/tool-name.js';
export type { JsonSchema, JsonSchemaDefinition, JsonSchemaType } from './schema/json-schema.js';
export { defaultArgumentLimits } from './decoding/argument-limits.js';
export type { ArgumentLimits } from './decoding/argument-limits.js';
export type { ArgsDecoder, DecodeOutcome } from './decoding/args-decoder.js';

export { ToolResult } from './results/tool-result.js';
export type { ContentPart, FilePart, ImagePart, JsonValue, ProviderMetadata, ReasoningPart, TextPart } from './results/content-part.js';
export { contentText } from './results/content-text.js';
export { partData } from './results/part-data.js';
export type { PartData } from './results/part-data.js';
export type { ResultFormatContext, ResultFormatter } from './results/result-formatter.js';
export { FormatterRegistry } from './results/formatter-registry.js';
export { defaultFormat } from './results/default-format.js';
export { markdown } from './results/markdown.js';
export type { MarkdownBuilder } from './results/markdown.js';
export type { MarkdownLineContent } from './results/markdown.js';
export type { MarkdownLine } from './results/markdown-line.js';

export { MetadataKey } from './metadata/metadata-key.js';
export type { MetadataKeyLike } from './metadata/metadata-key.js';
export { ToolCallMetadata } from './metadata/tool-call-metadata.js';
export type { MetadataEntries } from './metadata/tool-call-metadata.js';
export { FrameworkKeys } from './metadata/framework-keys.js';

export { AgentContext } from './context/agent-context.js';
export type { AgentContextInit, CredentialLookup } from './context/agent-context.js';
export { AgentState, StateScope } from './context/agent-state.js';
export { AgentActions } from './context/agent-actions.js';
export type { ReadonlyAgentContext, ReadonlyAgentState } from './context/readonly-agent-context.js';
export type { ToolProgress, ToolProgressListener, ToolProgressSink } from './context/tool-progress.js';
export type {
  CallClient,
  CallClientLookup,
  ElicitationResult,
  LogLevel,
  SamplingMessage,
  SamplingRequest,
  SamplingResult,
} from './context/call-client.js';

export { ToolRegistry } from './registry/tool-registry.js';
export type { ToolRegistryBuilder } from './registry/tool-registry-builder.js';
export type { CheckedToolsItem, CheckedToolsItems, ToolsItem } from './registry/tools-item.js';
export type { MethodTool } from './methods/method-tool.js';
export type {
  ToolSchemaManifest,
  ToolSchemaManifestEntry,
  ToolSchemaManifestParameter,
  ToolSchemaManifestSchema,
} from './manifest/tool-schema-manifest.js';
export { useToolSchemas } from './manifest/use-tool-schemas.js';

export type { Toolset } from './toolsets/toolset.js';
export type { ToolFilter, ToolPredicate } from './toolsets/tool-filter.js';
export type { AgentToolsItem } from './toolsets/tool-sources.js';

export { AgentEnvironment } from './environment/agent-environment.js';
export type { AgentEnvironmentOptions, ToolExecutionOptions } from './environment/agent-environment-options.js';
export type { ReceivedToolResult, ToolCall } from './environment/tool-call.js';
export type { ErrorDetail } from './environment/error-detail.js';
export type { ToolPipeline } from './environment/tool-pipeline.js';
export type {
  Feature,
  FeatureErrorListener,
  FeatureErrorReport,
  MetadataProvider,
  ToolCallCompletedEvent,
  ToolCallCompletedHandler,
  ToolCallContext,
  ToolCallDecision,
  ToolCallEndedEvent,
  ToolCallEndedHandler,
  ToolCallFailedHandler,
  ToolCallStartingEvent,
  ToolCallStartingHandler,
  ToolResultDecision,
  ToolValidationFailedHandler,
} from './environment/feature.js';
export type {
  ExecutionScope,
  HandoffEvent,
  HandoffHandler,
  ModelCallCompletedEvent,
  ModelCallCompletedHandler,
  ModelCallFailedEvent,
  ModelCallFailedHandler,
  ModelCallStartingEvent,
  ModelCallStartingHandler,
  RunCompletedEvent,
  RunCompletedHandler,
  RunHookContext,
  RunStartingEvent,
  RunStartingHandler,
  ScopeWrapper,
} from './environment/run-hooks.js';
export { SafeTool } from './environment/safe-tool.js';
export type { SafeToolResult } from './environment/safe-tool.js';

export type { CheckpointSaveOptions, CheckpointStore, StoredCheckpoint } from './checkpoints/checkpoint-store.js';
export { InMemoryCheckpointStore } from './checkpoints/in-memory-checkpoint-store.js';
export { FileCheckpointStore } from './checkpoints/file-checkpoint-store.js';
export type { FileCheckpointStoreOptions } from './checkpoints/file-checkpoint-store.js';

export { Agent } from './agent/agent.js';
export { defaultAgentLimits } from './agent/agent-options.js';
export type { AgentEnvironmentSettings, AgentOptions } from './agent/agent-options.js';
export type { OutputJsonSchema, OutputType } from './agent/output/output-type.js';
export type { ResumeOptions, RunOptions } from './agent/run-options.js';
export type { Handoff } from './agent/handoffs/handoff.js';
export { RunState } from './agent/pausing/run-state.js';
export type { RunStateJSON } from './agent/pausing/run-state.js';
export type {
  ApprovalInterruption,
  CredentialInterruption,
  Interruption,
  InterruptionBase,
  InterruptionKind,
  PendingCall,
  ResultInterruption,
} from './agent/pausing/interruption.js';
export type { ApprovalPolicy, ApprovalRequest } from './agent/pausing/approval-policy.js';
export type {
  RepairedToolCall,
  ToolCallRepair,
  ToolCallRepairContext,
  ToolCallRepairError,
  ToolCallRepairer,
  ToolCallRepairFunction,
} from './agent/repair/tool-call-repair.js';
export { AgentStream, streamBufferSize } from './agent/streaming/agent-stream.js';
export type {
  AgentEvent,
  AgentEventBase,
  AgentHandoffEvent,
  AgentInterruptionEvent,
  AgentMessageEvent,
  AgentOutputEvent,
  AgentRunCompletedEvent,
  AgentTextDeltaEvent,
  AgentToolCallCompletedEvent,
  AgentToolCallRepairedEvent,
  AgentToolCallStartedEvent,
  AgentToolProgressEvent,
} from './agent/streaming/agent-event.js';
export type { RunResult, RunToolCall } from './agent/run-result.js';
export type { RunnableAgent } from './multiagent/runnable-agent.js';
export { runParallel } from './multiagent/run-parallel.js';
export type { ParallelTask, ParallelTaskOutcome, RunParallelOptions } from './multiagent/run-parallel.js';
export { SequentialAgent } from './multiagent/sequential-agent.js';
export type { SequentialAgentOptions } from './multiagent/sequential-agent.js';
export { ParallelAgent } from './multiagent/parallel-agent.js';
export type { ParallelAgentOptions } from './multiagent/parallel-agent.js';
export type { WorkflowAgentOptions } from './multiagent/workflow-checks.js';
export { AgentTool } from './multiagent/agent-tool.js';
export type { AgentToolArgs, AgentToolOptions } from './multiagent/agent-tool.js';
export type { StopReason } from './model/stop-reason.js';
export { defaultRetryOptions } from './agent/retry/retry-options.js';
export type { RetryOptions } from './agent/retry/retry-options.js';
export { isRetryableError, isRetryableStatus } from './retry/retry-policy.js';
export type { HeadersLike } from './retry/retry-policy.js';
export { retryAfterMs } from './retry/backoff.js';
export { InvalidAgentOptionsError } from './errors/invalid-agent-options-error.js';
export type {
  ChatModel,
  ChatRequest,
  ChatResponse,
  ChatStreamEvent,
  FinishReason,
  ModelServer,
  ModelSettings,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
  Usage,
} from './model/chat-model.js';
export type { AssistantMessage, ChatMessage, ModelToolCall, SystemMessage, ToolMessage, UserMessage } from './model/messages.js';
export type { ToolDefinitionSource, ToolRegistryLike } from './agent/tool-definition-source.js';

export type { Session, SessionCallOptions, SessionData, SessionKey, SessionUpdate } from './agent/session.js';
export type { SessionStore } from './sessions/session-store.js';
export { StoredSession } from './sessions/stored-session.js';
export { InMemorySessionStore } from './sessions/in-memory-session-store.js';
export { FileSessionStore } from './sessions/file-session-store.js';
export type { FileSessionStoreOptions } from './sessions/file-session-store.js';
export type {
  Artifact,
  ArtifactAccess,
  ArtifactData,
  ArtifactScope,
  ArtifactStore,
  SaveArtifactOptions,
} from './artifacts/artifact-store.js';
export { InMemoryArtifactStore } from './artifacts/in-memory-artifact-store.js';
export { FileArtifactStore } from './artifacts/file-artifact-store.js';
export type { ResultBudget } from './results/result-budget.js';
export { ReadArtifactTool } from './agent/budget/read-artifact-tool.js';
export type { ReadArtifactArgs } from './agent/budget/read-artifact-tool.js';
export type { MemoryReport, MemoryStrategy, MemoryWindow, MemoryWindowContext } from './agent/memory-strategy.js';
export { SlidingWindowMemory } from './memory/sliding-window-memory.js';
export type { SlidingWindowMemoryJSON, SlidingWindowMemoryOptions } from './memory/sliding-window-memory.js';
export { SummarizingMemory } from './memory/summarizing-memory.js';
export type { SummarizingMemoryJSON, SummarizingMemoryOptions } from './memory/summarizing-memory.js';
export type { MemorySearchRequest, MemoryService } from './agent/memory-service.js';
export type { MemoryEntry, MemorySearch, MemorySearchResult } from './context/memory-search.js';
export { InMemoryMemoryService } from './memory/in-memory-memory-service.js';
export type { InMemoryMemoryServiceOptions } from './memory/in-memory-memory-service.js';
export { InvalidArtifactNameError } from './errors/invalid-artifact-name-error.js';
export { ArtifactStoreError } from './errors/artifact-store-error.js';
export { InvalidMemoryOptionsError } from './errors/invalid-memory-options-error.js';
export { MissingMemoryServiceError } from './errors/missing-memory-service-error.js';
export { InvalidSessionKeyError } from './errors/invalid-session-key-error.js';
export { CorruptSessionError } from './errors/corrupt-session-error.js';
export { UnsupportedSessionFormatError } from './errors/unsupported-session-format-error.js';
export { SessionConflictError } from './errors/session-conflict-error.js';
export { SessionLockTimeoutError } from './errors/session-lock-timeout-error.js';
export { SessionSaveError } from './errors/session-save-error.js';
export { UnserializableSessionValueError } from './errors/unserializable-session-value-error.js';

export { ToolcraftError } from './errors/toolcraft-error.js';
export type { ToolcraftErrorOptions } from './errors/toolcraft-error.js';
export { ToolArgumentsError } from './errors/tool-arguments-error.js';
export type { ArgumentViolation } from './errors/tool-arguments-error.js';
export { ToolNotFoundError } from './errors/tool-not-found-error.js';
export { ToolBlockedError } from './errors/tool-blocked-error.js';
export { HookArgumentsError } from './errors/hook-arguments-error.js';
export { InvalidHookDecisionError } from './errors/invalid-hook-decision-error.js';
export { DuplicateToolError } from './errors/duplicate-tool-error.js';
export { MissingAgentContextError } from './errors/missing-agent-context-error.js';
export { ToolExecutionError } from './errors/tool-execution-error.js';
export { ToolTimeoutError } from './errors/tool-timeout-error.js';
export { ToolCancelledError } from './errors/tool-cancelled-error.js';
export { InvalidProgressError } from './errors/invalid-progress-error.js';
export { InvalidToolDefinitionError } from './errors/invalid-tool-definition-error.js';
export { UnsupportedClientRequestError } from './errors/unsupported-client-request-error.js';
export { InvalidEnvironmentOptionsError } from './errors/invalid-environment-options-error.js';
export { ModelCallError } from './errors/model-call-error.js';
export { ProviderSchemaError } from './errors/provider-schema-error.js';
export { InvalidOutputError } from './errors/invalid-output-error.js';
export { GuardrailFailedError } from './errors/guardrail-failed-error.js';
export { ContextProviderError } from './errors/context-provider-error.js';
export type { Guardrail, GuardrailContext, GuardrailResult, GuardrailTrip } from './agent/guardrails/guardrail.js';
export type { ContextProvider, ContextProviderContext, ProvidedContext } from './agent/context-providers/context-provider.js';
export type { ProviderSchemaErrorDetails } from './errors/provider-schema-error.js';
export { ToolLimitError } from './errors/tool-limit-error.js';
export { ToolsetError } from './errors/toolset-error.js';
export { ToolFilterError } from './errors/tool-filter-error.js';
export { ToolsetCloseError } from './errors/toolset-close-error.js';
export type { ToolsetCloseFailure } from './errors/toolset-close-error.js';
export { AgentClosedError } from './errors/agent-closed-error.js';
export { CredentialRequiredError } from './errors/credential-required-error.js';
export { InvalidRunStateError } from './errors/invalid-run-state-error.js';
export { RunStateDecisionError } from './errors/run-state-decision-error.js';
export { DeclarationOnlyToolError } from './errors/declaration-only-tool-error.js';
export { CheckpointSaveError } from './errors/checkpoint-save-error.js';
export { OptionsError } from './errors/options-error.js';
export { InvalidStateKeyError } from './errors/invalid-state-key-error.js';
export { CheckpointLoadError } from './errors/checkpoint-load-error.js';
export { CheckpointConflictError } from './errors/checkpoint-conflict-error.js';
export { RunInProgressError } from './errors/run-in-progress-error.js';
export { CheckpointLockTimeoutError } from './errors/checkpoint-lock-timeout-error.js';
export { AgentDepthLimitError } from './errors/agent-depth-limit-error.js';
export { SubAgentStoppedError } from './agent/errors/sub-agent-stopped-error.js';
export { SubAgentInterruptedError, type WaitingCall } from './agent/errors/sub-agent-interrupted-error.js';
export { ParallelAgentError } from './errors/parallel-agent-error.js';
export type { AgentFailure } from './errors/parallel-agent-error.js';
export { InvalidRunOptionsError } from './errors/invalid-run-options-error.js';
export type { CredentialRequest } from './errors/credential-required-error.js';
export { describeThrownValue } from './errors/describe-thrown-value.js';
export type { DescribeThrownValueOptions, ThrownValueDetail } from './errors/describe-thrown-value.js';
export type { ModelCallErrorOptions } from './errors/model-call-error.js';
