/**
 * Every span name part and attribute name this package writes, in one place: the OpenTelemetry GenAI
 * semantic conventions are still in development, and a rename is one edit here.
 */
export const GenAI = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  requestModel: 'gen_ai.request.model',
  responseId: 'gen_ai.response.id',
  responseModel: 'gen_ai.response.model',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolDescription: 'gen_ai.tool.description',
  toolType: 'gen_ai.tool.type',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  conversationId: 'gen_ai.conversation.id',
  errorType: 'error.type',
} as const;

/**
 * Attributes of the `invoke_agent` span of an agent a run handed off to (the GenAI conventions have none
 * for handoffs yet).
 */
export const HandoffAttributes = {
  /** The agent that handed over. */
  from: 'toolcraft.handoff.from',
  /** `'transfer'` or `'escalate'`. */
  kind: 'toolcraft.handoff.kind',
} as const;

/**
 * Attributes of an `execute_tool` span telling what the features' tool hooks decided (the GenAI
 * conventions have none for this): set only when a hook decided something.
 */
export const ToolHookAttributes = {
  /** The feature whose `onToolCallStarting` handler blocked the call (string). */
  blockedBy: 'toolcraft.tool.blocked_by',
  /** The features whose `onToolCallStarting` handlers replaced the call's arguments, in order (string array). */
  argumentsReplacedBy: 'toolcraft.tool.arguments_replaced_by',
  /** The features whose `onToolCallCompleted` handlers replaced what the model is sent, in order (string array). */
  contentReplacedBy: 'toolcraft.tool.content_replaced_by',
} as const;

/** The `gen_ai.operation.name` values (also the first word of each span's name). */
export const Operations = {
  invokeAgent: 'invoke_agent',
  chat: 'chat',
  executeTool: 'execute_tool',
} as const;

/** The metadata keys each tool call receives (what Koog's span-aware `ToolBase` reads). */
export const MetadataKeys = {
  spanId: 'trace.span.id',
  traceId: 'trace.id',
} as const;
