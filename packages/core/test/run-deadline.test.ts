import 'reflect-metadata';
import { IsInt } from 'class-validator';
import {
  LLMDescription,
  Tool,
  ToolRegistry,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamEvent,
} from '../src/index';
import { Agent } from '../src/agent/agent';
import { RunDeadline } from '../src/agent/run-deadline';
import { untilAborted } from '../src/environment/bounded-await';
import { retainedBy } from './support/signal-retention';

class AddArgs {
  @LLMDescription('The first integer') @IsInt() a!: number;
  @LLMDescription('The second integer') @IsInt() b!: number;
}

class AddTool extends Tool<AddArgs, number> {
  constructor() {
    super({ argsType: AddArgs, name: 'add', description: 'Adds two integers.' });
  }
  execute(args: AddArgs): number {
    return args.a + args.b;
  }
}

/** A model that never looks at its request's signal: it answers from a list, then (when `hang`) never settles. */
class SignalBlindModel implements ChatModel {
  readonly requests: ChatRequest[] = [];
  constructor(
    private readonly replies: ChatResponse[],
    private readonly hang = false,
  ) {}
  complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const reply = this.replies[this.requests.length - 1];
    if (reply === undefined) return this.hang ? new Promise<ChatResponse>(() => undefined) : Promise.reject(new Error('no reply'));
    return Promise.resolve(reply);
  }
}

/** The same, streaming: a turn's text as one delta, then its response (waits as `complete` does). */
class SignalBlindStreamingModel extends SignalBlindModel {
  async *stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent> {
    const response = await this.complete(request);
    const text = response.message.content;
    if (typeof text === 'string' && text !== '') yield { type: 'text_delta', delta: text };
    yield { type: 'response', response };
  }
}

const addCall: ChatResponse = {
  message: { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":3,"b":4}' }] },
};
const answer: ChatResponse = { message: { role: 'assistant', content: '3 + 4 = 7.' } };

/** Counts the `AbortController`s made while `body` runs. */
async function controllersMadeBy<T>(body: () => Promise<T>): Promise<{ made: number; result: T }> {
  const Original = globalThis.AbortController;
  let made = 0;
  globalThis.AbortController = class extends Original {
    constructor() {
      super();
      made++;
    }
  };
  try {
    const result = await body();
    return { made, result };
  } finally {
    globalThis.AbortController = Original;
  }
}

describe('RunDeadline: the run signal is made only when read', () => {
  it('makes no AbortController for a run whose model, tools and hooks never read its signal', async () => {
    const model = new SignalBlindModel([addCall, answer]);
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
    const { made, result } = await controllersMadeBy(() => agent.run('What is 3 + 4?'));

    expect(result.stopReason).toBe('completed');
    expect(result.text).toBe('3 + 4 = 7.');
    expect(made).toBe(0);
    // A late reader still gets the run's signal (not aborted: the run completed).
    expect(model.requests[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(model.requests[0]!.signal).toBe(model.requests[1]!.signal);
    expect(model.requests[0]!.signal!.aborted).toBe(false);
  });

  it("stops at maxDurationMs when nobody read the signal; a late reader sees it aborted with the time limit's reason", async () => {
    const model = new SignalBlindModel([], true);
    const run = await new Agent({ model, registry: ToolRegistry.of(new AddTool()), maxDurationMs: 30 }).run('Hi');

    expect(run.stopReason).toBe('max_duration');
    expect(model.requests).toHaveLength(1);
    const { signal } = model.requests[0]!;
    expect(signal!.aborted).toBe(true);
    expect(signal!.reason).toMatchObject({ name: 'RunDurationExceeded' });
  });

  it("stops when the caller's signal aborts a run whose signal nobody read, and leaves no listener on the caller's signal", async () => {
    const model = new SignalBlindModel([], true);
    const caller = new AbortController();
    const reason = new Error('stop now');
    const running = new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).run('Hi', { signal: caller.signal });
    while (model.requests.length === 0) await Promise.resolve();
    expect(retainedBy(caller.signal)).toBe(1);
    caller.abort(reason);
    const run = await running;

    expect(run.stopReason).toBe('aborted');
    expect(model.requests[0]!.signal!.aborted).toBe(true);
    expect(model.requests[0]!.signal!.reason).toBe(reason);
    expect(retainedBy(caller.signal)).toBe(0);
  });

  it('a copy of the request (a spread) carries the signal; writing the signal replaces it', async () => {
    const model = new SignalBlindModel([answer]);
    await new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).run('Hi');
    const request = model.requests[0]!;

    expect({ ...request }.signal).toBe(request.signal);
    expect(Object.keys(request)).toContain('signal');
    const other = new AbortController().signal;
    request.signal = other;
    expect(request.signal).toBe(other);
  });
});

describe('a streamed run: its signal too is made only when read', () => {
  it('makes no AbortController for a streamed run whose model, tools and reader never read its signal', async () => {
    const model = new SignalBlindStreamingModel([addCall, answer]);
    const agent = new Agent({ model, registry: ToolRegistry.of(new AddTool()) });
    const { made, result } = await controllersMadeBy(async () => {
      const stream = agent.stream('What is 3 + 4?');
      const types: string[] = [];
      for await (const event of stream) types.push(event.type);
      return { types, run: await stream.result };
    });

    expect(made).toBe(0);
    expect(result.run.stopReason).toBe('completed');
    expect(result.types).toEqual(expect.arrayContaining(['tool_call_started', 'tool_call_completed', 'text_delta', 'run_completed']));
    expect(model.requests[0]!.signal!.aborted).toBe(false);
  });

  it('a reader that stops early cancels the run, and a late reader of its signal sees why', async () => {
    const model = new SignalBlindStreamingModel([addCall], true);
    const stream = new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).stream('What is 3 + 4?');
    for await (const event of stream) if (event.type === 'tool_call_completed') break;
    const run = await stream.result;

    expect(run.stopReason).toBe('aborted');
    const { signal } = model.requests.at(-1)!;
    expect(signal!.aborted).toBe(true);
    expect((signal!.reason as Error).message).toMatch(/stream was closed before the run ended/);
  });

  it("stops when the caller's signal aborts a streamed run whose signal nobody read, and leaves no listener on it", async () => {
    const model = new SignalBlindStreamingModel([], true);
    const caller = new AbortController();
    const reason = new Error('stop now');
    const stream = new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).stream('Hi', { signal: caller.signal });
    while (model.requests.length === 0) await Promise.resolve();
    expect(retainedBy(caller.signal)).toBe(1);
    caller.abort(reason);
    const run = await stream.result;

    expect(run.stopReason).toBe('aborted');
    expect(model.requests[0]!.signal!.reason).toBe(reason);
    expect(retainedBy(caller.signal)).toBe(0);
  });
});

describe('RunDeadline', () => {
  it('aborted before its signal is read: the signal, read later, is aborted with the same reason', () => {
    const caller = new AbortController();
    const deadline = new RunDeadline(Number.POSITIVE_INFINITY, caller.signal);
    const reason = new Error('cancelled');
    caller.abort(reason);

    expect(deadline.aborted).toBe(true);
    expect(deadline.reason).toBe(reason);
    expect(deadline.stopReason).toBe('aborted');
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(reason);
    deadline.dispose();
    expect(retainedBy(caller.signal)).toBe(0);
  });

  it('a wait on the deadline and a listener on its signal read before the abort are both told, the listener first', async () => {
    const caller = new AbortController();
    const deadline = new RunDeadline(Number.POSITIVE_INFINITY, caller.signal);
    const told: string[] = [];
    const waiting = untilAborted(new Promise<never>(() => undefined), deadline).catch((error: unknown) => {
      told.push('wait');
      return error;
    });
    const { signal } = deadline;
    signal.addEventListener('abort', () => told.push('listener'));
    const reason = new Error('cancelled');
    caller.abort(reason);

    await expect(waiting).resolves.toBe(reason);
    expect(told).toEqual(['listener', 'wait']);
    // A wait on the signal itself shares the deadline's watchers, and rejects at once now.
    await expect(untilAborted(Promise.resolve(1), signal)).rejects.toBe(reason);
    deadline.dispose();
  });

  it('expireIfDue aborts with the time-limit reason, and the signal read afterwards tells max_duration', () => {
    const deadline = new RunDeadline(0);
    expect(deadline.expireIfDue()).toBe(true);
    expect(deadline.stopReason).toBe('max_duration');
    expect(deadline.signal.reason).toBe(deadline.reason);
    expect((deadline.reason as Error).name).toBe('RunDurationExceeded');
    deadline.dispose();
  });
});
