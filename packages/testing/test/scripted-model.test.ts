import { ModelCallError, type ChatMessage, type ChatRequest, type ToolDefinition } from '@toolcraft/core';
import { InvalidScriptedTurnError, ScriptedModel, ScriptExhaustedError } from '../src/index';
import type * as ScriptExhaustedErrorModule from '../src/errors/script-exhausted-error.js';

const tools: ToolDefinition[] = [
  { name: 'add', description: 'Adds.', inputSchema: { type: 'object', properties: { a: { type: 'integer' } } } },
];
const request = (content: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content }],
  tools,
  ...extra,
});

describe('ScriptedModel', () => {
  it('replies with the scripted turns in order', async () => {
    const model = new ScriptedModel([{ text: 'one' }, { text: 'two' }]);

    expect((await model.complete(request('a'))).message).toEqual({ role: 'assistant', content: 'one' });
    expect((await model.complete(request('b'))).message).toEqual({ role: 'assistant', content: 'two' });
  });

  it('turns scripted tool calls into calls with JSON arguments and generated ids call_1, call_2, ...', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }, { id: 'mine', name: 'add', arguments: '{"a":3}' }, { name: 'now' }] },
      { text: 'and', toolCalls: [{ name: 'add', arguments: { a: 5 } }] },
    ]);

    expect((await model.complete(request('a'))).message).toEqual({
      role: 'assistant',
      content: null,
      toolCalls: [
        { id: 'call_1', name: 'add', arguments: '{"a":1,"b":2}' },
        { id: 'mine', name: 'add', arguments: '{"a":3}' },
        { id: 'call_2', name: 'now', arguments: '{}' },
      ],
    });
    expect((await model.complete(request('b'))).message).toEqual({
      role: 'assistant',
      content: 'and',
      toolCalls: [{ id: 'call_3', name: 'add', arguments: '{"a":5}' }],
    });
  });

  it('returns the usage of a turn, and none when the turn has none', async () => {
    const usage = { inputTokens: 3, outputTokens: 2, totalTokens: 5 };
    const model = new ScriptedModel([{ text: 'x', usage }, { text: 'y' }]);

    expect((await model.complete(request('a'))).usage).toEqual(usage);
    expect(await model.complete(request('b'))).not.toHaveProperty('usage');
  });

  it('records each request as a copy, unchanged by later changes to the transcript', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }];
    await model.complete({ messages, tools, toolChoice: { name: 'add' } });
    messages.push({ role: 'assistant', content: 'later' });
    (messages[0] as { content: string }).content = 'changed';

    expect(model.requests).toEqual([{ messages: [{ role: 'user', content: 'hello' }], tools, toolChoice: { name: 'add' } }]);
    expect(model.requests[0]!.tools).not.toBe(tools);
  });

  it('shares the copy of a message sent again unchanged, and copies it again once it changed', async () => {
    const model = new ScriptedModel([{ text: 'ok' }], { onExhausted: 'repeatLast' });
    const messages: ChatMessage[] = [{ role: 'user', content: 'hello' }];
    await model.complete({ messages, tools });
    messages.push({ role: 'assistant', content: 'ok' });
    await model.complete({ messages, tools });
    (messages[0] as { content: string }).content = 'changed';
    await model.complete({ messages, tools });

    const [first, second, third] = model.requests.map((request) => request.messages);
    expect(second![0]).toBe(first![0]);
    expect(second![0]).not.toBe(messages[0]);
    expect(third![0]).toEqual({ role: 'user', content: 'changed' });
    expect(first![0]).toEqual({ role: 'user', content: 'hello' });
    expect(third![1]).toBe(second![1]);
  });

  it('does not record a toolChoice that was not sent', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    await model.complete(request('a'));

    expect(model.requests[0]).not.toHaveProperty('toolChoice');
  });

  it('calls a function turn with the request and replies with what it returns', async () => {
    const model = new ScriptedModel([
      (sent) => ({ text: `you said ${(sent.messages[0] as { content: string }).content}` }),
      async () => ({ text: 'later' }),
    ]);

    expect((await model.complete(request('hi'))).message.content).toBe('you said hi');
    expect((await model.complete(request('again'))).message.content).toBe('later');
  });

  it('gives a function turn the fields sent, the signal last, in arrays of its own that do not change the record', async () => {
    const seen: Record<string, unknown>[] = [];
    const model = new ScriptedModel(
      [
        (sent) => {
          seen.push(sent as never);
          sent.messages.push({ role: 'user', content: 'added' });
          sent.tools.reverse();
          return { text: 'ok' };
        },
      ],
      { onExhausted: 'repeatLast' },
    );
    const signal = new AbortController().signal;
    await model.complete(request('a', { signal }));
    await model.complete(request('b'));
    await model.complete(request('c', { toolChoice: { name: 'add' }, settings: { temperature: 0 }, signal }));

    expect(seen.map((sent) => Object.keys(sent))).toEqual([
      ['messages', 'tools', 'signal'],
      ['messages', 'tools'],
      ['messages', 'tools', 'toolChoice', 'settings', 'signal'],
    ]);
    expect(seen[0]!.signal).toBe(signal);
    expect(model.requests.map((recorded) => recorded.messages)).toEqual([
      [{ role: 'user', content: 'a' }],
      [{ role: 'user', content: 'b' }],
      [{ role: 'user', content: 'c' }],
    ]);
    expect(model.requests[2]!.tools).toEqual(tools);
  });

  it('returns usage and finishReason, each only when the turn has it, the usage a copy', async () => {
    const usage = { inputTokens: 3, outputTokens: 2, totalTokens: 5 };
    const model = new ScriptedModel([
      { text: 'a', usage, finishReason: 'length' },
      { text: 'b', finishReason: 'stop' },
      { toolCalls: [{ name: 'add' }, { name: 'add', id: 'x' }], usage },
    ]);
    const both = await model.complete(request('a'));
    const finishOnly = await model.complete(request('b'));
    const usageOnly = await model.complete(request('c'));

    expect(both).toEqual({ message: { role: 'assistant', content: 'a' }, usage, finishReason: 'length' });
    expect(both.usage).not.toBe(usage);
    expect(Object.keys(finishOnly)).toEqual(['message', 'finishReason']);
    expect(usageOnly).toEqual({
      message: {
        role: 'assistant',
        content: null,
        toolCalls: [
          { id: 'call_1', name: 'add', arguments: '{}' },
          { id: 'x', name: 'add', arguments: '{}' },
        ],
      },
      usage,
    });
    expect(Object.keys(usageOnly)).toEqual(['message', 'usage']);
  });

  it('throws the error of an error turn, and goes on with the next turn', async () => {
    const failure = new ModelCallError('Rate limit reached', { retryable: true, status: 429 });
    const model = new ScriptedModel([{ error: failure }, { text: 'ok' }]);

    await expect(model.complete(request('a'))).rejects.toBe(failure);
    expect((await model.complete(request('a'))).message.content).toBe('ok');
    expect(model.requests).toHaveLength(2);
  });

  it('throws a clear error, with the number of scripted turns and the last request, when the script runs out', async () => {
    const model = new ScriptedModel([{ text: 'only' }]);
    await model.complete(request('first'));
    const error = await model.complete(request('second question')).catch((reason: unknown) => reason);

    expect(ScriptExhaustedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ scriptedTurns: 1 });
    expect((error as Error).message).toMatch(/1 turn was scripted/);
    expect((error as Error).message).toMatch(/second question/);
    expect((error as Error).message).toMatch(/repeatLast/);
  });

  it('throws a ScriptExhaustedError recognised by its marker, with a fixed name, from any copy of the package', async () => {
    const error = await new ScriptedModel([]).complete(request('q')).catch((reason: unknown) => reason);
    let copy: typeof ScriptExhaustedErrorModule | undefined;
    jest.isolateModules(() => {
      copy = jest.requireActual<typeof ScriptExhaustedErrorModule>('../src/errors/script-exhausted-error.js');
    });

    expect((error as Error).name).toBe('ScriptExhaustedError');
    expect(copy!.ScriptExhaustedError).not.toBe(ScriptExhaustedError);
    expect(copy!.ScriptExhaustedError.isInstance(error)).toBe(true);
    expect(ScriptExhaustedError.isInstance(Object.assign(new Error('x'), { name: 'ScriptExhaustedError' }))).toBe(false);
  });

  it('refuses, when built, a script that is not an array or a turn that is not a reply, a failure or a function', () => {
    const built = (turns: unknown) => () => new ScriptedModel(turns as never);

    expect(built('hello')).toThrow(/ScriptedModel script: expected an array of turns, but got the string "hello"/);
    expect(built([{ text: 'ok' }, 'hello'])).toThrow(/turn 2: expected \{ text \}, \{ toolCalls \}, \{ error \} or a function/);
    expect(built([{ text: 42 }])).toThrow(/turn 1: text must be a string, but got a number/);
    expect(built([{ toolCalls: { name: 'add' } }])).toThrow(/turn 1: toolCalls must be an array/);
    expect(built([{ toolCalls: [{ arguments: {} }] }])).toThrow(/turn 1: toolCalls\[0\]\.name must be a string, but got undefined/);
    expect(built([{ toolCalls: [{ name: 'add', arguments: 7 }] }])).toThrow(/toolCalls\[0\]\.arguments must be a JSON string or an object/);
    expect(InvalidScriptedTurnError.isInstance(catchError(built(null)))).toBe(true);
    expect(built([{ txt: 'hi' }])).toThrow(
      "turn 1: expected { text }, { toolCalls }, { error } or a function of the request returning one of them, but got an unknown key 'txt' (a reply takes text, output, toolCalls, usage, finishReason).",
    );
  });

  it('rejects the call with a clear error when a function turn returns something that is not a turn', async () => {
    const model = new ScriptedModel([() => undefined as never]);
    const error = await model.complete(request('q')).catch((reason: unknown) => reason);

    expect(InvalidScriptedTurnError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/ScriptedModel turn 1: expected .* but got undefined/);
  });

  it("repeats the last turn when the script runs out, with onExhausted: 'repeatLast'", async () => {
    const model = new ScriptedModel([{ text: 'first' }, { toolCalls: [{ name: 'add' }] }], { onExhausted: 'repeatLast' });
    await model.complete(request('a'));
    await model.complete(request('b'));
    const third = await model.complete(request('c'));

    expect(third.message.toolCalls).toEqual([{ id: 'call_2', name: 'add', arguments: '{}' }]);
    expect(model.remaining).toBe(0);
  });

  it('counts the turns not used yet', async () => {
    const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }]);
    await model.complete(request('a'));

    expect(model.remaining).toBe(1);
  });

  it("rejects with the signal's reason when the request's signal is already aborted", async () => {
    const model = new ScriptedModel([{ text: 'never' }]);
    const reason = new Error('stop');

    await expect(model.complete(request('a', { signal: AbortSignal.abort(reason) }))).rejects.toBe(reason);
  });

  it("rejects a pending function turn with the signal's reason when the signal aborts", async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([() => new Promise(() => undefined)]);
    const pending = model.complete(request('a', { signal: controller.signal }));
    controller.abort(new Error('cancelled'));

    await expect(pending).rejects.toThrow('cancelled');
  });
  it('reads a signal made when read (an agent request) only when a turn waits or a function turn reads it', async () => {
    let reads = 0;
    const controller = new AbortController();
    const lazy = (content: string): ChatRequest => {
      const sent = request(content);
      Object.defineProperty(sent, 'signal', {
        get: () => (reads++, controller.signal),
        enumerable: true,
        configurable: true,
      });
      return sent;
    };
    let given: (ChatRequest & { signal?: AbortSignal }) | undefined;
    const model = new ScriptedModel([
      { text: 'fixed' },
      (sent) => ({ text: `${sent.messages.length}` }),
      (sent) => ((given = sent), { text: 'read' }),
      () => new Promise(() => undefined),
    ]);

    expect((await model.complete(lazy('a'))).message.content).toBe('fixed');
    expect((await model.complete(lazy('b'))).message.content).toBe('1');
    expect(reads).toBe(0);
    await model.complete(lazy('c'));
    expect(Object.keys(given!)).toEqual(['messages', 'tools', 'signal']);
    expect(reads).toBe(0);
    expect(given!.signal).toBe(controller.signal);
    expect({ ...given }).toEqual({ messages: [{ role: 'user', content: 'c' }], tools, signal: controller.signal });
    // A plain object: its signal reads through a proxy or an object made from it, and it equals its plain copy strictly.
    expect(Object.getPrototypeOf(given)).toBe(Object.prototype);
    expect(new Proxy(given!, {}).signal).toBe(controller.signal);
    expect((Object.create(given!) as typeof given)!.signal).toBe(controller.signal);
    expect(given).toStrictEqual({ messages: [{ role: 'user', content: 'c' }], tools, signal: controller.signal });
    reads = 0;
    const pending = model.complete(lazy('d'));
    expect(reads).toBe(1);
    controller.abort(new Error('stopped'));
    await expect(pending).rejects.toThrow('stopped');
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
