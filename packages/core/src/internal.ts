/**
 * @toolcraft/core/internal: what toolcraft's own packages share and applications should not use.
 * Nothing here is part of the public contract; it may change in any release.
 * @packageDocumentation
 */
export { untilAborted } from './environment/bounded-await.js';
export { loadCheckpoint } from './agent/pausing/load-checkpoint.js';
export { decodePointerSegment, resolveLocalReference } from './decoding/json-pointer.js';
export { toolDefinitions } from './agent/tool-definitions.js';
export { convertOnce, isDefinitionList, readToolDefinitions } from './agent/tool-definition-source.js';
export { isDroppedConnection } from './retry/dropped-connection.js';
export { serverOfUrl } from './model/server-of-url.js';
export { readMessageText } from './agent/read-message-text.js';
export { readUsage } from './agent/read-usage.js';
export { truncateContent } from './environment/truncate-content.js';
export { checkName, checkSessionKey, describeSessionKey } from './sessions/session-key.js';
export { scopeUpdate } from './sessions/scoped-delta.js';
export { checkAppendId, rememberedAppendIds } from './sessions/append-ids.js';
export type { ScopeChange, ScopedUpdate } from './sessions/scoped-delta.js';
export { standInOptions } from './tools/stand-in-options.js';
export type { JsonArguments } from './tools/stand-in-options.js';
export { isRetryableToolError } from './environment/retryable-tool-error.js';
export { isTool } from './tools/abstract-tool.js';
export { isToolset } from './toolsets/is-toolset.js';
export { neverAborted } from './environment/never-aborted.js';
export { withImportedSchema } from './tools/imported-schema.js';
export { describeValue } from './errors/describe-value.js';
export { nextTurn, turnSliceMs } from './agent/next-turn.js';
export { TimeSlice } from './agent/time-slice.js';
export { hasToolMethods } from './methods/create-method-tools.js';
export { createMethodPrompts } from './methods/create-method-prompts.js';
export { createMethodResources } from './methods/create-method-resources.js';
export type { MethodPrompt } from './methods/method-prompt.js';
export type { MethodResource } from './methods/method-resource.js';
export type { MarkedMethod, MethodArgument } from './methods/marked-method.js';
export { createArgsDecoder } from './tools/args-type.js';
export type { ArgsDecoder } from './decoding/args-decoder.js';
export { compileArgsDecoder } from './decoding/compile-args-decoder.js';
export { askApprovalPredicate } from './agent/pausing/ask-approval-predicate.js';
export type { ApprovalPredicateBounds } from './agent/pausing/ask-approval-predicate.js';
export { callTimeLimit } from './environment/call-time-limit.js';
export { pipelinePlace, registerInPlace } from './environment/pipeline-place.js';
export type { PipelinePlace } from './environment/pipeline-place.js';
