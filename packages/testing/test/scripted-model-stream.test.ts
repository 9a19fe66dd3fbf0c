import type { ChatStreamEvent } from '@toolcraft/core';
import { InvalidScriptedTurnError, ScriptedModel } from '../src/index.js';

const read = async (stream: AsyncIterable<ChatStreamEvent>) => {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
};

describe('ScriptedModel.stream', () => {
  it('does not read a signal made when read (an agent request, whose reader watches the run); reads a plain one per chunk', async () => {
    let reads = 0;
    const lazy = { messages: [{ role: 'user' as const, content: 'hi' }], tools: [] };
    Object.defineProperty(lazy, 'signal', { get: () => (reads++, AbortSignal.abort(new Error('aborted'))), enumerable: true });
    const model = new ScriptedModel([{ text: 'Hello world' }, { text: 'Hello world' }], { chunkSize: 4 });

    const events = await read(model.stream(lazy));
    expect(events.map((event) => event.type)).toEqual(['text_delta', 'text_delta', 'text_delta', 'response']);
    expect(reads).toBe(0);
    const reason = new Error('stopped');
    await expect(read(model.stream({ ...lazy, signal: AbortSignal.abort(reason) }))).rejects.toBe(reason);
  });

  it('streams the text in chunks of chunkSize characters, then the whole response', async () => {
    const model = new ScriptedModel([{ text: 'Hello world', usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } }], {
      chunkSize: 4,
    });
    const events = await read(model.stream({ messages: [{ role: 'user', content: 'hi' }], tools: [] }));
    expect(events).toEqual([
      { type: 'text_delta', delta: 'Hell' },
      { type: 'text_delta', delta: 'o wo' },
      { type: 'text_delta', delta: 'rld' },
      {
        type: 'response',
        response: { message: { role: 'assistant', content: 'Hello world' }, usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } },
      },
    ]);
    expect(model.requests).toHaveLength(1);
  });

  it('lets the event loop run during a long stream once a millisecond has passed (the clock is read every few chunks)', async () => {
    let now = 0;
    // Every reading of the clock finds a millisecond gone.
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => ++now);
    try {
      const model = new ScriptedModel([{ text: 'x'.repeat(40) }], { chunkSize: 1 });
      let deltas = 0;
      let deltasWhenTheLoopRan: number | undefined;
      setImmediate(() => (deltasWhenTheLoopRan = deltas));
      for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }], tools: [] }))
        if (event.type === 'text_delta') deltas++;
      expect(deltas).toBe(40);
      // The first slice: its first chunk and the four after it, then a turn of the event loop.
      expect(deltasWhenTheLoopRan).toBe(5);
      // Not once per chunk: at the start of each slice and every fifth chunk.
      expect(now).toBeLessThan(deltas / 2);
    } finally {
      clock.mockRestore();
    }
  });

  it('streams a turn of only tool calls as its response alone', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'add', arguments: { a: 1 } }] }]);
    const events = await read(model.stream({ messages: [], tools: [] }));
    expect(events).toEqual([
      {
        type: 'response',
        response: { message: { role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 'add', arguments: '{"a":1}' }] } },
      },
    ]);
  });

  it('stops with the signal’s reason when the request is aborted mid-stream', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([{ text: 'abcdefgh' }], { chunkSize: 1 });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of model.stream({ messages: [], tools: [], signal: controller.signal })) {
          if (event.type === 'text_delta') seen.push(event.delta);
          if (seen.length === 2) controller.abort(new Error('stop'));
        }
      })(),
    ).rejects.toThrow('stop');
    expect(seen).toEqual(['a', 'b']);
  });

  it('behaves as an async generator: lazy, in order under concurrent next() calls, ended by return(), a failure or throw()', async () => {
    const model = new ScriptedModel([{ text: 'abcd' }, { error: new Error('down') }, { text: 'xy' }], { chunkSize: 1 });
    const stream = model.stream({ messages: [], tools: [] });
    expect(stream[Symbol.asyncIterator]()).toBe(stream);
    expect(model.requests).toHaveLength(0);
    const steps = await Promise.all([stream.next(), stream.next(), stream.next()]);
    expect(steps.map((step) => (step.value as { delta?: string }).delta)).toEqual(['a', 'b', 'c']);
    expect(model.requests).toHaveLength(1);
    expect(await stream.return()).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });

    const failing = model.stream({ messages: [], tools: [] });
    await expect(failing.next()).rejects.toThrow('down');
    expect(await failing.next()).toEqual({ done: true, value: undefined });

    const thrown = model.stream({ messages: [], tools: [] });
    await expect(thrown.throw(new Error('stop'))).rejects.toThrow('stop');
    expect(await thrown.next()).toEqual({ done: true, value: undefined });
  });

  it('streams a turn answered later (a function turn giving a promise) as one answered at once, its failure at the first next()', async () => {
    const model = new ScriptedModel(
      [() => Promise.resolve({ text: 'abc' }), { text: 'abc' }, () => Promise.resolve({ error: new Error('later') })],
      { chunkSize: 2 },
    );
    const later = await read(model.stream({ messages: [], tools: [] }));
    const atOnce = await read(model.stream({ messages: [], tools: [] }));
    expect(later).toEqual(atOnce);
    expect(atOnce.map((event) => event.type)).toEqual(['text_delta', 'text_delta', 'response']);
    const failing = model.stream({ messages: [], tools: [] });
    await expect(failing.next()).rejects.toThrow('later');
    expect(await failing.next()).toEqual({ done: true, value: undefined });
  });

  it("answers through a subclass's complete() when it overrides it", async () => {
    const seen: string[] = [];
    class CountingModel extends ScriptedModel {
      override complete(request: Parameters<ScriptedModel['complete']>[0]) {
        seen.push('complete');
        return super.complete(request);
      }
    }
    const model = new CountingModel([{ text: 'hi' }], { chunkSize: 1 });
    const events = await read(model.stream({ messages: [], tools: [] }));
    expect(events.map((event) => event.type)).toEqual(['text_delta', 'text_delta', 'response']);
    expect(seen).toEqual(['complete']);
  });

  it('refuses a chunkSize that is not a positive integer', () => {
    expect(() => new ScriptedModel([], { chunkSize: 0 })).toThrow(InvalidScriptedTurnError);
    expect(() => new ScriptedModel([], { chunkSize: 1.5 })).toThrow(/chunkSize must be a positive integer, but was 1.5/);
  });
});
