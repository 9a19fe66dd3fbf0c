import { runInScope } from '../environment/run-in-scope.js';
import type { ToolPipeline } from '../environment/tool-pipeline.js';
import type { ChatModel, ChatRequest, ChatResponse, ModelSettings } from '../model/chat-model.js';
import { readChatResponse } from './read-chat-response.js';
import { CallerBoundedCalls, completeWithRetry, type RemainingTime } from './retry/complete-with-retry.js';
import type { ResolvedRetryOptions } from './retry/retry-options.js';
import type { RunFeatureHooks } from './run-feature-hooks.js';
import type { RunEvents } from './streaming/run-events.js';
import { StreamingModel } from './streaming/stream-model-response.js';

/** What one model call of a run needs. */
export interface ModelCallSettings {
  model: ChatModel;
  retry: ResolvedRetryOptions;
  pipeline: ToolPipeline;
  hooks: RunFeatureHooks;
  events: RunEvents;
  runId: string;
  agentName: string;
  /** The run's time left (its deadline). */
  time: RemainingTime;
  /** The sampling settings of this agent's calls in this run (the agent's, the run's winning), if any. */
  modelSettings?: ModelSettings;
  /** The adapter's options of this agent's calls in this run, if any. */
  providerOptions?: Record<string, unknown>;
  /** The run's plain calls to the model, whose waits the run loop bounds (made at its first call: see {@link callerBoundedCalls}). */
  calls?: CallerBoundedCalls;
  /** The model read through its stream, for a streamed run (made at its first call). */
  streaming?: StreamingModel;
}

/**
 * One model call of a run: the features' `onModelCallStarting` hooks, the call (retried when
 * retryable; streamed through `model.stream` when the run is streamed and the model can; inside the
 * features' execution scopes), its reply read and checked, then `onModelCallCompleted` or
 * `onModelCallFailed`. A streamed run gets the answer's text as `text_delta` events (the whole text at
 * once for a model without `stream`) and the finished message as a `message` event. The caller (the
 * run loop, which stops when the run's deadline aborts) bounds the wait: a call with nothing to tell,
 * stream or wrap does not bound its first attempt itself.
 * @param settings - the run's model, retry policy, pipeline, hooks and events
 * @param request - the request; its signal cancels the call
 * @param iteration - which model call of the run, from 0
 * @returns the checked response
 * @throws what `completeWithRetry` and `readChatResponse` throw
 */
export function callModel(
  settings: ModelCallSettings,
  request: ChatRequest & { signal: AbortSignal },
  iteration: number,
): Promise<ChatResponse> {
  // Nothing to tell, stream or wrap (the run loop makes these calls through `callerBoundedCalls`, and waits for them itself).
  if (callerBounded(settings)) {
    const calls = callerBoundedCalls(settings);
    return calls.attempt(request).then(
      (reply) => calls.answer(reply),
      (error: unknown) => calls.retried(error),
    );
  }
  // A streamed call that is only told (`streamsTold`) is made by the run loop itself, the reply handed to it.
  return observedModelCall(settings, request, iteration);
}

/**
 * Whether a call is a streamed one that is told and nothing else (no hooks to tell, no scopes to run
 * in): the run loop makes it with `streamingModel(settings).call(...)`, the reading bounded by the run
 * and the reply handed to the loop, without a promise (`callModel` is not asked for it).
 * @param settings - the run's model-call settings
 * @returns true for such a call
 * @internal
 */
export function streamsTold(settings: ModelCallSettings): boolean {
  return (
    settings.events.active &&
    settings.pipeline.scopes.length === 0 &&
    !settings.hooks.observesModelCalls &&
    typeof settings.model.stream === 'function'
  );
}

/**
 * The model of a streamed run's agent read through its stream (made at its first call).
 * @param settings - the run's model-call settings
 * @returns the streaming model
 * @internal
 */
export function streamingModel(settings: ModelCallSettings): StreamingModel {
  return (settings.streaming ??= new StreamingModel(settings.model, settings.events));
}

/**
 * Whether {@link callModel} leaves the wait for the model's answer to its caller (a call with nothing
 * to tell, stream or wrap): the caller stops waiting when the run aborts. Any other call bounds its
 * waits itself and settles only once its hooks have been told: the caller waits for it.
 * @param settings - the run's model-call settings
 * @returns true for a call whose wait the caller bounds
 * @internal
 */
export function callerBounded(settings: ModelCallSettings): boolean {
  return !settings.events.active && settings.pipeline.scopes.length === 0 && !settings.hooks.observesModelCalls;
}

/**
 * The calls of a run's agent whose waits the caller bounds (see {@link callerBounded}): the caller
 * waits for a call's first attempt, reads its reply, and on its failure waits for the retries.
 * @param settings - the run's model-call settings
 * @returns the agent's caller-bounded calls in the run (made at the first)
 * @internal
 */
export function callerBoundedCalls(settings: ModelCallSettings): CallerBoundedCalls {
  return (settings.calls ??= new CallerBoundedCalls(settings.model, settings.retry, settings.time, readChatResponse));
}

/** {@link callModel} with hooks to await, a stream to feed or scopes to run in. */
async function observedModelCall(
  settings: ModelCallSettings,
  request: ChatRequest & { signal: AbortSignal },
  iteration: number,
): Promise<ChatResponse> {
  const { hooks, events, pipeline } = settings;
  // Features without model-call hooks (most) cost nothing here, and synchronous hooks no await.
  const starting = hooks.modelCallStarting(request, iteration);
  if (starting !== undefined) await starting;
  let response: ChatResponse;
  const streaming =
    events.active && typeof settings.model.stream === 'function'
      ? (settings.streaming ??= new StreamingModel(settings.model, events))
      : undefined;
  if (streaming !== undefined) streaming.emitted = false;
  try {
    const model = streaming ?? settings.model;
    const reply: unknown = await (pipeline.scopes.length === 0
      ? completeWithRetry(model, request, settings.retry, settings.time)
      : runInScope(pipeline, { kind: 'modelCall', runId: settings.runId, agentName: settings.agentName, iteration }, () =>
          completeWithRetry(model, request, settings.retry, settings.time),
        ));
    response = readChatResponse(reply);
  } catch (error) {
    const failed = hooks.modelCallFailed(request, iteration, error);
    if (failed !== undefined) await failed;
    throw error;
  }
  const completed = hooks.modelCallCompleted(request, iteration, response);
  if (completed !== undefined) await completed;
  if (events.active) {
    const text = response.message.content;
    if (streaming?.emitted !== true && typeof text === 'string' && text !== '') await events.emit({ type: 'text_delta', delta: text });
    const wait = events.send({ type: 'message', message: response.message });
    if (wait !== undefined) await wait;
  }
  return response;
}
