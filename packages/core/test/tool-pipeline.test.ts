import 'reflect-metadata';
import {
  AgentEnvironment,
  type Feature,
  type FeatureErrorReport,
  ToolBase,
  type ToolCallMetadata,
  ToolCancelledError,
  type ToolPipeline,
  ToolRegistry,
  ToolTimeoutError,
} from '../src/index.js';
import { AddTool, DigitsArgs } from './support/calculator.js';

const feature = (name: string, install: (pipeline: ToolPipeline, self: Feature) => void): Feature => {
  const self: Feature = { name, install: (pipeline) => install(pipeline, self) };
  return self;
};
const never = () => new Promise<never>(() => undefined);
const add = (id = 'c') => ({ id, name: 'calculator', arguments: '{"digit1":1,"digit2":2}' });
const invalid = (id = 'c') => ({ id, name: 'calculator', arguments: '{"digit1":11,"digit2":2}' });

class SpanTool extends ToolBase<DigitsArgs, unknown> {
  constructor() {
    super({ argsType: DigitsArgs, name: 'span', description: 'Reads the span.' });
  }
  execute(_args: DigitsArgs, metadata: ToolCallMetadata): unknown {
    return { span: metadata.get('trace.span.id') ?? null, user: metadata.get('user') ?? null };
  }
}

function environment(features: Feature[], options: Partial<ConstructorParameters<typeof AgentEnvironment>[0]> = {}) {
  const reports: FeatureErrorReport[] = [];
  const env = new AgentEnvironment({
    registry: ToolRegistry.of(new AddTool(), new SpanTool()),
    features,
    onFeatureError: (report) => void reports.push(report),
    ...options,
  });
  return { env, reports };
}

/** Runs a call to its end, advancing fake time by `ms`. */
async function settle<T>(pending: Promise<T>, ms: number): Promise<T> {
  await jest.advanceTimersByTimeAsync(ms);
  return pending;
}

describe('ToolPipeline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ends a call with its timeout when a starting interceptor never settles, and reports the interceptor', async () => {
    let ran = false;
    const hang = feature('hang', (pipeline, self) => pipeline.onToolCallStarting(self, never));
    const { env, reports } = environment([hang], { toolTimeoutMs: 50 });
    const counting = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool('calculator', () => ((ran = true), 3))),
      features: [hang],
      toolTimeoutMs: 50,
      onFeatureError: () => undefined,
    });
    const result = await settle(env.executeTool(add('s')), 50);
    expect(result).toMatchObject({ id: 's', isError: true });
    expect(ToolTimeoutError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain('did not finish within 50 ms');
    expect(reports.map((report) => [report.feature, report.stage, report.callId])).toEqual([['hang', 'starting', 's']]);
    expect(ToolTimeoutError.isInstance(reports[0]!.error)).toBe(true);
    await settle(counting.executeTool(add()), 50);
    expect(ran).toBe(false);
  });

  it('cancels a call whose environment signal aborts during a starting interceptor', async () => {
    const controller = new AbortController();
    const hang = feature('hang', (pipeline, self) => pipeline.onToolCallStarting(self, never));
    const { env } = environment([hang], { signal: controller.signal });
    const pending = env.executeTool(add());
    await jest.advanceTimersByTimeAsync(5);
    controller.abort(new Error('shutdown'));
    const result = await pending;
    expect(ToolCancelledError.isInstance(result.error)).toBe(true);
  });

  it('returns the computed result on time when a completed interceptor hangs past the deadline', async () => {
    const hang = feature('hang', (pipeline, self) => pipeline.onToolCallCompleted(self, never));
    const { env, reports } = environment([hang], { toolTimeoutMs: 30 });
    const result = await settle(env.executeTool(add('k')), 30);
    expect(result).toEqual({ id: 'k', name: 'calculator', content: '3', isError: false, value: 3 });
    expect(reports.map((report) => [report.stage, report.callId])).toEqual([['completed', 'k']]);
  });

  it('returns the error result on time when a failed or validation-failed interceptor hangs', async () => {
    const hang = feature('hang', (pipeline, self) => {
      pipeline.onToolValidationFailed(self, never);
      pipeline.onToolCallFailed(self, never);
    });
    const { env, reports } = environment([hang], { toolTimeoutMs: 30 });
    const [bad, unknown] = await settle(env.executeTools([invalid('bad'), { id: 'gone', name: 'nothing' }]), 30);
    expect(bad).toMatchObject({ id: 'bad', isError: true });
    expect(bad!.content).toContain('digit1');
    expect(unknown).toMatchObject({ id: 'gone', isError: true });
    expect(reports.map((report) => [report.stage, report.callId]).sort()).toEqual([
      ['failed', 'gone'],
      ['validationFailed', 'bad'],
    ]);
  });

  it('returns on time when a tool throws a Proxy whose traps throw and a failed interceptor hangs', async () => {
    const trap = () => {
      throw new Error('trap');
    };
    const hostile = new Proxy({}, { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap });
    const hang = feature('hang', (pipeline, self) => pipeline.onToolCallFailed(self, never));
    const reports: FeatureErrorReport[] = [];
    const env = new AgentEnvironment({
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the hostile value under test
      registry: ToolRegistry.of(new AddTool('calculator', () => Promise.reject(hostile))),
      features: [hang],
      toolTimeoutMs: 50,
      onFeatureError: (report) => void reports.push(report),
    });
    const result = await settle(env.executeTool(add('p')), 50);
    expect(result).toMatchObject({ id: 'p', isError: true, content: "Error: tool 'calculator' failed: a thrown object (unreadable)" });
    expect(result.error).toBe(hostile);
    expect(reports.map((report) => [report.stage, report.callId])).toEqual([['failed', 'p']]);
  });

  it('does not wait for failed interceptors once the call has timed out', async () => {
    let called = 0;
    const reports: FeatureErrorReport[] = [];
    const slowFail = feature('slow', (pipeline, self) => pipeline.onToolCallFailed(self, () => ((called += 1), never())));
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool('calculator', never)),
      features: [slowFail],
      toolTimeoutMs: 20,
      onFeatureError: (report) => void reports.push(report),
    });
    const result = await settle(env.executeTool(add()), 20);
    expect(ToolTimeoutError.isInstance(result.error)).toBe(true);
    expect(called).toBe(1);
    expect(reports).toEqual([]);
  });

  it('awaits a metadata provider that returns a promise, and keeps its entries', async () => {
    const asyncSpan = feature('tracing', (pipeline, self) =>
      pipeline.provideToolCallMetadata(self, async () => {
        await Promise.resolve();
        return { 'trace.span.id': 'async-span' };
      }),
    );
    const syncUser = feature('user', (pipeline, self) => pipeline.provideToolCallMetadata(self, () => ({ user: 'ada' })));
    const { env, reports } = environment([asyncSpan, syncUser]);
    const result = await env.executeTool({ name: 'span', arguments: '{"digit1":1,"digit2":2}' });
    expect(result.value).toEqual({ span: 'async-span', user: 'ada' });
    expect(reports).toEqual([]);
  });

  it('reports a metadata provider that rejects or hangs, without an unhandled rejection', async () => {
    const rejecting = feature('rejecting', (pipeline, self) =>
      pipeline.provideToolCallMetadata(self, () => Promise.reject(new Error('down'))),
    );
    const { env, reports } = environment([rejecting]);
    const result = await env.executeTool({ id: 'r', name: 'span', arguments: '{"digit1":1,"digit2":2}' });
    expect(result.value).toEqual({ span: null, user: null });
    expect(reports.map((report) => [report.feature, report.stage, (report.error as Error).message])).toEqual([
      ['rejecting', 'metadata', 'down'],
    ]);

    const hanging = feature('hanging', (pipeline, self) => pipeline.provideToolCallMetadata(self, never));
    const slow = environment([hanging], { toolTimeoutMs: 40 });
    const timedOut = await settle(slow.env.executeTool({ id: 'h', name: 'span', arguments: '{"digit1":1,"digit2":2}' }), 40);
    expect(ToolTimeoutError.isInstance(timedOut.error)).toBe(true);
    expect(slow.reports.map((report) => [report.stage, report.callId])).toEqual([['metadata', 'h']]);
  });

  it('reports a provider that returns something that is not metadata instead of dropping it silently', async () => {
    const odd = feature('odd', (pipeline, self) => pipeline.provideToolCallMetadata(self, () => 42 as never));
    const { env, reports } = environment([odd]);
    const result = await env.executeTool({ name: 'span', arguments: '{"digit1":1,"digit2":2}' });
    expect(result.isError).toBe(false);
    expect(reports.map((report) => (report.error as Error).message)).toEqual([expect.stringContaining('but was number')]);
  });

  it('catches an onFeatureError listener that throws or rejects', async () => {
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const broken = feature('broken', (pipeline, self) =>
        pipeline.onToolCallStarting(self, () => {
          throw new Error('starting down');
        }),
      );
      const env = new AgentEnvironment({
        registry: ToolRegistry.of(new AddTool()),
        features: [broken],
        onFeatureError: async () => Promise.reject(new Error('listener down')),
      });
      const throwingListener = new AgentEnvironment({
        registry: ToolRegistry.of(new AddTool()),
        features: [broken],
        onFeatureError: () => {
          throw Object.create(null);
        },
      });
      expect((await env.executeTool(add())).content).toBe('3');
      expect((await throwingListener.executeTool(add())).content).toBe('3');
      await jest.advanceTimersByTimeAsync(0);
      // Both are told, in whichever order the two listeners' failures settle.
      const told = warnings.mock.calls.map((call) => String(call[0]));
      expect(told).toHaveLength(2);
      expect(told).toEqual(
        expect.arrayContaining([
          expect.stringContaining('listener rejected: Error: listener down'),
          expect.stringContaining('listener threw: a thrown object (null prototype)'),
        ]),
      );
    } finally {
      warnings.mockRestore();
    }
  });

  it('builds the default report of any thrown value without throwing, and keeps the result', async () => {
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const nasty = feature('nasty', (pipeline, self) => {
        pipeline.provideToolCallMetadata(self, () => {
          throw Object.create(null);
        });
        pipeline.onToolCallCompleted(self, () => {
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- the pathological throw under test
          throw {
            toString: () => {
              throw new Error('no');
            },
          };
        });
      });
      const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()), features: [nasty] });
      const result = await env.executeTool(add('n'));
      expect(result).toMatchObject({ id: 'n', content: '3', isError: false });
      expect(warnings.mock.calls.map((call) => String(call[0]))).toEqual([
        "toolcraft feature 'nasty' failed in its metadata handler for call n: a thrown object (null prototype)",
        "toolcraft feature 'nasty' failed in its completed handler for call n: a thrown object (Object)",
      ]);
    } finally {
      warnings.mockRestore();
    }
  });

  it('adds no timer to a call without a time limit, a signal, interceptors or providers', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    const pending = env.executeTool(add());
    expect(jest.getTimerCount()).toBe(0);
    expect((await pending).content).toBe('3');
  });

  it('runs a stage without a promise while its handlers return synchronously, and awaits the rest in order from the first that returns one', async () => {
    const { env, reports } = environment([]);
    const order: string[] = [];
    const sync = [
      { feature: 'a', handler: () => void order.push('a') },
      {
        feature: 'b',
        handler: () => {
          order.push('b');
          throw new Error('b broke');
        },
      },
    ];
    expect(env.pipeline.runStage('completed', sync, 'c1', {})).toBeUndefined();
    expect(order).toEqual(['a', 'b']);
    const mixed = [
      ...sync,
      { feature: 'c', handler: () => Promise.resolve().then(() => void order.push('c')) },
      { feature: 'd', handler: () => void order.push('d') },
    ];
    const pending = env.pipeline.runStage('completed', mixed, 'c2', {});
    expect(pending).toBeInstanceOf(Promise);
    expect(order).toEqual(['a', 'b', 'a', 'b']);
    await pending;
    expect(order).toEqual(['a', 'b', 'a', 'b', 'c', 'd']);
    expect(reports.map((report) => [report.feature, report.callId])).toEqual([
      ['b', 'c1'],
      ['b', 'c2'],
    ]);
  });
});
