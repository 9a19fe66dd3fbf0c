import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  InvalidMemoryOptionsError,
  SimpleTool,
  SlidingWindowMemory,
  SummarizingMemory,
  ToolRegistry,
  type ChatMessage,
  type RunResult,
} from '@toolcraft/core';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const assistant = (content: string): ChatMessage => ({ role: 'assistant', content });
const history = (turns: number): ChatMessage[] =>
  Array.from({ length: turns }, (_, index) => [user(`q${index}`), assistant(`a${index}`)]).flat();
const calling = (...ids: string[]): ChatMessage => ({
  role: 'assistant',
  content: null,
  toolCalls: ids.map((id) => ({ id, name: 'echo', arguments: '{}' })),
});
const result = (id: string): ChatMessage => ({ role: 'tool', toolCallId: id, name: 'echo', content: `r${id}` });
const signal = new AbortController().signal;
const context = { signal, remainingMs: Number.POSITIVE_INFINITY };

class EchoTool extends SimpleTool<Record<string, never>> {
  constructor() {
    super({ name: 'echo', description: 'Echoes.', argsType: { type: 'object', properties: {} } });
  }
  execute(): string {
    return 'echo';
  }
}

/** No tool message may be sent without the assistant message that called it just before its group. */
function expectCallsAnswered(messages: readonly ChatMessage[]): void {
  const called = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) called.add(call.id);
    if (message.role === 'tool') expect(called.has(message.toolCallId)).toBe(true);
  }
  const last = messages.at(-1);
  if (last?.role === 'assistant') expect(last.toolCalls ?? []).toEqual([]);
}

describe('SlidingWindowMemory', () => {
  it('sends the system message and the last maxMessages messages; the transcript keeps everything', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const agent = new Agent({
      model,
      registry: ToolRegistry.EMPTY,
      instructions: 'Be brief.',
      memory: new SlidingWindowMemory({ maxMessages: 3 }),
    });
    const run = await agent.run('latest', { history: history(4) });
    expect(model.requests[0]!.messages).toEqual([{ role: 'system', content: 'Be brief.' }, user('q3'), assistant('a3'), user('latest')]);
    expect(run.messages).toHaveLength(1 + 8 + 1 + 1);
    expect(run.memory).toEqual({ usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, failures: [] });
  });

  it('never starts with a tool result whose call it left out', () => {
    const memory = new SlidingWindowMemory({ maxMessages: 3 });
    const transcript = [
      { role: 'system', content: 's' } as ChatMessage,
      user('q'),
      calling('1', '2'),
      result('1'),
      result('2'),
      assistant('done'),
      user('next'),
    ];
    const window = memory.select(transcript).messages;
    expect(window).toEqual([{ role: 'system', content: 's' }, assistant('done'), user('next')]);
    // When only the latest results would remain, the window reaches back to their call.
    const latest = [user('q'), assistant('a'), calling('1', '2', '3'), result('1'), result('2'), result('3')];
    expect(memory.select(latest).messages).toEqual(latest.slice(2));
    for (let max = 1; max <= 7; max++) expectCallsAnswered(new SlidingWindowMemory({ maxMessages: max }).select(transcript).messages);
  });

  it('round-trips through JSON and refuses impossible options', () => {
    const restored = SlidingWindowMemory.fromJSON(JSON.parse(JSON.stringify(new SlidingWindowMemory({ maxMessages: 7 }))));
    expect(restored.maxMessages).toBe(7);
    expect(() => new SlidingWindowMemory({ maxMessages: 0 })).toThrow(InvalidMemoryOptionsError);
    expect(() => new SlidingWindowMemory({ maxMessages: 0 })).toThrow(
      "SlidingWindowMemory option 'maxMessages' must be a whole number of at least 1, but was 0.",
    );
    expect(() => SlidingWindowMemory.fromJSON({ type: 'summarizing' })).toThrow(/'type' must be 'sliding-window'/);
  });
});

describe('SummarizingMemory', () => {
  const usage = { inputTokens: 50, outputTokens: 10, totalTokens: 60 };

  it('summarizes all but the last keepRecent messages once more than threshold would be sent, and reports the summarizer’s usage apart', async () => {
    const summarizer = new ScriptedModel([{ text: 'Ada asked q0..q2.', usage }]);
    const model = new ScriptedModel([{ text: 'ok', usage: { inputTokens: 5, outputTokens: 1, totalTokens: 6 } }]);
    const memory = new SummarizingMemory({ model: summarizer, threshold: 6, keepRecent: 3 });
    const run = await new Agent({ model, registry: ToolRegistry.EMPTY, instructions: 'Be brief.', memory }).run('latest', {
      history: history(3),
    });

    expect(summarizer.requests[0]!.messages[1]!.content).toBe(
      'Conversation to summarize:\nuser: q0\nassistant: a0\nuser: q1\nassistant: a1',
    );
    expect(model.requests[0]!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'Summary of the earlier conversation:\nAda asked q0..q2.' },
      user('q2'),
      assistant('a2'),
      user('latest'),
    ]);
    expect(run.memory).toEqual({ usage, failures: [] });
    expect(run.usage).toEqual({ inputTokens: 5, outputTokens: 1, totalTokens: 6 });
    expect(run.messages).toHaveLength(9);
  });

  it('accumulates summaries: later it summarizes only the newly old messages, given the summary so far', async () => {
    const summarizer = new ScriptedModel([{ text: 'first' }, { text: 'second' }]);
    const memory = new SummarizingMemory({ model: summarizer, threshold: 4, keepRecent: 2 });
    const first = memory.select(history(3), context);
    await expect(first).resolves.toMatchObject({
      messages: [{ role: 'system', content: 'Summary of the earlier conversation:\nfirst' }, user('q2'), assistant('a2')],
    });
    const second = await memory.select(history(5), context);
    expect(summarizer.requests[1]!.messages[1]!.content).toBe(
      'Summary so far:\nfirst\n\nConversation to summarize:\nuser: q2\nassistant: a2\nuser: q3\nassistant: a3',
    );
    expect(second.messages).toEqual([
      { role: 'system', content: 'Summary of the earlier conversation:\nfirst\n\nsecond' },
      user('q4'),
      assistant('a4'),
    ]);
  });

  it('round-trips through JSON with its summaries (the model given again), and starts afresh on another conversation', async () => {
    const summarizer = new ScriptedModel([{ text: 'first' }, { text: 'other' }]);
    const memory = new SummarizingMemory({ model: summarizer, threshold: 4, keepRecent: 2 });
    await memory.select(history(3), context);
    const restored = SummarizingMemory.fromJSON(JSON.parse(JSON.stringify(memory)), summarizer);
    expect(restored.toJSON()).toEqual(memory.toJSON());
    const window = await restored.select([...history(3), user('q3')], context);
    expect(summarizer.requests).toHaveLength(1);
    expect(window.messages[0]).toEqual({ role: 'system', content: 'Summary of the earlier conversation:\nfirst' });
    const other = await restored.select([user('x0'), assistant('y0'), user('x1'), assistant('y1'), user('x2')], context);
    expect(other.messages[0]).toEqual({ role: 'system', content: 'Summary of the earlier conversation:\nother' });
    expect(() => SummarizingMemory.fromJSON({ type: 'summarizing', threshold: 4, keepRecent: 2, summaries: 'x' }, summarizer)).toThrow(
      /'summaries' must be a list of strings/,
    );
  });

  it('never parts a tool result from its call when choosing what to keep: the kept part starts past the results or back at their call', async () => {
    const summarizer = new ScriptedModel([{ text: 'summary' }], { onExhausted: 'repeatLast' });
    const transcript = [user('q'), calling('1', '2'), result('1'), result('2'), assistant('done'), user('next'), calling('3'), result('3')];
    const summary: ChatMessage = { role: 'system', content: 'Summary of the earlier conversation:\nsummary' };
    // For keepRecent 0..6, where the kept part starts: a start on a tool result moves past the results, or
    // back to their call when nothing follows them.
    const starts = [8, 6, 6, 5, 4, 4, 4];
    for (let keepRecent = 0; keepRecent < 7; keepRecent++) {
      const memory = new SummarizingMemory({ model: summarizer, threshold: 7, keepRecent });
      const window = await memory.select(transcript, context);
      expect(window.messages).toEqual([summary, ...transcript.slice(starts[keepRecent])]);
      expectCallsAnswered(window.messages.slice(1));
      expect(memory.toJSON().covered).toBe(starts[keepRecent]);
    }
  });

  it('does not ask the summarizer again when nothing new can be summarized (the kept part starts at a call whose results follow)', async () => {
    const summarizer = new ScriptedModel([{ text: 'summary' }], { onExhausted: 'repeatLast' });
    const memory = new SummarizingMemory({ model: summarizer, threshold: 3, keepRecent: 1 });
    const transcript = [user('q0'), assistant('a0'), calling('1', '2'), result('1'), result('2')];
    const first = await memory.select(transcript, context);
    expect(first.messages.slice(1)).toEqual(transcript.slice(2));
    const second = await memory.select(transcript, context);
    expect(second.messages).toEqual(first.messages);
    expect(summarizer.requests).toHaveLength(1);
  });

  it('treats a summary with no text as a failure: the unsummarized window, the failure reported', async () => {
    const memory = new SummarizingMemory({ model: new ScriptedModel([{ text: '  ' }]), threshold: 3, keepRecent: 1 });
    const window = await memory.select(history(2), context);
    expect(window.messages).toEqual(history(2));
    expect(String(window.failure)).toContain('the summarizer model answered with no text');
  });

  it('rejects with the signal’s reason when aborted while summarizing, rather than reporting a failure', async () => {
    const memory = new SummarizingMemory({ model: new ScriptedModel([() => new Promise(() => undefined)]), threshold: 3, keepRecent: 1 });
    const controller = new AbortController();
    const selecting = memory.select(history(2), { signal: controller.signal, remainingMs: Number.POSITIVE_INFINITY });
    controller.abort(new Error('user left'));
    await expect(selecting).rejects.toThrow('user left');
  });

  it('goes on with the unsummarized window when the summarizer fails, reporting the failure', async () => {
    const failure = new Error('summarizer down');
    const summarizer = new ScriptedModel([{ error: failure }]);
    const model = new ScriptedModel([{ text: 'ok' }]);
    const memory = new SummarizingMemory({ model: summarizer, threshold: 3, keepRecent: 1 });
    const run = await new Agent({ model, registry: ToolRegistry.EMPTY, memory }).run('latest', { history: history(2) });
    expect(run.text).toBe('ok');
    expect(model.requests[0]!.messages).toEqual([...history(2), user('latest')]);
    expect(run.memory?.failures).toEqual([failure]);
  });

  it('bounds the summarizer call by the run’s time limit and signal', async () => {
    const hanging = new ScriptedModel([() => new Promise(() => undefined)], { onExhausted: 'repeatLast' });
    const model = new ScriptedModel([{ text: 'never' }]);
    const memory = new SummarizingMemory({ model: hanging, threshold: 3, keepRecent: 1 });
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const timing = new Agent({ model, registry: ToolRegistry.EMPTY, memory, maxDurationMs: 30 }).run('x', { history: history(2) });
      await jest.advanceTimersByTimeAsync(30);
      const timed: RunResult = await timing;
      expect(timed.stopReason).toBe('max_duration');
    } finally {
      jest.useRealTimers();
    }
    const controller = new AbortController();
    const aborted = new Agent({ model, registry: ToolRegistry.EMPTY, memory }).run('x', { history: history(2), signal: controller.signal });
    controller.abort();
    await expect(aborted).resolves.toMatchObject({ stopReason: 'aborted' });
    expect(model.requests).toHaveLength(0);
  });

  it('summarizes in the middle of a run with tool calls and keeps the calls answered', async () => {
    const summarizer = new ScriptedModel([{ text: 'summary' }], { onExhausted: 'repeatLast' });
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'echo' }, { name: 'echo' }] },
      { toolCalls: [{ name: 'echo' }] },
      { text: 'done' },
    ]);
    const memory = new SummarizingMemory({ model: summarizer, threshold: 4, keepRecent: 2 });
    const run = await new Agent({ model, registry: ToolRegistry.of(new EchoTool()), instructions: 'sys', memory }).run('go', {
      history: history(1),
    });
    expect(run.text).toBe('done');
    for (const request of model.requests) {
      expect(request.messages[0]).toEqual({ role: 'system', content: 'sys' });
      expectCallsAnswered(request.messages.filter((message) => message.role !== 'system'));
    }
    expect(summarizer.requests.length).toBeGreaterThan(0);
  });

  it('refuses impossible options', () => {
    const model = new ScriptedModel([]);
    expect(() => new SummarizingMemory({ model, threshold: 4, keepRecent: 4 })).toThrow(
      "SummarizingMemory option 'keepRecent' must be below threshold (4), but was 4.",
    );
    expect(() => new SummarizingMemory({ model, threshold: 1, keepRecent: 0 })).toThrow(/'threshold' must be a whole number of at least 2/);
    expect(() => new SummarizingMemory({ model: {} as never, threshold: 4, keepRecent: 1 })).toThrow(/'model' must be a ChatModel/);
  });
});
