import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { ModelCallError, ToolRegistry } from '../src/index';
import { Agent } from '../src/agent/agent';
import type { RetryOptions } from '../src/agent/retry/retry-options';

const rateLimited = (retryAfterMs?: number) =>
  new ModelCallError('Rate limit reached', { retryable: true, status: 429, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });
const serverError = () => new ModelCallError('Internal server error', { retryable: true, status: 500 });

describe('Agent retries of model calls', () => {
  let delays: number[];
  let retry: RetryOptions;

  function agent(model: ScriptedModel, overrides: RetryOptions = {}): Agent {
    return new Agent({ model, registry: ToolRegistry.EMPTY, retry: { ...retry, ...overrides } });
  }

  beforeEach(() => {
    delays = [];
    retry = {
      maxRetries: 3,
      baseDelayMs: 100,
      maxDelayMs: 1_000,
      random: () => 0.5,
      sleep: async (ms) => {
        delays.push(ms);
      },
    };
  });

  it('retries a retryable ModelCallError with exponential backoff and full jitter, then succeeds', async () => {
    const model = new ScriptedModel([{ error: rateLimited() }, { error: serverError() }, { text: 'Hello.' }]);
    const run = await agent(model).run('Hi');

    expect(run.text).toBe('Hello.');
    expect(run.stopReason).toBe('completed');
    expect(model.requests).toHaveLength(3);
    expect(delays).toEqual([50, 100]);
  });

  it('sends the same transcript on every attempt', async () => {
    const model = new ScriptedModel([{ error: serverError() }, { text: 'Hello.' }]);
    await agent(model).run('Hi');

    expect(model.requests[1]).toEqual(model.requests[0]);
  });

  it('fails at once, with the error itself, on a non-retryable ModelCallError', async () => {
    const unauthorized = new ModelCallError('Incorrect API key provided', { retryable: false, status: 401 });
    const model = new ScriptedModel([{ error: unauthorized }, { text: 'never sent' }]);

    await expect(agent(model).run('Hi')).rejects.toBe(unauthorized);
    expect(model.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('fails after maxRetries retries with a ModelCallError that says how many attempts were made', async () => {
    const last = serverError();
    const model = new ScriptedModel([{ error: serverError() }, { error: serverError() }, { error: last }, { text: 'never sent' }]);
    const error = await agent(model, { maxRetries: 2 })
      .run('Hi')
      .catch((reason: unknown) => reason);

    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ attempts: 3, status: 500, retryable: true, cause: last });
    expect((error as Error).message).toMatch(/failed after 3 attempts.*Internal server error/);
    expect(model.requests).toHaveLength(3);
  });

  it('makes a single attempt when maxRetries is 0', async () => {
    const model = new ScriptedModel([{ error: serverError() }]);
    const error = await agent(model, { maxRetries: 0 })
      .run('Hi')
      .catch((reason: unknown) => reason);

    expect(error).toMatchObject({ attempts: 1 });
    expect(delays).toEqual([]);
  });

  it('treats other errors with status 429 or 5xx, or a connection reset, as retryable', async () => {
    const unavailable = Object.assign(new Error('Service unavailable'), { status: 503 });
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const model = new ScriptedModel([{ error: unavailable }, { error: reset }, { text: 'Back.' }]);

    expect((await agent(model).run('Hi')).text).toBe('Back.');
    expect(model.requests).toHaveLength(3);
  });

  it('does not retry other errors with status 400 or 401, or without a status', async () => {
    for (const error of [
      Object.assign(new Error('Bad request'), { status: 400 }),
      Object.assign(new Error('Unauthorized'), { status: 401 }),
      new TypeError('bug'),
    ]) {
      const model = new ScriptedModel([{ error }, { text: 'never sent' }]);
      await expect(agent(model).run('Hi')).rejects.toBe(error);
      expect(model.requests).toHaveLength(1);
    }
  });

  it("waits at least the server's retry-after before retrying", async () => {
    const model = new ScriptedModel([{ error: rateLimited(750) }, { text: 'Hello.' }]);
    await agent(model).run('Hi');

    expect(delays).toEqual([750]);
  });

  it('caps the retry-after wait at maxDelayMs', async () => {
    const model = new ScriptedModel([{ error: rateLimited(60_000) }, { text: 'Hello.' }]);
    await agent(model).run('Hi');

    expect(delays).toEqual([1_000]);
  });

  describe('with the default timer (faked)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('really waits for the retry-after when no sleep is injected', async () => {
      const model = new ScriptedModel([{ error: rateLimited(40) }, { text: 'Hello.' }]);
      let settled = false;
      const running = new Agent({ model, registry: ToolRegistry.EMPTY, retry: { baseDelayMs: 1, maxDelayMs: 1_000 } })
        .run('Hi')
        .finally(() => (settled = true));

      await jest.advanceTimersByTimeAsync(39);
      expect(settled).toBe(false);
      expect(model.requests).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect((await running).text).toBe('Hello.');
      expect(model.requests).toHaveLength(2);
    });

    it("stops with 'aborted' when the signal aborts during a backoff wait", async () => {
      const controller = new AbortController();
      const model = new ScriptedModel([{ error: rateLimited(10_000) }, { text: 'never sent' }]);
      const running = new Agent({ model, registry: ToolRegistry.EMPTY, retry: { maxDelayMs: 10_000 } }).run('Hi', {
        signal: controller.signal,
      });

      await jest.advanceTimersByTimeAsync(20);
      expect(model.requests).toHaveLength(1);
      controller.abort();
      const run = await running;

      expect(run.stopReason).toBe('aborted');
      expect(run.durationMs).toBeLessThan(10_000);
      expect(model.requests).toHaveLength(1);
    });
  });

  it("stops with 'aborted' when the signal aborts during a custom sleep that ignores the signal", async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([{ error: serverError() }, { text: 'never sent' }]);
    const sleep = () => {
      controller.abort();
      return new Promise<void>(() => undefined);
    };
    const run = await agent(model, { sleep }).run('Hi', { signal: controller.signal });

    expect(run.stopReason).toBe('aborted');
    expect(model.requests).toHaveLength(1);
  });

  it("fails with the model's error, not a silent 'max_duration', when the backoff wait would outlast maxDurationMs", async () => {
    const model = new ScriptedModel([{ error: rateLimited(10_000) }, { text: 'never sent' }]);
    const failure = new Agent({ model, registry: ToolRegistry.EMPTY, maxDurationMs: 30, retry: { maxDelayMs: 10_000 } }).run('Hi');

    await expect(failure).rejects.toThrow(/the next retry would come after the run's maxDurationMs/);
    expect(model.requests).toHaveLength(1);
  });
});

describe('Agent retries within maxDurationMs', () => {
  it('gives up at once, with the model error, when a retry would wait past maxDurationMs', async () => {
    const model = new ScriptedModel([
      { error: new ModelCallError('rate limited', { retryable: true, status: 429, retryAfterMs: 20_000 }) },
      { text: 'late' },
    ]);
    const error = await new Agent({ model, registry: ToolRegistry.EMPTY, maxDurationMs: 300 }).run('hi').catch((caught: unknown) => caught);
    expect(ModelCallError.isInstance(error) && error.message).toMatch(
      /failed after 1 attempt \(the next retry would come after the run's maxDurationMs\).*rate limited/,
    );
    expect((error as ModelCallError).status).toBe(429);
    expect(model.requests).toHaveLength(1);
  });
});

describe("a model's complete() answering something other than a native promise", () => {
  const reply = { message: { role: 'assistant' as const, content: 'plain answer' } };
  const models = {
    'a plain value (a mock with mockReturnValue)': { complete: () => reply },
    'a thenable': { complete: () => ({ then: (resolve: (value: typeof reply) => void) => resolve(reply) }) },
  };

  for (const [kind, model] of Object.entries(models)) {
    it(`is answered as a promise of it would be, run and streamed: ${kind}`, async () => {
      const agent = new Agent({ model: model as never, registry: ToolRegistry.EMPTY });
      expect((await agent.run('Hi')).text).toBe('plain answer');
      const stream = agent.stream('Hi');
      for await (const event of stream) void event;
      expect((await stream.result).text).toBe('plain answer');
      // A second run reuses the run's wait: nothing was left busy.
      expect((await agent.run('Again')).text).toBe('plain answer');
    });
  }
});
