import { APICallError, InvalidPromptError } from '@ai-sdk/provider';
import { type ChatRequest, ModelCallError, OptionsError } from '@toolcraft/core';
import { MockLanguageModelV3 } from 'ai/test';
import { AISDKChatModel } from '../src/index';
import { generated } from './support/model-results';

function failingModel(error: unknown): MockLanguageModelV3 {
  return new MockLanguageModelV3({ provider: 'mistral.chat', modelId: 'mistral-small', doGenerate: () => Promise.reject(error as Error) });
}

const hi: ChatRequest = { messages: [{ role: 'user', content: 'Hi' }], tools: [] };

async function failure(model: AISDKChatModel, request: ChatRequest = hi): Promise<unknown> {
  try {
    await model.complete(request);
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

function apiError(statusCode: number, isRetryable: boolean, responseHeaders?: Record<string, string>): APICallError {
  return new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'https://api.mistral.ai/v1/chat',
    requestBodyValues: {},
    statusCode,
    isRetryable,
    responseHeaders,
  });
}

describe('AISDKChatModel failures', () => {
  it("maps an APICallError to a ModelCallError with its status, retryable as the provider says, and the server's retry-after", async () => {
    const rateLimited = apiError(429, true, { 'retry-after': '2' });
    const error = await failure(new AISDKChatModel(failingModel(rateLimited)));
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 2000, provider: 'mistral', cause: rateLimited });
    expect((error as Error).message).toBe("mistral model 'mistral-small' failed with HTTP 429: HTTP 429");
    expect(await failure(new AISDKChatModel(failingModel(apiError(400, false))))).toMatchObject({ retryable: false, status: 400 });
  });

  it('makes other AI SDK errors not retryable, and a connection reset retryable', async () => {
    const invalid = new InvalidPromptError({ prompt: [], message: 'messages must not be empty' });
    expect(await failure(new AISDKChatModel(failingModel(invalid)))).toMatchObject({
      name: 'ModelCallError',
      retryable: false,
      cause: invalid,
    });
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(await failure(new AISDKChatModel(failingModel(reset)))).toMatchObject({ name: 'ModelCallError', retryable: true, cause: reset });
  });

  it("passes the request's signal to doGenerate and rethrows an abort as it is", async () => {
    const controller = new AbortController();
    const reason = new DOMException('stopped', 'AbortError');
    const languageModel = new MockLanguageModelV3({
      doGenerate: (options) => {
        queueMicrotask(() => controller.abort(reason));
        return new Promise((_resolve, reject) =>
          options.abortSignal?.addEventListener('abort', () => reject(options.abortSignal!.reason as Error)),
        );
      },
    });
    expect(await failure(new AISDKChatModel(languageModel), { ...hi, signal: controller.signal })).toBe(reason);
    expect(languageModel.doGenerateCalls[0].abortSignal).toBe(controller.signal);
  });

  it('stops at the abort even when the provider ignores its signal, and calls no model once aborted', async () => {
    const controller = new AbortController();
    const languageModel = new MockLanguageModelV3({
      doGenerate: () => {
        queueMicrotask(() => controller.abort(new Error('user left')));
        return new Promise(() => undefined);
      },
    });
    expect(await failure(new AISDKChatModel(languageModel), { ...hi, signal: controller.signal })).toMatchObject({ message: 'user left' });
    expect(await failure(new AISDKChatModel(languageModel), { ...hi, signal: controller.signal })).toMatchObject({ message: 'user left' });
    expect(languageModel.doGenerateCalls).toHaveLength(1);
  });

  it("fails with a ModelCallError naming the call when a tool call's input is not a string, not retried", async () => {
    const languageModel = new MockLanguageModelV3({
      provider: 'mistral.chat',
      modelId: 'mistral-small',
      doGenerate: generated([{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Paris' } as never }]),
    });
    const error = await failure(new AISDKChatModel(languageModel));
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error).toMatchObject({ retryable: false, provider: 'mistral' });
    expect((error as Error).message).toMatch(/tool call "weather" \(id "c1"\) has an input of type object; .*JSON text \(a string\)/);
  });

  it('fails with a ModelCallError when the provider throws a value that cannot be inspected (a Proxy whose traps throw)', async () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        getPrototypeOf: () => {
          throw new Error('trap');
        },
        has: () => {
          throw new Error('trap');
        },
      },
    );
    const error = await failure(new AISDKChatModel(failingModel(hostile)));
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ retryable: false, provider: 'mistral' });
    const streamed = new AISDKChatModel(
      new MockLanguageModelV3({ provider: 'mistral.chat', modelId: 'mistral-small', doStream: () => Promise.reject(hostile as Error) }),
    );
    await expect(drain(streamed)).rejects.toThrow("mistral model 'mistral-small' failed");
  });

  it('fails with a clear ModelCallError when doStream answers no readable stream, not retried', async () => {
    for (const answer of [{}, { stream: 42 }, null]) {
      const model = new AISDKChatModel(
        new MockLanguageModelV3({ provider: 'mistral.chat', modelId: 'mistral-small', doStream: () => Promise.resolve(answer as never) }),
      );
      const error = await drain(model).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(ModelCallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ retryable: false });
      expect((error as Error).message).toContain('expected { stream: ReadableStream }');
    }
  });

  it('refuses a model that is not a LanguageModelV3, saying what it expected', () => {
    for (const model of ['openai/gpt-5', { specificationVersion: 'v2', doGenerate: () => undefined }, null]) {
      let thrown: unknown;
      try {
        new AISDKChatModel(model as never);
      } catch (error) {
        thrown = error;
      }
      expect(OptionsError.isInstance(thrown)).toBe(true);
      expect((thrown as Error).message).toContain("AISDKChatModel option 'model' must be an AI SDK language model of specification 'v3'");
    }
  });

  it('refuses provider options that are not objects by provider, and a reasoning part in a user message, before calling the model', async () => {
    const languageModel = new MockLanguageModelV3({ doGenerate: generated([]) });
    const model = new AISDKChatModel(languageModel);
    const badOptions = await failure(model, { ...hi, providerOptions: { openai: 'low' } });
    expect(badOptions).toMatchObject({ name: 'ModelCallError', retryable: false });
    expect((badOptions as Error).message).toContain("providerOptions.openai must be an object of options for the 'openai' provider");
    const reasoning = await failure(model, { ...hi, messages: [{ role: 'user', content: [{ type: 'reasoning', text: 'hmm' }] }] });
    expect((reasoning as Error).message).toContain('a user message holds a reasoning part');
    expect(languageModel.doGenerateCalls).toHaveLength(0);
  });

  it('fails with a ModelCallError when a file the model does not take by URL cannot be downloaded', async () => {
    const languageModel = new MockLanguageModelV3({ doGenerate: generated([]) });
    const model = new AISDKChatModel(languageModel, {
      download: () => Promise.reject(new Error('HTTP 404 for https://example.com/a.png')),
    });
    const error = await failure(model, {
      ...hi,
      messages: [{ role: 'user', content: [{ type: 'image', data: new URL('https://example.com/a.png'), mediaType: 'image/png' }] }],
    });
    expect(error).toMatchObject({ name: 'ModelCallError', retryable: false });
    expect((error as Error).message).toContain('HTTP 404 for https://example.com/a.png');
    expect(languageModel.doGenerateCalls).toHaveLength(0);
  });
});

/** Reads a streamed answer to its end. */
async function drain(model: AISDKChatModel): Promise<void> {
  for await (const event of model.stream(hi)) void event;
}
