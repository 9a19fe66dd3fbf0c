/**
 * @toolcraft/testing: test doubles for toolcraft. `ScriptedModel` is a deterministic offline
 * `ChatModel`; `testAgentContext` and `metadataWith` build what context-aware and
 * metadata-reading tools receive.
 */
export { ScriptedModel } from './scripted-model.js';
export type { ScriptedModelOptions } from './scripted-model.js';
export type { RecordedRequest, ScriptedFailure, ScriptedOutcome, ScriptedReply, ScriptedToolCall, ScriptedTurn } from './scripted-turn.js';
export { ScriptExhaustedError } from './errors/script-exhausted-error.js';
export { InvalidScriptedTurnError } from './errors/invalid-scripted-turn-error.js';
export { testAgentContext } from './test-agent-context.js';
export type { TestAgentContextOverrides } from './test-agent-context.js';
export { metadataWith } from './metadata-with.js';
