import 'reflect-metadata';
import { Agent, ToolRegistry, type ChatModel, type ChatResponse, type Feature } from '../../src/index.js';
import { AddTool } from '../support/calculator.js';

/** A model whose calls wait until the test answers them, and never look at their signal. */
function controlledModel() {
  const pending: { resolve: (response: ChatResponse) => void; reject: (error: unknown) => void }[] = [];
  const model: ChatModel = {
    complete: () =>
      new Promise<ChatResponse>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  };
  return { model, pending };
}

const reply = (text: string): ChatResponse => ({ message: { role: 'assistant', content: text } });
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("a run's model call wait (ModelCallWait, reused across runs)", () => {
  it("ignores a cancelled call's late answer, and the waits of the next runs answer their own calls", async () => {
    const { model, pending } = controlledModel();
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
    const caller = new AbortController();
    const cancelled = agent.run('first', { signal: caller.signal });
    await flush();
    caller.abort(new Error('user left'));
    expect((await cancelled).stopReason).toBe('aborted');
    pending[0]!.resolve(reply('late'));
    pending.length = 0;
    await flush();

    const second = agent.run('second');
    const third = agent.run('third');
    await flush();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(reply('to third'));
    pending[0]!.resolve(reply('to second'));
    const [a, b] = await Promise.all([second, third]);
    expect([a.text, b.text]).toEqual(['to second', 'to third']);
  });

  it('gives no later run the second answer of a model promise whose own then calls back at once and again later (a call with model-call hooks)', async () => {
    const later: { callBack?: () => void } = {};
    let asked = 0;
    const pending: Array<(response: ChatResponse) => void> = [];
    const model: ChatModel = {
      complete: () => {
        if (asked++ > 0) return new Promise<ChatResponse>((resolve) => pending.push(resolve));
        const promise = Promise.resolve(reply('first run'));
        // The patched `then` is the point of the test; defining it returns the promise itself.
        void Object.defineProperty(promise, 'then', {
          value: (onValue: (response: ChatResponse) => unknown) => {
            onValue(reply('first run'));
            later.callBack = () => void onValue(reply('the first run, again'));
            return Promise.resolve();
          },
        });
        return promise;
      },
    };
    const counting: Feature = { name: 'counting', install: (pipeline) => pipeline.onModelCallCompleted(counting, () => undefined) };
    const agent = new Agent({ model, features: [counting] });
    expect((await agent.run('first')).text).toBe('first run');
    const second = agent.run('second');
    await flush();
    later.callBack!();
    pending[0]!(reply('second run'));
    expect((await second).text).toBe('second run');
  });

  it('answers a model that answers a plain value or a thenable, and a rejection after a cancellation is handled', async () => {
    const thenable: ChatModel = {
      complete: () =>
        ({ then: (resolve: (response: ChatResponse) => void) => resolve(reply('thenable')) }) as unknown as Promise<ChatResponse>,
    };
    const plain: ChatModel = { complete: () => reply('plain') as unknown as Promise<ChatResponse> };
    const outputs = await Promise.all([thenable, plain].map(async (model) => (await new Agent({ model }).run('Hi')).text));
    expect(outputs).toEqual(['thenable', 'plain']);

    const { model, pending } = controlledModel();
    const caller = new AbortController();
    const run = new Agent({ model }).run('Hi', { signal: caller.signal });
    await flush();
    caller.abort();
    await run;
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    pending[0]!.reject(new Error('late failure'));
    await flush();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
