import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type AgentEvent,
  type ChatModel,
  type ChatStreamEvent,
  InMemoryCheckpointStore,
  ModelCallError,
  ToolRegistry,
} from '../src/index.js';
import { call, PathTool } from './pausing/support.js';
import { collect, completeOnly, StepTool } from './support/streaming-tools.js';

const types = (events: AgentEvent[]) => events.map((event) => event.type);
const forCall = (events: AgentEvent[], callId: string) =>
  events.filter((event) => 'callId' in event && event.callId === callId).map((event) => event.type);
const deltas = (events: AgentEvent[]) => events.flatMap((event) => (event.type === 'text_delta' ? [event.delta] : [])).join('');

describe('agent.stream', () => {
  it('streams the answer in deltas that concatenate to the final text, then the message, then run_completed', async () => {
    const model = new ScriptedModel([{ text: 'The answer is forty-two.' }], { chunkSize: 5 });
    const agent = new Agent({ model, registry: ToolRegistry.of(), name: 'oracle' });
    const stream = agent.stream('Question?');
    const events = await collect(stream);
    const run = await stream.result;
    expect(deltas(events)).toBe('The answer is forty-two.');
    expect(events.filter((event) => event.type === 'text_delta').length).toBe(5);
    expect(types(events).slice(-2)).toEqual(['message', 'run_completed']);
    expect(events.every((event) => event.agentName === 'oracle' && event.runId === run.runId)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run_completed', stopReason: 'completed', result: run });
    expect(run.text).toBe('The answer is forty-two.');
  });

  it('gives each tool call started, progress and completed (with the result), in that order per call id', async () => {
    const model = new ScriptedModel([
      {
        text: 'Working on it.',
        toolCalls: [
          { id: 'slow', name: 'step', arguments: { steps: 3, label: 'slow' } },
          { id: 'fast', name: 'step', arguments: { steps: 1, label: 'fast' } },
        ],
      },
      { text: 'Both done.' },
    ]);
    const agent = new Agent({ model, registry: ToolRegistry.of(new StepTool()) });
    const stream = agent.stream('Go');
    const events = await collect(stream);
    const progress = (count: number) => Array.from({ length: count }, () => 'tool_progress');
    expect(forCall(events, 'slow')).toEqual(['tool_call_started', ...progress(4), 'tool_call_completed']);
    expect(forCall(events, 'fast')).toEqual(['tool_call_started', ...progress(2), 'tool_call_completed']);
    // Each call finishes as it happens: the fast call's result comes before the slow call's last step.
    const position = (predicate: (event: AgentEvent) => boolean) => events.findIndex(predicate);
    expect(position((e) => e.type === 'tool_call_completed' && e.callId === 'fast')).toBeLessThan(
      position((e) => e.type === 'tool_call_completed' && e.callId === 'slow'),
    );
    expect(events.find((e) => e.type === 'tool_progress' && e.callId === 'slow' && e.done === 1)).toMatchObject({
      toolName: 'step',
      done: 1,
      total: 3,
      message: 'slow 1/3',
    });
    expect(events.find((e) => e.type === 'tool_call_completed' && e.callId === 'fast')).toMatchObject({
      toolName: 'step',
      result: { id: 'fast', content: 'fast done', isError: false },
    });
    expect(events.find((e) => e.type === 'tool_call_started' && e.callId === 'slow')).toMatchObject({
      toolName: 'step',
      arguments: '{"steps":3,"label":"slow"}',
    });
    expect(types(events).filter((type) => type === 'message')).toHaveLength(2);
    expect(deltas(events)).toBe('Working on it.Both done.');
    expect((await stream.result).text).toBe('Both done.');
  });

  it('gives one tool_call_completed per call, turn after turn, whether the turn had one call or several', async () => {
    const step = (id: string) => ({ id, name: 'step', arguments: { steps: 1, label: id } });
    const model = new ScriptedModel([
      { toolCalls: [step('a1'), step('a2')] },
      { toolCalls: [step('b1')] },
      { toolCalls: [step('c1'), step('c2')] },
      { text: 'Done.' },
    ]);
    const events = await collect(new Agent({ model, registry: ToolRegistry.of(new StepTool()) }).stream('Go'));
    const completed = events.flatMap((event) => (event.type === 'tool_call_completed' ? [event.callId] : []));
    expect(completed.slice().sort()).toEqual(['a1', 'a2', 'b1', 'c1', 'c2']);
  });

  it('gives tool_call_completed for a call whose tool threw a value that cannot be inspected (a hostile Proxy)', async () => {
    const hostile = () =>
      new Proxy(
        {},
        {
          get() {
            throw new Error('proxy get');
          },
          getPrototypeOf() {
            throw new Error('proxy proto');
          },
        },
      );
    const thrower = new PathTool('t', undefined);
    thrower.execute = () => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the pathological throw under test
      throw hostile();
    };
    for (const checkpoints of [undefined, new InMemoryCheckpointStore()]) {
      const model = new ScriptedModel([{ toolCalls: [call('c1', 't', '/x'), call('c2', 't', '/y')] }, { text: 'Done.' }]);
      const stream = new Agent({ model, tools: [thrower] }).stream('go', checkpoints === undefined ? {} : { checkpoints });
      const events = await collect(stream);
      expect(forCall(events, 'c1')).toEqual(['tool_call_started', 'tool_call_completed']);
      expect(forCall(events, 'c2')).toEqual(['tool_call_started', 'tool_call_completed']);
      expect(events.find((e) => e.type === 'tool_call_completed' && e.callId === 'c1')).toMatchObject({ result: { isError: true } });
      expect((await stream.result).text).toBe('Done.');
    }
  });

  it('streams a model without stream() as whole messages: one delta with the whole text', async () => {
    const model = completeOnly(new ScriptedModel([{ text: 'Whole answer.' }]));
    const events = await collect(new Agent({ model, registry: ToolRegistry.of() }).stream('Hi'));
    expect(events.filter((event) => event.type === 'text_delta')).toEqual([expect.objectContaining({ delta: 'Whole answer.' })]);
    expect(types(events)).toEqual(['text_delta', 'message', 'run_completed']);
  });

  it('gives the same result as run', async () => {
    const script = () => new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'step', arguments: { steps: 1 } }] }, { text: 'ok' }]);
    const streamed = await new Agent({ model: script(), registry: ToolRegistry.of(new StepTool()) }).stream('x').result;
    const ran = await new Agent({ model: script(), registry: ToolRegistry.of(new StepTool()) }).run('x');
    const comparable = ({ runId: _r, durationMs: _d, state: _s, ...rest }: typeof ran) => rest;
    expect(comparable(streamed)).toEqual(comparable(ran));
  });

  it('cancels the run when the loop breaks: the tool is aborted and the run ends aborted', async () => {
    const tool = new StepTool('step', new Promise(() => undefined));
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'step', arguments: { steps: 1 } }] }, { text: 'never' }]);
    const stream = new Agent({ model, registry: ToolRegistry.of(tool) }).stream('Go');
    for await (const event of stream) if (event.type === 'tool_progress') break;
    const run = await stream.result;
    expect(run.stopReason).toBe('aborted');
    expect(tool.aborted).toBe(true);
    expect(model.requests).toHaveLength(1);
  });

  it('cancels a streaming model call when the loop breaks after the first delta', async () => {
    let closed = false;
    let signal: AbortSignal | undefined;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      async *stream(request): AsyncGenerator<ChatStreamEvent> {
        signal = request.signal;
        try {
          yield { type: 'text_delta', delta: 'first' };
          await new Promise((_resolve, reject) => {
            if (request.signal?.aborted) reject(new Error('aborted'));
            request.signal?.addEventListener('abort', () => reject(new Error('aborted')));
          });
        } finally {
          closed = true;
        }
      },
    };
    const stream = new Agent({ model, registry: ToolRegistry.of() }).stream('Go');
    for await (const event of stream) if (event.type === 'text_delta') break;
    expect((await stream.result).stopReason).toBe('aborted');
    expect(signal?.aborted).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });

  it("ends 'aborted' when the caller's signal aborts, and the loop ends after run_completed", async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'step', arguments: { steps: 1 } }] }]);
    const stream = new Agent({ model, registry: ToolRegistry.of(new StepTool('step', new Promise(() => undefined))) }).stream('Go', {
      signal: controller.signal,
    });
    const events: AgentEvent[] = [];
    for await (const event of stream) {
      events.push(event);
      if (event.type === 'tool_call_started') controller.abort();
    }
    expect(events.at(-1)).toMatchObject({ type: 'run_completed', stopReason: 'aborted' });
    expect(forCall(events, 'c1')).toEqual(['tool_call_started', 'tool_call_completed']);
  });

  it.each([
    ['a turn of calls alone', undefined],
    ['text streamed before the calls', 'Let me look that up for you.'],
  ])('runs no tool of a turn whose start the reader stops at, however many events came before it in the turn (%s)', async (_kind, text) => {
    const controller = new AbortController();
    const model = new ScriptedModel(
      [
        {
          ...(text === undefined ? {} : { text }),
          toolCalls: [
            { id: 'c1', name: 'first', arguments: { steps: 1 } },
            { id: 'c2', name: 'second', arguments: { steps: 1 } },
          ],
        },
      ],
      { chunkSize: 3 },
    );
    const first = new StepTool('first');
    const second = new StepTool('second');
    const stream = new Agent({ model, registry: ToolRegistry.of(first, second) }).stream('Go', { signal: controller.signal });
    const seen: string[] = [];
    for await (const event of stream) {
      seen.push(event.type);
      if (event.type === 'tool_call_started' && event.callId === 'c2') controller.abort();
    }
    expect(seen.slice(0, seen.indexOf('tool_call_started'))).toContain('message');
    expect(first.started + second.started).toBe(0);
    expect((await stream.result).stopReason).toBe('aborted');
  });

  it('gives a streamed answer whose reader waits for each delta every delta in order, the model read one step ahead of it', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    let asked = 0;
    const read: number[] = [];
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      async *stream(): AsyncGenerator<ChatStreamEvent> {
        for (const word of text.split(/(?<= )/)) {
          asked++;
          yield { type: 'text_delta', delta: word };
        }
        yield { type: 'response', response: { message: { role: 'assistant', content: text } } };
      },
    };
    const events: AgentEvent[] = [];
    for await (const event of new Agent({ model, registry: ToolRegistry.of() }).stream('Go')) {
      events.push(event);
      if (event.type === 'text_delta') read.push(asked);
    }
    expect(deltas(events)).toBe(text);
    expect(types(events).slice(-2)).toEqual(['message', 'run_completed']);
    // When the reader takes a delta, the model has been asked for at most the next one.
    read.forEach((count, index) => expect(count).toBeLessThanOrEqual(index + 2));
  });

  it('holds a fast model back while the reader is slow (backpressure: the buffer stays bounded)', async () => {
    let produced = 0;
    const text = 'x'.repeat(500);
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      async *stream(): AsyncGenerator<ChatStreamEvent> {
        for (const char of text) {
          produced++;
          yield { type: 'text_delta', delta: char };
        }
        yield { type: 'response', response: { message: { role: 'assistant', content: text } } };
      },
    };
    const stream = new Agent({ model, registry: ToolRegistry.of() }).stream('Go');
    let consumed = 0;
    let furthestAhead = 0;
    for await (const event of stream) {
      if (event.type !== 'text_delta') continue;
      consumed++;
      await new Promise((resolve) => setImmediate(resolve));
      furthestAhead = Math.max(furthestAhead, produced - consumed);
    }
    expect(consumed).toBe(500);
    expect(furthestAhead).toBeLessThanOrEqual(70);
  });

  it('tells the message after every delta when it must wait for room (a slow reader, a full buffer), then ends the run', async () => {
    const model = new ScriptedModel([{ text: 'z'.repeat(200) }, { text: 'z'.repeat(200) }], { chunkSize: 1 });
    const agent = new Agent({ model, registry: ToolRegistry.of() });
    const stream = agent.stream('Go');
    const events: AgentEvent[] = [];
    for await (const event of stream) {
      events.push(event);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(types(events).slice(-2)).toEqual(['message', 'run_completed']);
    expect(deltas(events)).toBe('z'.repeat(200));
    expect((await stream.result).text).toBe('z'.repeat(200));
  });

  it('never makes a run nobody reads wait: awaiting only result works, whatever the number of events', async () => {
    const model = new ScriptedModel([{ text: 'y'.repeat(400) }], { chunkSize: 1 });
    const run = await new Agent({ model, registry: ToolRegistry.of() }).stream('Go').result;
    expect(run.text).toHaveLength(400);
  });

  it("throws the run's error from the loop after the events before it, and result rejects with it", async () => {
    const failure = new ModelCallError('model down', { retryable: false });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'step', arguments: { steps: 1 } }] }, { error: failure }]);
    const stream = new Agent({ model, registry: ToolRegistry.of(new StepTool()) }).stream('Go');
    const events: AgentEvent[] = [];
    await expect(
      (async () => {
        for await (const event of stream) events.push(event);
      })(),
    ).rejects.toBe(failure);
    await expect(stream.result).rejects.toBe(failure);
    expect(types(events)).toContain('tool_call_completed');
  });

  it('reports no unhandled rejection for a failed run whose result nobody reads, and ends the loop before an awaited result goes on', async () => {
    const failure = new ModelCallError('model down', { retryable: false });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = new Agent({ model: new ScriptedModel([{ error: failure }]), registry: ToolRegistry.of() }).stream('Go');
      await expect(collect(failing)).rejects.toBe(failure);
      const unread = new Agent({ model: new ScriptedModel([{ error: failure }]), registry: ToolRegistry.of() }).stream('Go');
      void unread;
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);

    const stream = new Agent({ model: new ScriptedModel([{ text: 'Hello.' }]), registry: ToolRegistry.of() }).stream('Go');
    const iterator = stream[Symbol.asyncIterator]();
    const result = await stream.result;
    const events: AgentEvent[] = [];
    for (let step = await iterator.next(); step.done !== true; step = await iterator.next()) events.push(step.value);
    expect(types(events)).toEqual(['text_delta', 'text_delta', 'message', 'run_completed']);
    expect(deltas(events)).toBe('Hello.');
    expect(result.text).toBe('Hello.');
  });

  it('cuts short a stream step that never settles (a model ignoring its signal) when the loop breaks, and closes the stream', async () => {
    let closed = false;
    let steps = 0;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      stream: () => ({
        [Symbol.asyncIterator]() {
          return {
            next: () =>
              steps++ === 0
                ? Promise.resolve({ done: false, value: { type: 'text_delta', delta: 'first' } })
                : new Promise(() => undefined),
            return: () => {
              closed = true;
              return Promise.resolve({ done: true, value: undefined });
            },
          } as AsyncIterator<ChatStreamEvent>;
        },
      }),
    };
    const stream = new Agent({ model, registry: ToolRegistry.of() }).stream('Go');
    for await (const event of stream) if (event.type === 'text_delta') break;
    expect((await stream.result).stopReason).toBe('aborted');
    expect(steps).toBe(2);
    expect(closed).toBe(true);
  });

  it("never reports a stream's failed close as unhandled, when every close gives the same rejected promise or a fresh one", async () => {
    const shared = Promise.reject(new Error('shared close failed'));
    shared.catch(() => undefined);
    let fresh = false;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      stream: () => ({
        [Symbol.asyncIterator]() {
          return {
            next: () =>
              Promise.resolve({ done: false, value: { type: 'response', response: { message: { role: 'assistant', content: 'ok' } } } }),
            return: () => (fresh ? Promise.reject(new Error('fresh close failed')) : shared),
          } as AsyncIterator<ChatStreamEvent>;
        },
      }),
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const agent = new Agent({ model, registry: ToolRegistry.of() });
      for (const freshClose of [false, false, true, true]) {
        fresh = freshClose;
        const stream = agent.stream('Go');
        for await (const event of stream) void event;
        expect((await stream.result).text).toBe('ok');
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('retries a streaming call that failed before its text began, reading the new stream from its start', async () => {
    let attempts = 0;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      async *stream(): AsyncGenerator<ChatStreamEvent> {
        if (++attempts === 1) throw new ModelCallError('connection reset', { retryable: true });
        yield { type: 'text_delta', delta: 'Hel' };
        yield { type: 'text_delta', delta: 'lo.' };
        yield { type: 'response', response: { message: { role: 'assistant', content: 'Hello.' } } };
      },
    };
    const stream = new Agent({ model, registry: ToolRegistry.of(), retry: { baseDelayMs: 1 } }).stream('Go');
    const events = await collect(stream);
    expect(attempts).toBe(2);
    expect(types(events)).toEqual(['text_delta', 'text_delta', 'message', 'run_completed']);
    expect(deltas(events)).toBe('Hello.');
    expect((await stream.result).text).toBe('Hello.');
  });

  it('retries a streaming call whose stream() throws at once, and tells the reply of the retry', async () => {
    let attempts = 0;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      stream(): AsyncGenerator<ChatStreamEvent> {
        if (++attempts === 1) throw new ModelCallError('connection refused', { retryable: true });
        return (async function* () {
          yield { type: 'text_delta', delta: 'Hi.' } as ChatStreamEvent;
          yield { type: 'response', response: { message: { role: 'assistant', content: 'Hi.' } } } as ChatStreamEvent;
        })();
      },
    };
    const stream = new Agent({ model, registry: ToolRegistry.of(), retry: { baseDelayMs: 1 } }).stream('Go');
    const events = await collect(stream);
    expect(attempts).toBe(2);
    expect(types(events)).toEqual(['text_delta', 'message', 'run_completed']);
    expect((await stream.result).text).toBe('Hi.');
  });

  it("stops a streaming call that never ends at maxDurationMs, with the time limit's stop reason, and closes its stream", async () => {
    let closed = false;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      stream: () => ({
        [Symbol.asyncIterator]() {
          return {
            next: () => new Promise(() => undefined),
            return: () => {
              closed = true;
              return Promise.resolve({ done: true, value: undefined });
            },
          } as AsyncIterator<ChatStreamEvent>;
        },
      }),
    };
    const stream = new Agent({ model, registry: ToolRegistry.of(), maxDurationMs: 30 }).stream('Go');
    const events = await collect(stream);
    expect((await stream.result).stopReason).toBe('max_duration');
    expect(types(events)).toEqual(['run_completed']);
    expect(closed).toBe(true);
  });

  it('fails the run, without a retry, when the stream ends with a response that is not one', async () => {
    let attempts = 0;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      async *stream(): AsyncGenerator<ChatStreamEvent> {
        attempts++;
        yield { type: 'text_delta', delta: 'Hi' };
        yield { type: 'response', response: { message: 'not a message' } as never };
      },
    };
    const stream = new Agent({ model, registry: ToolRegistry.of(), retry: { baseDelayMs: 1 } }).stream('Go');
    const events: AgentEvent[] = [];
    await expect(
      (async () => {
        for await (const event of stream) events.push(event);
      })(),
    ).rejects.toBeInstanceOf(ModelCallError);
    await expect(stream.result).rejects.toMatchObject({ retryable: false });
    expect(attempts).toBe(1);
    expect(types(events)).toEqual(['text_delta']);
  });

  it('does not retry a streaming call that failed after its text began (the reader has seen it)', async () => {
    let attempts = 0;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      async *stream(): AsyncGenerator<ChatStreamEvent> {
        attempts++;
        yield { type: 'text_delta', delta: 'partial' };
        throw new ModelCallError('connection reset', { retryable: true });
      },
    };
    const stream = new Agent({ model, registry: ToolRegistry.of(), retry: { baseDelayMs: 1 } }).stream('Go');
    await expect(stream.result).rejects.toThrow(/failed after its text began/);
    expect(attempts).toBe(1);
  });

  it('streams a resumed run: given a RunState, it runs the approved calls and the rest of the run as events', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }, { text: 'done' }]),
      tools: [remove],
    });
    const run = await agent.run('x');
    run.state.approve('c1');
    const stream = agent.stream(run.state);
    const events = await collect(stream);
    expect(forCall(events, 'c1')).toEqual(['tool_call_started', 'tool_call_completed']);
    expect(types(events).slice(-2)).toEqual(['message', 'run_completed']);
    expect((await stream.result).text).toBe('done');
    expect(remove.ran).toEqual(['/a']);
  });

  it("answers reads asked for before the last was answered in order, and throws the run's error once, as an async generator", async () => {
    const model = new ScriptedModel([{ text: 'abcdefgh' }], { chunkSize: 2 });
    const events = new Agent({ model, registry: ToolRegistry.of() }).stream('Go')[Symbol.asyncIterator]();
    const delta = (read: IteratorResult<AgentEvent>) => (read.value as { delta: string }).delta;
    // The third read is asked for once the first is answered, the second still waiting: it comes after the second.
    let thirdRead: Promise<IteratorResult<AgentEvent>> | undefined;
    const firstRead = events.next();
    void firstRead.then(() => (thirdRead = events.next()));
    const secondRead = events.next();
    expect([delta(await firstRead), delta(await secondRead), delta(await thirdRead!)]).toEqual(['ab', 'cd', 'ef']);

    const failure = new ModelCallError('model down', { retryable: false });
    const failing = new Agent({ model: new ScriptedModel([{ error: failure }]), registry: ToolRegistry.of() }).stream('Go');
    const iterator = failing[Symbol.asyncIterator]();
    const [first, second] = await Promise.allSettled([iterator.next(), iterator.next()]);
    expect(first).toEqual({ status: 'rejected', reason: failure });
    expect(second).toEqual({ status: 'fulfilled', value: { done: true, value: undefined } });
    await expect(iterator.next()).resolves.toEqual({ done: true, value: undefined });
    await expect(failing.result).rejects.toBe(failure);
  });

  describe('a model stream whose steps have a `then` of their own', () => {
    /** A native promise of `step` whose own `then` calls back at once (a "synchronous" promise). */
    const callingBackAtOnce = (step: IteratorResult<ChatStreamEvent>): Promise<IteratorResult<ChatStreamEvent>> => {
      const promise = Promise.resolve(step);
      promise.then = function (
        this: Promise<IteratorResult<ChatStreamEvent>>,
        onValue?: ((value: IteratorResult<ChatStreamEvent>) => unknown) | null,
      ) {
        onValue?.(step);
        return this;
      } as never;
      return promise;
    };

    it('keeps the deltas in order, before the message, when later steps call back at once', async () => {
      let releaseFirst!: () => void;
      const firstStep = new Promise<void>((resolve) => (releaseFirst = resolve));
      const steps: ChatStreamEvent[] = [
        { type: 'text_delta', delta: 'Hello ' },
        { type: 'text_delta', delta: 'world' },
        { type: 'response', response: { message: { role: 'assistant', content: 'Hello world' } } },
      ];
      const model: ChatModel = {
        complete: () => Promise.reject(new Error('not used')),
        stream: () => {
          let index = 0;
          return {
            [Symbol.asyncIterator]() {
              return this;
            },
            next: () => {
              const step: IteratorResult<ChatStreamEvent> =
                index < steps.length ? { done: false, value: steps[index++]! } : { done: true, value: undefined };
              // The first step comes later (the reader waits for it by then), the others at once.
              return index === 1 ? firstStep.then(() => step) : callingBackAtOnce(step);
            },
            return: () => Promise.resolve({ done: true, value: undefined }),
          } as unknown as AsyncGenerator<ChatStreamEvent>;
        },
      };
      const stream = new Agent({ model, registry: ToolRegistry.of() }).stream('Go');
      const reading = collect(stream);
      await new Promise((resolve) => setImmediate(resolve));
      releaseFirst();
      const events = await reading;
      expect(events.map((event) => (event.type === 'text_delta' ? event.delta : event.type))).toEqual([
        'Hello ',
        'world',
        'message',
        'run_completed',
      ]);
    });

    it("fails the run when a step's `then` throws, and its late answer reaches no later run of a pooled loop", async () => {
      let answerLate!: () => void;
      const late = new Promise<void>((resolve) => (answerLate = resolve));
      const stale: ChatStreamEvent = {
        type: 'response',
        response: { message: { role: 'assistant', content: 'stale answer of the first run' } },
      };
      const hostile: ChatModel = {
        complete: () => Promise.reject(new Error('not used')),
        stream: () =>
          ({
            [Symbol.asyncIterator]() {
              return this;
            },
            next: () => {
              const step = late.then(() => ({ done: false, value: stale }));
              // Its handlers go to the native `then`, then it throws.
              step.then = function (this: Promise<unknown>, onValue?: unknown, onError?: unknown) {
                void Promise.prototype.then.call(this, onValue as never, onError as never);
                throw new Error('then threw');
              } as never;
              return step;
            },
            return: () => Promise.resolve({ done: true, value: undefined }),
          }) as unknown as AsyncGenerator<ChatStreamEvent>,
      };
      const first = new Agent({ model: hostile, registry: ToolRegistry.of() }).stream('Go');
      await expect(collect(first)).rejects.toThrow('then threw');
      await expect(first.result).rejects.toThrow('then threw');

      let answerSecond!: () => void;
      const second = new Agent({
        model: {
          complete: () =>
            new Promise(
              (resolve) => (answerSecond = () => resolve({ message: { role: 'assistant', content: "the second run's answer" } })),
            ),
        },
        registry: ToolRegistry.of(),
      }).run('Go');
      await new Promise((resolve) => setImmediate(resolve));
      answerLate();
      await new Promise((resolve) => setImmediate(resolve));
      answerSecond();
      expect((await second).text).toBe("the second run's answer");
    });
  });

  it('lets timers and an abort in while reading a model stream that never waits (it yields once a time slice has passed)', async () => {
    let given = 0;
    const model: ChatModel = {
      complete: () => Promise.reject(new Error('not used')),
      async *stream(): AsyncGenerator<ChatStreamEvent> {
        // 200,000 deltas at once, without ever waiting for I/O.
        for (; given < 200_000; given++) yield { type: 'text_delta', delta: 'x' };
        yield { type: 'response', response: { message: { role: 'assistant', content: 'x'.repeat(given) } } };
      },
    };
    const controller = new AbortController();
    const stream = new Agent({ model, registry: ToolRegistry.of() }).stream('Go', { signal: controller.signal });
    setImmediate(() => controller.abort());
    let deltas = 0;
    for await (const event of stream) if (event.type === 'text_delta') deltas++;
    expect((await stream.result).stopReason).toBe('aborted');
    expect(given).toBeLessThan(200_000);
    expect(deltas).toBeGreaterThan(0);
  });

  it('is iterated once; a second loop is refused with a clear error', async () => {
    const stream = new Agent({ model: new ScriptedModel([{ text: 'a' }]), registry: ToolRegistry.of() }).stream('x');
    await collect(stream);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/iterated only once/);
  });
});
