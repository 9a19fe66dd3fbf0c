import 'reflect-metadata';
import {
  AgentEnvironment,
  type Feature,
  type FeatureErrorReport,
  HookArgumentsError,
  InvalidHookDecisionError,
  ToolBlockedError,
  type ToolCallStartingHandler,
  type ToolPipeline,
  ToolRegistry,
  ToolTimeoutError,
} from '../../src/index.js';
import { AddTool, type DigitsArgs } from '../support/calculator.js';

const feature = (name: string, install: (pipeline: ToolPipeline, self: Feature) => void): Feature => {
  const self: Feature = { name, install: (pipeline) => install(pipeline, self) };
  return self;
};
const starting = (name: string, handler: ToolCallStartingHandler) =>
  feature(name, (pipeline, self) => pipeline.onToolCallStarting(self, handler));
const add = (digit1 = 1, digit2 = 2) => ({ id: 'c', name: 'calculator', arguments: JSON.stringify({ digit1, digit2 }) });

function environment(features: Feature[], options: { toolTimeoutMs?: number } = {}) {
  const reports: FeatureErrorReport[] = [];
  const seen: DigitsArgs[] = [];
  const failed: unknown[] = [];
  const env = new AgentEnvironment({
    registry: ToolRegistry.of(new AddTool('calculator', (args) => (seen.push(args), args.digit1 + args.digit2))),
    features: [...features, feature('watch', (pipeline, self) => pipeline.onToolCallFailed(self, ({ error }) => void failed.push(error)))],
    onFeatureError: (report) => void reports.push(report),
    ...options,
  });
  return { env, reports, seen, failed };
}

describe('onToolCallStarting decisions', () => {
  it('blocks a call: the tool does not run, the model is told the reason, the host sees which feature blocked it', async () => {
    const { env, seen, failed } = environment([starting('policy', () => ({ block: 'Adding is not allowed on Sundays.' }))]);
    const result = await env.executeTool(add());
    expect(seen).toEqual([]);
    expect(result.isError).toBe(true);
    expect(result.content).toBe("Error: The call to tool 'calculator' was blocked: Adding is not allowed on Sundays.");
    expect(ToolBlockedError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ feature: 'policy', toolName: 'calculator', reason: 'Adding is not allowed on Sundays.' });
    expect(failed).toEqual([result.error]);
  });

  it('ends the chain at a block: later handlers are not called', async () => {
    const later = jest.fn();
    const { env } = environment([starting('first', () => ({ block: 'no' })), starting('second', later)]);
    await env.executeTool(add());
    expect(later).not.toHaveBeenCalled();
  });

  it('replaces the arguments: they are validated again and the tool gets them, decoded', async () => {
    const { env, seen } = environment([starting('clamp', () => ({ arguments: { digit1: 4, digit2: 5 } }))]);
    const result = await env.executeTool(add(1, 2));
    expect(result).toMatchObject({ content: '9', isError: false, value: 9, argumentsReplacedBy: ['clamp'] });
    expect(seen).toEqual([expect.objectContaining({ digit1: 4, digit2: 5 })]);
  });

  it('says circular replacement arguments are circular, not too deep', async () => {
    const circular: Record<string, unknown> = { digit1: 1, digit2: 2 };
    circular.self = { back: circular };
    const { env, seen } = environment([starting('loop', () => ({ arguments: circular }))]);
    const result = await env.executeTool(add());
    expect(seen).toEqual([]);
    expect(HookArgumentsError.isInstance(result.error)).toBe(true);
    expect((result.error as HookArgumentsError).violations).toEqual([expect.objectContaining({ path: '', constraint: 'circular' })]);
    expect(result.content).toContain('the arguments are circular (an object contains itself)');
    expect(result.content).not.toContain('deeper');
  });

  it('takes replacement arguments as a JSON string too', async () => {
    const { env } = environment([starting('json', () => ({ arguments: '{"digit1":2,"digit2":2}' }))]);
    expect((await env.executeTool(add())).content).toBe('4');
  });

  it('answers replacement arguments that fail validation with an error result naming the feature, and does not run the tool', async () => {
    const { env, seen } = environment([starting('broken', () => ({ arguments: { digit1: 42, digit2: 1 } }))]);
    const result = await env.executeTool(add());
    expect(seen).toEqual([]);
    expect(result.isError).toBe(true);
    expect(HookArgumentsError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ feature: 'broken', toolName: 'calculator' });
    expect((result.error as HookArgumentsError).violations.map((violation) => violation.path)).toEqual(['digit1']);
    expect(result.content).toContain("The arguments that feature 'broken' gave this call are not valid.");
    expect(result.content).toContain('digit1');
    expect(result.argumentsReplacedBy).toBeUndefined();
  });

  it('chains handlers in registration order, each seeing the arguments the previous one left', async () => {
    const order: string[] = [];
    const { env, seen } = environment([
      starting('double', ({ call }) => {
        order.push(`double saw ${JSON.stringify(call.arguments)}`);
        const args = call.arguments as DigitsArgs;
        return { arguments: { digit1: args.digit1 * 2, digit2: args.digit2 * 2 } };
      }),
      starting('observe', ({ call }) => void order.push(`observe saw ${JSON.stringify(call.arguments)}`)),
      starting('increment', async ({ call }) => {
        order.push(`increment saw ${JSON.stringify(call.arguments)}`);
        const args = call.arguments as DigitsArgs;
        return Promise.resolve({ arguments: { digit1: args.digit1 + 1, digit2: args.digit2 } });
      }),
    ]);
    const result = await env.executeTool(add(1, 2));
    expect(order).toEqual([
      'double saw {"digit1":1,"digit2":2}',
      'observe saw {"digit1":2,"digit2":4}',
      'increment saw {"digit1":2,"digit2":4}',
    ]);
    expect(seen).toEqual([expect.objectContaining({ digit1: 3, digit2: 4 })]);
    expect(result.argumentsReplacedBy).toEqual(['double', 'increment']);
  });

  it('keeps the replaced arguments on an error result when the tool then throws', async () => {
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(
        new AddTool('calculator', () => {
          throw new Error('down');
        }),
      ),
      features: [starting('swap', () => ({ arguments: { digit1: 0, digit2: 0 } }))],
    });
    const result = await env.executeTool(add());
    expect(result).toMatchObject({ isError: true, argumentsReplacedBy: ['swap'] });
  });

  it('reports a handler that throws and runs the call as if it had returned nothing', async () => {
    const { env, reports, seen } = environment([
      starting('thrower', () => {
        throw new Error('hook down');
      }),
    ]);
    const result = await env.executeTool(add());
    expect(result.content).toBe('3');
    expect(seen).toHaveLength(1);
    expect(reports).toEqual([expect.objectContaining({ feature: 'thrower', stage: 'starting', callId: 'c' })]);
  });

  it('reports a handler that rejects and runs the call', async () => {
    const { env, reports } = environment([starting('rejecter', () => Promise.reject(new Error('later down')))]);
    expect((await env.executeTool(add())).content).toBe('3');
    expect(reports.map((report) => [report.feature, (report.error as Error).message])).toEqual([['rejecter', 'later down']]);
  });

  it.each([
    ['a string', 'block'],
    ['a block that is not text', { block: 42 }],
    ['arguments that are an array', { arguments: [1, 2] }],
    ['an object of neither kind', { allow: true }],
  ])('reports a handler that returns %s, names it, and runs the call unchanged', async (_kind, returned) => {
    const { env, reports, seen } = environment([starting('odd', (() => returned) as unknown as ToolCallStartingHandler)]);
    const result = await env.executeTool(add());
    expect(result).toMatchObject({ content: '3', isError: false });
    expect(result.argumentsReplacedBy).toBeUndefined();
    expect(seen).toHaveLength(1);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ feature: 'odd', stage: 'starting' });
    expect(InvalidHookDecisionError.isInstance(reports[0]!.error)).toBe(true);
    expect((reports[0]!.error as Error).message).toContain("'odd' returned");
  });

  it('reports a handler whose result has a then getter that throws, and runs the call unchanged', async () => {
    const trap = {
      get then(): never {
        throw new Error('then trap');
      },
    };
    const { env, reports, seen } = environment([starting('trapper', (() => trap) as unknown as ToolCallStartingHandler)]);
    const result = await env.executeTool(add());
    expect(result).toMatchObject({ content: '3', isError: false });
    expect(seen).toHaveLength(1);
    expect(reports).toEqual([expect.objectContaining({ feature: 'trapper', stage: 'starting', callId: 'c' })]);
    expect((reports[0]!.error as Error).message).toBe('then trap');
  });

  it('keeps today’s behaviour for handlers that return nothing', async () => {
    const { env, reports } = environment([starting('quiet', () => undefined), starting('null', () => null as unknown as undefined)]);
    expect(await env.executeTool(add())).toEqual({ id: 'c', name: 'calculator', content: '3', isError: false, value: 3 });
    expect(reports).toEqual([]);
  });

  describe('bounded', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('ends a call with its timeout when a deciding handler never settles, and reports it by name', async () => {
      const { env, reports, seen } = environment([starting('slow', () => new Promise<{ block: string }>(() => undefined))], {
        toolTimeoutMs: 100,
      });
      const pending = env.executeTool(add());
      await jest.advanceTimersByTimeAsync(100);
      const result = await pending;
      expect(seen).toEqual([]);
      expect(ToolTimeoutError.isInstance(result.error)).toBe(true);
      expect(reports).toEqual([expect.objectContaining({ feature: 'slow', stage: 'starting', error: result.error })]);
    });

    it('ends a call when the batch is cancelled while a handler is pending', async () => {
      const controller = new AbortController();
      const { env, reports } = environment([starting('slow', () => new Promise<undefined>(() => undefined))]);
      const pending = env.executeTool(add(), undefined, { signal: controller.signal });
      await jest.advanceTimersByTimeAsync(0);
      controller.abort(new Error('user left'));
      const result = await pending;
      expect(result.isError).toBe(true);
      expect(reports).toEqual([expect.objectContaining({ feature: 'slow', stage: 'starting' })]);
    });
  });
});
