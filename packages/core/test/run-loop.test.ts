import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  ToolRegistry,
  type ChatModel,
  type ChatResponse,
  type ChatStreamEvent,
  type ContextProvider,
  type Feature,
} from '../src/index';
import { idleLoopCount } from '../src/agent/run/run-loop';
import { AddTool } from './support/calculator';

/** A model that calls the calculator `calls` times, then answers; each reply settles in a microtask. */
function countingModel(calls: number): ChatModel & { requests: number } {
  return {
    requests: 0,
    complete(): Promise<ChatResponse> {
      const index = this.requests++;
      if (index >= calls) return Promise.resolve({ message: { role: 'assistant', content: `done after ${index} calls` } });
      const call = { id: `call_${index}`, name: 'calculator', arguments: '{"digit1":1,"digit2":2}' };
      return Promise.resolve({ message: { role: 'assistant', content: null, toolCalls: [call] } });
    },
  };
}

describe('the run loop', () => {
  it('runs thousands of turns whose model and tool settle at once, one after another, without growing the stack', async () => {
    const agent = new Agent({
      model: countingModel(5000),
      registry: ToolRegistry.of(new AddTool()),
      maxIterations: 5001,
      maxToolCalls: 5000,
    });
    const result = await agent.run('Add a lot.');
    expect(result.stopReason).toBe('completed');
    expect(result.toolCalls).toHaveLength(5000);
    expect(result.text).toBe('done after 5000 calls');
  });

  it("lets timers and the caller's abort in between turns that settle in microtasks", async () => {
    const model = countingModel(Number.POSITIVE_INFINITY);
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()), maxIterations: 1_000_000, maxToolCalls: 1_000_000 });
    const controller = new AbortController();
    let callsWhenTimerRan: number | undefined;
    // A timer due at once: it runs only when the run yields to the event loop.
    setTimeout(() => {
      callsWhenTimerRan = model.requests;
      controller.abort();
    }, 0);
    const result = await agent.run('Add forever.', { signal: controller.signal });
    expect(result.stopReason).toBe('aborted');
    expect(callsWhenTimerRan).toBeGreaterThan(0);
    expect(model.requests).toBeLessThan(1_000_000);
  });

  it('rejects with what a step of a turn throws (before the model is asked, and after its calls ran), and the agent runs again afterwards', async () => {
    let failOn: number | undefined = 1;
    let provided = 0;
    const flaky: ContextProvider = {
      name: 'flaky',
      provide: () => {
        if (++provided === failOn) throw new Error(`provider failed on call ${provided}`);
        return undefined;
      },
    };
    const model = new ScriptedModel([{ toolCalls: [{ name: 'calculator', arguments: { digit1: 1, digit2: 2 } }] }, { text: 'Three.' }], {
      onExhausted: 'repeatLast',
    });
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()), contextProviders: [flaky] });
    await expect(agent.run('Add.')).rejects.toThrow('provider failed on call 1');
    expect(model.requests).toHaveLength(0);
    // The second model call of the run: after the first turn's call ran.
    failOn = 3;
    await expect(agent.run('Add.')).rejects.toThrow('provider failed on call 3');
    expect(model.requests).toHaveLength(1);
    failOn = undefined;
    await expect(agent.run('Add.')).resolves.toMatchObject({ stopReason: 'completed', text: 'Three.' });
  });

  it("stops on the caller's abort while a model that ignores its signal has not answered, and ignores its late answer", async () => {
    let answer: ((response: ChatResponse) => void) | undefined;
    const model: ChatModel = {
      complete: () =>
        new Promise<ChatResponse>((resolve) => {
          answer = resolve;
        }),
    };
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
    const controller = new AbortController();
    const running = agent.run('Add.', { signal: controller.signal });
    await Promise.resolve();
    expect(answer).toBeDefined();
    controller.abort(new Error('the user left'));
    const result = await running;
    expect(result.stopReason).toBe('aborted');
    // The late answer changes nothing: not in the messages, no call run.
    const call = { id: 'late', name: 'calculator', arguments: '{"digit1":1,"digit2":2}' };
    answer!({ message: { role: 'assistant', content: 'late', toolCalls: [call] } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(result.messages.map((message) => message.role)).toEqual(['user']);
    expect(result.toolCalls).toEqual([]);
  });

  it('gives a late answer of a run aborted while its signal-blind model had not answered to no later run (ended loops serve later runs)', async () => {
    const answers: Array<(response: ChatResponse) => void> = [];
    const model: ChatModel = {
      complete: () =>
        new Promise<ChatResponse>((resolve) => {
          answers.push(resolve);
        }),
    };
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
    const controller = new AbortController();
    const aborted = agent.run('First.', { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    expect((await aborted).stopReason).toBe('aborted');
    // Runs that end normally in between: their loops are kept and serve the next runs.
    for (let index = 0; index < 3; index++) {
      const running = agent.run(`Run ${index}.`);
      await Promise.resolve();
      answers.at(-1)!({ message: { role: 'assistant', content: `answer ${index}` } });
      expect(await running).toMatchObject({ stopReason: 'completed', text: `answer ${index}` });
    }
    const later = agent.run('Later.');
    await Promise.resolve();
    expect(answers).toHaveLength(5);
    // The aborted run's model answers now, while the later run waits: the later run never sees it.
    answers[0]!({ message: { role: 'assistant', content: 'the first run, late' } });
    await new Promise((resolve) => setImmediate(resolve));
    answers[4]!({ message: { role: 'assistant', content: 'the later run' } });
    const result = await later;
    expect(result.text).toBe('the later run');
    expect(result.messages.map((message) => message.content)).toEqual(['Later.', 'the later run']);
  });

  it('gives a second answer of a model promise whose own then calls back twice to no later run', async () => {
    let asked = 0;
    let again: (() => void) | undefined;
    const model: ChatModel = {
      complete: () => {
        const index = asked++;
        const promise = Promise.resolve<ChatResponse>({ message: { role: 'assistant', content: `answer ${index}` } });
        if (index > 0) return promise;
        // A native promise whose own then calls back once now and once more later.
        const then = promise.then.bind(promise);
        void Object.defineProperty(promise, 'then', {
          value: (onValue: (response: ChatResponse) => unknown, onError: (error: unknown) => unknown) => {
            again = () => void onValue({ message: { role: 'assistant', content: 'a second answer of the first call' } });
            return then(onValue, onError);
          },
        });
        return promise;
      },
    };
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
    expect((await agent.run('First.')).text).toBe('answer 0');
    let answerSecond: (() => void) | undefined;
    const waiting = new Promise<void>((resolve) => (answerSecond = resolve));
    const slow: ChatModel = { complete: () => waiting.then(() => ({ message: { role: 'assistant', content: 'the second run' } })) };
    const second = new Agent({ model: slow, registry: ToolRegistry.of(new AddTool()) }).run('Second.');
    await Promise.resolve();
    again!();
    answerSecond!();
    const result = await second;
    expect(result.text).toBe('the second run');
    expect(result.messages.map((message) => message.content)).toEqual(['Second.', 'the second run']);
  });

  describe('a model promise whose own then calls back at once, and again later', () => {
    /** A model whose first call answers a native promise with a then of its own: it calls back during the then call and once more when told. */
    function doubleCallingModel(first: string, second: string) {
      const later: { callBack?: () => void } = {};
      let asked = 0;
      const pending: Array<(response: ChatResponse) => void> = [];
      const model: ChatModel = {
        complete: () => {
          if (asked++ > 0) return new Promise<ChatResponse>((resolve) => pending.push(resolve));
          const promise = Promise.resolve(reply(first));
          void Object.defineProperty(promise, 'then', {
            value: (onValue: (response: ChatResponse) => unknown) => {
              onValue(reply(first));
              later.callBack = () => void onValue(reply(second));
              return Promise.resolve();
            },
          });
          return promise;
        },
      };
      return { model, later, pending };
    }
    const reply = (text: string): ChatResponse => ({ message: { role: 'assistant', content: text } });

    it('gives its second answer to no later run (the ended loop serves the next run)', async () => {
      const { model, later, pending } = doubleCallingModel('answer of the first run', 'the first run, again');
      const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
      expect((await agent.run('First.')).text).toBe('answer of the first run');
      const second = agent.run('Second.');
      await new Promise((resolve) => setImmediate(resolve));
      later.callBack!();
      pending[0]!(reply('answer of the second run'));
      const result = await second;
      expect(result.text).toBe('answer of the second run');
      expect(result.messages.map((message) => message.content)).toEqual(['Second.', 'answer of the second run']);
    });

    it('gives its second answer to no later step of the same run (while a tool runs, or the next model call is waited for)', async () => {
      const call = { id: 'c1', name: 'calculator', arguments: '{"digit1":1,"digit2":2}' };
      for (const when of ['while the tool runs', 'while the next model call is waited for'] as const) {
        let finishTool: (() => void) | undefined;
        const slowAdd = new AddTool('calculator', () => new Promise<number>((resolve) => (finishTool = () => resolve(3))));
        const later: { callBack?: () => void } = {};
        const pending: Array<(response: ChatResponse) => void> = [];
        let asked = 0;
        const model: ChatModel = {
          complete: () => {
            if (asked++ > 0) return new Promise<ChatResponse>((resolve) => pending.push(resolve));
            const promise = Promise.resolve<ChatResponse>({ message: { role: 'assistant', content: null, toolCalls: [call] } });
            void Object.defineProperty(promise, 'then', {
              value: (onValue: (response: ChatResponse) => unknown) => {
                onValue({ message: { role: 'assistant', content: null, toolCalls: [call] } });
                later.callBack = () => void onValue(reply('a second answer of the first call'));
                return Promise.resolve();
              },
            });
            return promise;
          },
        };
        const running = new Agent({ model, registry: ToolRegistry.of(slowAdd) }).run('Add.');
        await new Promise((resolve) => setImmediate(resolve));
        if (when === 'while the tool runs') later.callBack!();
        finishTool!();
        // Until the run asks the model again (after a turn of the event loop, when it yields).
        for (let turns = 0; pending.length === 0 && turns < 100; turns++) await new Promise((resolve) => setImmediate(resolve));
        expect({ when, asked: pending.length }).toEqual({ when, asked: 1 });
        if (when === 'while the next model call is waited for') later.callBack!();
        pending[0]!(reply('Three.'));
        const result = await running;
        expect({ when, stopReason: result.stopReason, text: result.text }).toEqual({ when, stopReason: 'completed', text: 'Three.' });
        expect(result.toolCalls.map((made) => made.result.content)).toEqual(['3']);
      }
    });
  });

  it('keeps a bounded number of ended loops, however many runs ended at once', async () => {
    const agent = new Agent({ model: countingModel(0), registry: ToolRegistry.of(new AddTool()) });
    const results = await Promise.all(Array.from({ length: 64 }, (_, index) => agent.run(`Run ${index}.`)));
    expect(results.every((result) => result.stopReason === 'completed')).toBe(true);
    expect(idleLoopCount()).toBeGreaterThan(0);
    expect(idleLoopCount()).toBeLessThanOrEqual(16);
  });

  it('stops without waiting for a model that aborts the run as it is asked and never answers', async () => {
    const controller = new AbortController();
    let asked = 0;
    const model: ChatModel = {
      complete: () => {
        asked++;
        controller.abort(); // the run is aborted before the model's promise is waited for
        return new Promise<ChatResponse>(() => undefined); // never answers, ignores its signal
      },
    };
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
    const result = await agent.run('Add.', { signal: controller.signal });
    expect(result.stopReason).toBe('aborted');
    expect(asked).toBe(1);
  });

  describe('a model call with hooks or a stream, aborted once the model answered', () => {
    const usage = { inputTokens: 100, outputTokens: 50, totalTokens: 150 };

    it('keeps the answer and its usage when the caller aborts while onModelCallCompleted runs, and tells the hooks before the run ends', async () => {
      const lines: string[] = [];
      let hookRunning: (() => void) | undefined;
      const hookStarted = new Promise<void>((resolve) => (hookRunning = resolve));
      const billing: Feature = {
        name: 'billing',
        install: (pipeline) => {
          pipeline.onModelCallCompleted(billing, async (event) => {
            lines.push(`model completed ${event.usage?.totalTokens}`);
            hookRunning!();
            await new Promise(() => undefined); // never ends by itself: the run's signal bounds it
          });
          pipeline.onRunCompleted(billing, (event) => void lines.push(`run completed ${event.stopReason}`));
        },
      };
      const model: ChatModel = { complete: () => Promise.resolve({ message: { role: 'assistant', content: 'paid answer' }, usage }) };
      const controller = new AbortController();
      const running = new Agent({ model, features: [billing], onFeatureError: () => undefined }).run('x', { signal: controller.signal });
      await hookStarted;
      controller.abort();
      const result = await running;
      expect(result.usage.totalTokens).toBe(150);
      expect(result.text).toBe('paid answer');
      expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
      expect(lines).toEqual(['model completed 150', `run completed ${result.stopReason}`]);
    });

    it('tells onModelCallFailed before onRunCompleted when the caller aborts a call to a model that ignores its signal', async () => {
      const lines: string[] = [];
      const recorder: Feature = {
        name: 'recorder',
        install: (pipeline) => {
          pipeline.onModelCallFailed(recorder, () => void lines.push('model failed'));
          pipeline.onRunCompleted(recorder, (event) => void lines.push(`run completed ${event.stopReason}`));
        },
      };
      const model: ChatModel = { complete: () => new Promise<ChatResponse>(() => undefined) };
      const controller = new AbortController();
      const running = new Agent({ model, features: [recorder] }).run('x', { signal: controller.signal });
      await new Promise((resolve) => setImmediate(resolve));
      controller.abort();
      lines.push(`run resolved ${(await running).stopReason}`);
      expect(lines).toEqual(['model failed', 'run completed aborted', 'run resolved aborted']);
    });

    it("keeps a streamed answer the reader saw when it stops right after the answer's message", async () => {
      const model: ChatModel = {
        complete: () => Promise.reject(new Error('not used')),
        async *stream(): AsyncGenerator<ChatStreamEvent> {
          yield { type: 'text_delta', delta: 'the answer' };
          yield { type: 'response', response: { message: { role: 'assistant', content: 'the answer' }, usage } };
        },
      };
      const stream = new Agent({ model }).stream('x');
      for await (const event of stream) if (event.type === 'message') break;
      const result = await stream.result;
      expect(result.text).toBe('the answer');
      expect(result.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
      expect(result.usage.totalTokens).toBe(150);
    });
  });
});
