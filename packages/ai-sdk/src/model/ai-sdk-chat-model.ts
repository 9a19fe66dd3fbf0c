import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { type ChatModel, type ChatRequest, type ChatResponse, type ChatStreamEvent, ModelCallError, OptionsError } from '@toolcraft/core';
import { describeValue, untilAborted } from '@toolcraft/core/internal';
import { createDownload } from 'ai';
import type { AISDKChatModelOptions, AISDKDownload } from './ai-sdk-chat-model-options.js';
import { providerName } from './ai-sdk-provider.js';
import { ResponseBuilder } from './response-builder.js';
import { leavable } from './leavable.js';
import { StreamAccumulator } from './stream-accumulator.js';
import { StreamStop } from './stream-stop.js';
import { toCallOptions } from './to-call-options.js';
import { isAbortError, toModelCallError } from './to-model-call-error.js';
import { toPrompt } from './to-prompt.js';

/** The default bound of a download of a file the model does not take by URL. */
const defaultMaxDownloadBytes = 20 * 1024 * 1024;

/**
 * Any AI SDK language model (the `LanguageModelV3` of `@ai-sdk/provider`, what every provider of
 * `ai` 6 makes: `openai('gpt-5-mini')`, `mistral(...)`, `bedrock(...)`, `ollama(...)`) as a toolcraft
 * {@link ChatModel}. `complete` calls `doGenerate`, `stream` calls `doStream`; the transcript becomes
 * the provider prompt (reasoning and tool calls with their provider metadata sent back, tool results
 * with `isError` as `error-text`), and the answer comes back with usage, finish reason and the
 * response's id and model. Failures are `ModelCallError`s, retryable when the provider's
 * `APICallError` says `isRetryable`; an abort through the request's signal is rethrown as it is.
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const agent = new Agent({ model: new AISDKChatModel(openai('gpt-5-mini')), tools: [weather] });
 */
export class AISDKChatModel implements ChatModel {
  /** The provider name traces show (`gen_ai.provider.name`). */
  readonly provider: string;
  /** The model id traces show (`gen_ai.request.model`): the language model's `modelId`. */
  readonly modelId: string;
  /** The AI SDK language model requests go to. */
  readonly model: LanguageModelV3;
  private readonly download: AISDKDownload | false;

  /**
   * @param model - the AI SDK language model (specification `'v3'`)
   * @param options - the provider name for traces, extra call settings, headers, provider options and the download
   * @throws OptionsError when `model` is not a `LanguageModelV3` (a model id string, a `'v2'` model of `ai` 5)
   */
  constructor(
    model: LanguageModelV3,
    private readonly options: AISDKChatModelOptions = {},
  ) {
    const candidate = model as Partial<LanguageModelV3> | null | undefined;
    if (
      typeof candidate !== 'object' ||
      candidate === null ||
      candidate.specificationVersion !== 'v3' ||
      typeof candidate.doGenerate !== 'function'
    ) {
      throw new OptionsError(
        'AISDKChatModel',
        'model',
        model,
        "an AI SDK language model of specification 'v3' (what the providers of ai 6 make, e.g. openai('gpt-5-mini'))",
      );
    }
    this.model = model;
    this.provider = options.provider ?? providerName(model.provider);
    this.modelId = model.modelId;
    this.download = options.download ?? createDownload({ maxBytes: defaultMaxDownloadBytes });
  }

  /**
   * Calls the model's `doGenerate`.
   * @param request - the transcript, tools, tool choice, settings, structured output, provider options and signal
   * @returns the answer, its usage and finish reason
   * @throws ModelCallError when the call fails or the request cannot be sent; the abort error when aborted
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const call = await this.callOptions(request);
    try {
      const result = await this.untilAborted(this.model.doGenerate(call), request.signal);
      const builder = new ResponseBuilder();
      for (const part of result.content) builder.add(part);
      builder.setResponseMetadata(result.response);
      return builder.response(result.finishReason, result.usage);
    } catch (error) {
      throw this.failure(error, request.signal);
    }
  }

  /**
   * Calls the model's `doStream` and yields the answer's text as it arrives, then the whole answer.
   * Every wait for the provider is raced with the request's signal, and leaving the iteration
   * (`return()`, even while a part is awaited) ends it at once: either way the provider's stream is
   * cancelled (and with it its HTTP response), even when the provider ignores its signal. The
   * `finish` part ends the answer: nothing after it is read (a late error of the connection does not
   * undo a complete answer). A stream with an `error` part before it fails with that error, and one
   * that ends without it is a retryable `ModelCallError` (the connection was probably cut).
   * @param request - as for {@link AISDKChatModel.complete}
   * @returns the events: `text_delta`s, then one `response`
   * @throws ModelCallError when the call or the stream fails; the abort error when aborted
   */
  stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const stop = new StreamStop(request.signal);
    return leavable(this.streamEvents(request, stop), () => stop.leave());
  }

  private async *streamEvents(request: ChatRequest, stop: StreamStop): AsyncGenerator<ChatStreamEvent, void, undefined> {
    stop.watch();
    let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
    let ended = false;
    const accumulator = new StreamAccumulator();
    try {
      const call = await untilAborted(this.callOptions(request), stop.signal);
      const started = Promise.resolve().then(() => this.model.doStream(call));
      try {
        reader = readerOf(await untilAborted(started, stop.signal), this.provider, this.modelId);
      } catch (error) {
        // Stopped while the provider answered: its late stream is cancelled when it comes.
        if (stop.signal.aborted) cancelLate(started, stop.cancelReason);
        throw error;
      }
      for (;;) {
        const next = await untilAborted(reader.read(), stop.signal);
        if (next.done) {
          ended = true;
          break;
        }
        const delta = accumulator.add(next.value);
        if (accumulator.failure !== undefined) throw accumulator.failure.error;
        if (accumulator.finished) break;
        if (delta !== undefined) yield { type: 'text_delta', delta };
      }
    } catch (error) {
      if (stop.isLeave(error)) return;
      throw this.failure(error, request.signal);
    } finally {
      stop.dispose();
      if (reader !== undefined) release(reader, ended, stop.cancelReason);
    }
    if (!accumulator.finished) {
      if (request.signal?.aborted === true) throw request.signal.reason;
      throw new ModelCallError(
        `${this.provider} model '${this.modelId}' failed: the stream ended without a 'finish' part; the connection was probably cut`,
        {
          retryable: true,
          provider: this.provider,
        },
      );
    }
    yield { type: 'response', response: accumulator.response() };
  }

  private async callOptions(request: ChatRequest): Promise<LanguageModelV3CallOptions> {
    const prompt = await toPrompt(request.messages, {
      provider: this.provider,
      download: this.download,
      signal: request.signal,
      supportedUrls: () => this.supportedUrls(request.signal),
    }).catch((error: unknown) => {
      throw this.failure(error, request.signal);
    });
    const call = toCallOptions(request, prompt, this.options, this.provider);
    // Aborted while the prompt was made (a download): the model is not called.
    request.signal?.throwIfAborted();
    return call;
  }

  /** Waits for the model within the request's signal, so that a provider that ignores it still stops at once. */
  private untilAborted<T>(pending: PromiseLike<T>, signal: AbortSignal | undefined): Promise<T> {
    return signal === undefined ? Promise.resolve(pending) : untilAborted(pending, signal);
  }

  /** The model's `supportedUrls` (a value or a promise), waited for within the request's signal. */
  private async supportedUrls(signal: AbortSignal | undefined): Promise<Record<string, RegExp[]>> {
    const value = await this.untilAborted(Promise.resolve(this.model.supportedUrls), signal);
    return typeof value === 'object' && value !== null ? value : {};
  }

  private failure(error: unknown, signal: AbortSignal | undefined): unknown {
    if (isAbortError(error, signal)) return error;
    return toModelCallError(error, { provider: this.provider, modelId: this.modelId });
  }
}

/** The reader of what `doStream` answered, or a clear error when it answered no readable stream. */
function readerOf(result: unknown, provider: string, modelId: string): ReadableStreamDefaultReader<LanguageModelV3StreamPart> {
  const stream = typeof result === 'object' && result !== null ? (result as { stream?: unknown }).stream : undefined;
  // Read by shape, not instanceof: a provider may hand a stream of another realm or a polyfill.
  if (typeof (stream as { getReader?: unknown } | null | undefined)?.getReader === 'function')
    return (stream as ReadableStream<LanguageModelV3StreamPart>).getReader();
  throw new ModelCallError(
    `${provider} model '${modelId}' failed: its doStream answered ${stream === undefined ? describeValue(result) : `a 'stream' that is ${describeValue(stream)}`}; expected { stream: ReadableStream } (a LanguageModelV3 stream result)`,
    { retryable: false, provider },
  );
}

/** Cancels the stream the provider gave after the reading stopped. */
function cancelLate(started: Promise<{ stream: ReadableStream<LanguageModelV3StreamPart> }>, reason: unknown): void {
  started.then((late) => late.stream.cancel(reason)).catch(() => undefined);
}

/** Lets go of the provider's stream: cancelled unless it ended (stopped early, failed, or read up to `finish`). */
function release(reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart>, ended: boolean, reason: unknown): void {
  try {
    if (!ended) reader.cancel(reason).catch(() => undefined);
    reader.releaseLock();
  } catch {
    // A stream that cannot be cancelled or released has nothing more to give.
  }
}
