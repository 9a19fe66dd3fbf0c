import 'reflect-metadata';
import { IsInt, Min } from 'class-validator';
import { ScriptedModel } from '@toolcraft/testing';
import { ContextAwareTool, LLMDescription, Tool, ToolRegistry, type AgentContext, type Feature } from '../src/index';
import { Agent } from '../src/agent/agent';

class AddArgs {
  @LLMDescription('The first integer') @IsInt() a!: number;
  @LLMDescription('The second integer') @IsInt() b!: number;
}

class AddTool extends Tool<AddArgs, number> {
  readonly calls: AddArgs[] = [];
  constructor() {
    super({ argsType: AddArgs, name: 'add', description: 'Adds two integers.' });
  }
  execute(args: AddArgs): number {
    this.calls.push(args);
    return args.a + args.b;
  }
}

class WaitArgs {
  @LLMDescription('How long to wait, in ms') @IsInt() @Min(0) ms!: number;
}

/** Waits, unless the run's signal cancels it; calls `onStart` first. */
class WaitTool extends ContextAwareTool<WaitArgs, string> {
  onStart: () => void = () => undefined;
  constructor() {
    super({ argsType: WaitArgs, name: 'wait', description: 'Waits a while.' });
  }
  execute(args: WaitArgs, context: AgentContext): Promise<string> {
    this.onStart();
    return new Promise((resolve, reject) => {
      if (context.signal.aborted) return reject(new Error('wait cancelled'));
      const timer = setTimeout(() => resolve('waited'), args.ms);
      context.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('wait cancelled'));
      });
    });
  }
}

/** A plain tool (no context, so no signal) whose call never settles: only the run can stop waiting for it. */
class StuckTool extends Tool<AddArgs, number> {
  started = 0;
  constructor() {
    super({ argsType: AddArgs, name: 'stuck', description: 'Never answers.' });
  }
  execute(): Promise<number> {
    this.started++;
    return new Promise<number>(() => undefined);
  }
}

const addCall = { name: 'add', arguments: { a: 1, b: 1 } };
const hang = () => new Promise<never>(() => undefined);

describe('Agent stop reasons', () => {
  let add: AddTool;
  let wait: WaitTool;
  let registry: ToolRegistry;

  beforeEach(() => {
    add = new AddTool();
    wait = new WaitTool();
    registry = ToolRegistry.of(add, wait);
  });

  it("stops with 'max_iterations' after maxIterations model calls, with the last turn's calls answered", async () => {
    const model = new ScriptedModel([{ toolCalls: [addCall] }], { onExhausted: 'repeatLast' });
    const run = await new Agent({ model, registry, maxIterations: 3 }).run('Keep adding.');

    expect(run.stopReason).toBe('max_iterations');
    expect(model.requests).toHaveLength(3);
    expect(add.calls).toHaveLength(3);
    expect(run.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_3', content: '2' });
    expect(run.text).toBe('');
  });

  it("stops with 'max_tool_calls' without executing a turn whose calls would go over the limit", async () => {
    const model = new ScriptedModel([
      { toolCalls: [addCall, addCall] },
      { text: 'Two more.', toolCalls: [addCall, addCall] },
      { text: 'never sent' },
    ]);
    const run = await new Agent({ model, registry, maxToolCalls: 3 }).run('Add four times.');

    expect(run.stopReason).toBe('max_tool_calls');
    expect(add.calls).toHaveLength(2);
    expect(run.toolCalls.map((call) => call.id)).toEqual(['call_1', 'call_2']);
    expect(run.messages.at(-3)).toMatchObject({ role: 'assistant', toolCalls: [{ id: 'call_3' }, { id: 'call_4' }] });
    // The skipped calls are answered, so run.messages stays valid as the next run's history.
    expect(run.messages.slice(-2)).toEqual(
      ['call_3', 'call_4'].map((id) => ({
        role: 'tool',
        toolCallId: id,
        name: 'add',
        content: 'Error: not executed: the run reached its limit of 3 tool calls.',
        isError: true,
      })),
    );
    expect(run.text).toBe('Two more.');
    expect(model.requests).toHaveLength(2);
  });

  it('executes a turn that reaches maxToolCalls exactly', async () => {
    const model = new ScriptedModel([{ toolCalls: [addCall, addCall] }, { text: 'Done.' }]);
    const run = await new Agent({ model, registry, maxToolCalls: 2 }).run('Add twice.');

    expect(run.stopReason).toBe('completed');
    expect(add.calls).toHaveLength(2);
  });

  it("stops with 'max_duration' when a model call is still running at maxDurationMs", async () => {
    const model = new ScriptedModel([hang]);
    const run = await new Agent({ model, registry, maxDurationMs: 30 }).run('Hi');

    expect(run.stopReason).toBe('max_duration');
    expect(run.messages).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(run.durationMs).toBeLessThan(1_000);
  });

  it("stops with 'max_duration' and cancels a tool call still running at maxDurationMs, keeping its error answer", async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'wait', arguments: { ms: 5_000 } }] }, { text: 'never sent' }]);
    const run = await new Agent({ model, registry, maxDurationMs: 30 }).run('Wait.');

    expect(run.stopReason).toBe('max_duration');
    expect(model.requests).toHaveLength(1);
    expect(run.messages.at(-1)).toMatchObject({ role: 'tool', toolCallId: 'call_1', isError: true });
  });

  it("stops with 'aborted' before any model call when the signal is already aborted", async () => {
    const model = new ScriptedModel([{ text: 'never sent' }]);
    const run = await new Agent({ model, registry }).run('Hi', { signal: AbortSignal.abort() });

    expect(run.stopReason).toBe('aborted');
    expect(model.requests).toHaveLength(0);
    expect(run.messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it("stops with 'aborted', not an error, when the signal aborts during a model call", async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      { toolCalls: [addCall] },
      () => {
        controller.abort();
        return hang();
      },
    ]);
    const run = await new Agent({ model, registry }).run('1 + 1?', { signal: controller.signal });

    expect(run.stopReason).toBe('aborted');
    expect(add.calls).toHaveLength(1);
    expect(model.requests).toHaveLength(2);
    expect(run.messages.at(-1)).toMatchObject({ role: 'tool', content: '2' });
  });

  it("stops with 'aborted' after the tool calls during which the signal aborted, with their answers kept", async () => {
    const controller = new AbortController();
    wait.onStart = () => controller.abort();
    const model = new ScriptedModel([{ toolCalls: [{ name: 'wait', arguments: { ms: 5_000 } }, addCall] }, { text: 'never sent' }]);
    const run = await new Agent({ model, registry }).run('Wait and add.', { signal: controller.signal });

    expect(run.stopReason).toBe('aborted');
    expect(model.requests).toHaveLength(1);
    expect(run.toolCalls.map((call) => call.name)).toEqual(['wait', 'add']);
    expect(run.toolCalls[0]!.result).toMatchObject({ isError: true });
    expect(run.messages.at(-1)).toMatchObject({ role: 'tool', name: 'add' });
  });

  describe('with a model and tools that settle without a timer tick', () => {
    afterEach(() => jest.useRealTimers());

    it("stops with 'max_duration' once maxDurationMs has passed, though the time-limit timer never got its turn", async () => {
      // Timers are frozen: only the clock moves, 50 ms per model call, as a fast model's calls would.
      jest.useFakeTimers({ doNotFake: ['setImmediate'] });
      const model = new ScriptedModel(
        [
          () => {
            jest.setSystemTime(Date.now() + 50);
            return { toolCalls: [addCall] };
          },
        ],
        { onExhausted: 'repeatLast' },
      );
      const run = await new Agent({ model, registry, maxIterations: 500, maxDurationMs: 200 }).run('Keep adding.');

      expect(run.stopReason).toBe('max_duration');
      expect(model.requests).toHaveLength(4);
    });

    it("stops with 'aborted' when the caller's abort comes from a timer while every call settles in microtasks", async () => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 0);
      const model = new ScriptedModel([{ toolCalls: [addCall] }], { onExhausted: 'repeatLast' });
      const run = await new Agent({ model, registry, maxIterations: 500, maxToolCalls: Infinity }).run('Keep adding.', {
        signal: controller.signal,
      });

      expect(run.stopReason).toBe('aborted');
      expect(model.requests.length).toBeLessThan(500);
    });
  });

  describe('with a plain tool (it sees no signal, no features) whose call never settles', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it("stops with 'aborted' when the caller aborts, the stuck call answered with its cancellation", async () => {
      const stuck = new StuckTool();
      const controller = new AbortController();
      const model = new ScriptedModel([{ toolCalls: [{ name: 'stuck', arguments: { a: 1, b: 2 } }] }, { text: 'never sent' }]);
      const pending = new Agent({ model, registry: ToolRegistry.of(stuck) }).run('1 + 2?', { signal: controller.signal });
      await jest.advanceTimersByTimeAsync(10);
      expect(stuck.started).toBe(1);
      controller.abort(new Error('user left'));
      const run = await pending;

      expect(run.stopReason).toBe('aborted');
      expect(model.requests).toHaveLength(1);
      expect(run.messages.at(-1)).toMatchObject({ role: 'tool', isError: true, content: expect.stringContaining('was cancelled') });
      expect(run.toolCalls[0]!.result.error).toMatchObject({ name: 'ToolCancelledError' });
    });

    it("stops with 'max_duration' at maxDurationMs, the stuck call answered with its cancellation", async () => {
      const stuck = new StuckTool();
      const model = new ScriptedModel([{ toolCalls: [{ name: 'stuck', arguments: { a: 1, b: 2 } }] }, { text: 'never sent' }]);
      const pending = new Agent({ model, registry: ToolRegistry.of(stuck), maxDurationMs: 1_000 }).run('1 + 2?');
      await jest.advanceTimersByTimeAsync(1_000);
      const run = await pending;

      expect(run.stopReason).toBe('max_duration');
      expect(run.messages.at(-1)).toMatchObject({ role: 'tool', isError: true, content: expect.stringContaining('was cancelled') });
    });
  });

  describe('with features whose interceptors never settle', () => {
    const hanging: Feature = {
      name: 'hanging',
      install: (pipeline) => {
        pipeline.onToolCallStarting(hanging, hang);
        pipeline.onToolCallCompleted(hanging, hang);
      },
    };
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it("stops with 'max_duration' at maxDurationMs, the hanging call answered with its cancellation", async () => {
      const model = new ScriptedModel([{ toolCalls: [addCall] }, { text: 'never sent' }]);
      const pending = new Agent({ model, registry, features: [hanging], maxDurationMs: 1_000, onFeatureError: () => undefined }).run(
        '1 + 1?',
      );
      await jest.advanceTimersByTimeAsync(1_000);
      const run = await pending;

      expect(run.stopReason).toBe('max_duration');
      expect(add.calls).toHaveLength(0);
      expect(run.messages.at(-1)).toMatchObject({ role: 'tool', isError: true, content: expect.stringContaining('was cancelled') });
    });

    it("stops with 'aborted' when the caller aborts while an interceptor hangs", async () => {
      const controller = new AbortController();
      const model = new ScriptedModel([{ toolCalls: [addCall] }, { text: 'never sent' }]);
      const pending = new Agent({ model, registry, features: [hanging], onFeatureError: () => undefined }).run('1 + 1?', {
        signal: controller.signal,
      });
      await jest.advanceTimersByTimeAsync(10);
      controller.abort();
      const run = await pending;

      expect(run.stopReason).toBe('aborted');
      expect(model.requests).toHaveLength(1);
    });
  });
});
