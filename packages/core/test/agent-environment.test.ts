import 'reflect-metadata';
/* eslint-disable @typescript-eslint/prefer-promise-reject-errors -- tools that reject with pathological values are what these tests are about */
import { IsString } from 'class-validator';
import {
  AgentContext,
  AgentEnvironment,
  ContextAwareTool,
  type ErrorDetail,
  InvalidEnvironmentOptionsError,
  MissingAgentContextError,
  ModelCallError,
  SimpleTool,
  type ToolCall,
  ToolResult,
  FormatterRegistry,
  SafeTool,
  ToolBase,
  type ToolCallMetadata,
  ToolCancelledError,
  ToolNotFoundError,
  ToolRegistry,
  ToolTimeoutError,
} from '../src/index.js';
import { runInNewContext } from 'node:vm';
import { AddTool, DigitsArgs } from './support/calculator.js';
import { retainedBy } from './support/signal-retention.js';
import { deferred } from './support/deferred.js';
import { getEventListeners } from 'node:events';

class SecretError extends Error {
  constructor() {
    super('password=hunter2 rejected', { cause: new Error('upstream 503') });
    this.name = 'SecretError';
  }
}

class WaitArgs {
  @IsString() label!: string;
}

class WaitingTool extends ContextAwareTool<WaitArgs, string> {
  seenSignal?: AbortSignal;
  constructor(timeoutMs?: number) {
    super({ argsType: WaitArgs, name: 'wait', description: 'Waits until aborted.', ...(timeoutMs ? { timeoutMs } : {}) });
  }
  execute(_args: WaitArgs, context: AgentContext): Promise<string> {
    this.seenSignal = context.signal;
    return new Promise((resolve) => context.signal.addEventListener('abort', () => resolve('stopped')));
  }
}

class MetadataWaitingTool extends ToolBase<WaitArgs, string> {
  seenSignal?: AbortSignal;
  constructor() {
    super({ argsType: WaitArgs, name: 'raw_wait', description: 'Waits.' });
  }
  execute(_args: WaitArgs, metadata: ToolCallMetadata): Promise<string> {
    this.seenSignal = metadata.get(ToolBase.SignalKey);
    return new Promise(() => undefined);
  }
}

const calculatorEnv = (options: Partial<ConstructorParameters<typeof AgentEnvironment>[0]> = {}) =>
  new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()), ...options });

describe('AgentEnvironment', () => {
  it('answers an unknown tool with an error result naming the closest tools', async () => {
    const result = await calculatorEnv().executeTool({ id: 'x', name: 'calculater', arguments: '{}' });
    expect(result).toMatchObject({ id: 'x', name: 'calculater', isError: true });
    expect(ToolNotFoundError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain("Tool 'calculater' is not defined. Did you mean 'calculator'?");
  });

  it('answers malformed JSON with an error result that says what was expected', async () => {
    const result = await calculatorEnv().executeTool({ id: 'x', name: 'calculator', arguments: '{"digit1": 3,' });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/not valid JSON .*send one JSON object/);
  });

  it('lists every failing argument with its constraint, and asks the model to retry', async () => {
    const result = await calculatorEnv().executeTool({ id: 'x', name: 'calculator', arguments: '{"digit1":-1}' });
    expect(result.content).toContain("'digit1': must be at least 0, got number -1");
    expect(result.content).toContain("'digit2': is required but missing (expected an integer)");
    expect(result.content).toContain("Fix the arguments and call 'calculator' again.");
  });

  it('drops arguments the tool does not declare before the tool sees them', async () => {
    let seen: DigitsArgs | undefined;
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', (args) => ((seen = args), 1))) });
    await env.executeTool({ name: 'calculator', arguments: '{"digit1":1,"digit2":2,"extra":"x"}' });
    expect(seen).toBeInstanceOf(DigitsArgs);
    expect(Object.keys(seen!)).toEqual(['digit1', 'digit2']);
  });

  it("tells the model the error's message by default, never its stack, and keeps the original error", async () => {
    const error = new SecretError();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', () => Promise.reject(error))) });
    const result = await env.executeTool({ name: 'calculator', arguments: '{"digit1":1,"digit2":2}' });
    expect(result.content).toBe("Error: tool 'calculator' failed: password=hunter2 rejected");
    expect(result.content).not.toContain('at ');
    expect(result.error).toBe(error);
  });

  it("with errorDetail 'generic' tells only that the tool failed", async () => {
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool('calculator', () => Promise.reject(new SecretError()))),
      errorDetail: 'generic',
    });
    const result = await env.executeTool({ name: 'calculator', arguments: '{"digit1":1,"digit2":2}' });
    expect(result.content).not.toContain('hunter2');
    expect(result.content).toContain("tool 'calculator' failed");
  });

  it("with errorDetail 'full' tells the class, message and cause chain", async () => {
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool('calculator', () => Promise.reject(new SecretError()))),
      errorDetail: 'full',
    });
    const result = await env.executeTool({ name: 'calculator', arguments: '{"digit1":1,"digit2":2}' });
    expect(result.content).toContain('SecretError: password=hunter2 rejected');
    expect(result.content).toContain('caused by Error: upstream 503');
  });

  it('always explains argument errors in full, even with errorDetail generic', async () => {
    const result = await calculatorEnv({ errorDetail: 'generic' }).executeTool({
      name: 'calculator',
      arguments: '{"digit1":10,"digit2":1}',
    });
    expect(result.content).toContain("'digit1': must be at most 9");
  });

  it('ends a call that runs past toolTimeoutMs with ToolTimeoutError and aborts the signal the tool sees', async () => {
    const tool = new WaitingTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tool), toolTimeoutMs: 20 });
    const result = await env.executeTool(
      { name: 'wait', arguments: '{"label":"a"}' },
      {},
      { agentContext: new AgentContext({ runId: 'r', agentName: 'a' }) },
    );
    expect(result.isError).toBe(true);
    expect(ToolTimeoutError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain('did not finish within 20 ms');
    expect(tool.seenSignal?.aborted).toBe(true);
  });

  it("lets a tool's own timeoutMs win over the environment's", async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new WaitingTool(10)), toolTimeoutMs: 60_000 });
    const result = await env.executeTool(
      { name: 'wait', arguments: '{"label":"a"}' },
      {},
      { agentContext: new AgentContext({ runId: 'r', agentName: 'a' }) },
    );
    expect((result.error as ToolTimeoutError).timeoutMs).toBe(10);
  });

  it('puts the abort signal in the metadata of a ToolBase and aborts it on timeout', async () => {
    const tool = new MetadataWaitingTool();
    const result = await new AgentEnvironment({ registry: ToolRegistry.of(tool), toolTimeoutMs: 10 }).executeTool({
      name: 'raw_wait',
      arguments: '{"label":"a"}',
    });
    expect(result.isError).toBe(true);
    expect(tool.seenSignal?.aborted).toBe(true);
  });

  it("cancels every unfinished call of a batch when the environment's signal aborts", async () => {
    const controller = new AbortController();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new MetadataWaitingTool(), new AddTool()), signal: controller.signal });
    const pending = env.executeTools([
      { id: 'a', name: 'calculator', arguments: '{"digit1":1,"digit2":1}' },
      { id: 'b', name: 'raw_wait', arguments: '{"label":"x"}' },
      { id: 'c', name: 'raw_wait', arguments: '{"label":"y"}' },
    ]);
    // One turn of the event loop: the calculator has answered, the waiting calls are in flight.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const results = await pending;
    expect(results.map((result) => [result.id, result.isError])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    expect(ToolCancelledError.isInstance(results[1]!.error)).toBe(true);
    expect(results[2]!.content).toContain('was cancelled');
  });

  it('with callerAbandonsOnAbort, runs a call nothing else can tell was cancelled without a listener on the signal, and cancels the others', async () => {
    const gate = deferred<number>();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', () => gate.promise), new WaitingTool()) });
    const controller = new AbortController();
    const options = {
      signal: controller.signal,
      callerAbandonsOnAbort: true,
      agentContext: new AgentContext({ runId: 'run', agentName: 'test' }),
    };
    const plain = env.executeTool({ id: 'a', name: 'calculator', arguments: { digit1: 1, digit2: 2 } }, undefined, options);
    const aware = env.executeTool({ id: 'b', name: 'wait', arguments: { label: 'x' } }, undefined, options);
    await new Promise((resolve) => setImmediate(resolve));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort(new Error('client cancelled'));
    expect(ToolCancelledError.isInstance((await aware).error)).toBe(true);
    gate.resolve(3);
    expect((await plain).content).toBe('3');
    const late = await env.executeTool({ id: 'c', name: 'calculator', arguments: { digit1: 1, digit2: 2 } }, undefined, options);
    expect(ToolCancelledError.isInstance(late.error)).toBe(true);
    expect(retainedBy(controller.signal)).toBe(0);
  });

  it('gives every call exactly one result, in call order, generating missing ids', async () => {
    // The calls finish in another order than they were made: the second, then the fourth, then the first.
    const gates = [deferred(), deferred(), deferred()];
    const allStarted = deferred();
    let index = 0;
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(
        new AddTool('calculator', async (args) => {
          const gate = gates[index++]!;
          if (index === gates.length) allStarted.resolve();
          await gate.promise;
          return args.digit1;
        }),
      ),
    });
    const pending = env.executeTools([
      { id: 'first', name: 'calculator', arguments: '{"digit1":1,"digit2":0}' },
      { name: 'calculator', arguments: '{"digit1":2,"digit2":0}' },
      { id: 'third', name: 'nope', arguments: '{}' },
      { id: 'fourth', name: 'calculator', arguments: '{"digit1":4,"digit2":0}' },
    ]);
    await allStarted.promise;
    for (const gate of [gates[1]!, gates[2]!, gates[0]!]) {
      gate.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await pending;
    expect(results.map((result) => result.id).filter((id, position) => position !== 1)).toEqual(['first', 'third', 'fourth']);
    expect(results[1]!.id).toMatch(/^call_/);
    expect(results.map((result) => result.content.slice(0, 1))).toEqual(['1', '2', 'E', '4']);
  });

  it('runs calls one after another in the model order with maxConcurrency 1', async () => {
    const order: string[] = [];
    const env = new AgentEnvironment({
      maxConcurrency: 1,
      registry: ToolRegistry.of(
        new AddTool('calculator', async (args) => {
          order.push(`start ${args.digit1}`);
          // A turn of the event loop: long enough for any other call to start, were they run together.
          await new Promise((resolve) => setImmediate(resolve));
          order.push(`end ${args.digit1}`);
          return 0;
        }),
      ),
    });
    await env.executeTools([1, 2, 3].map((digit) => ({ name: 'calculator', arguments: { digit1: digit, digit2: 0 } })));
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('runs calls of a batch concurrently by default', async () => {
    let running = 0;
    let peak = 0;
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(
        new AddTool('calculator', async () => {
          peak = Math.max(peak, ++running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
          return 0;
        }),
      ),
    });
    await env.executeTools(Array.from({ length: 5 }, () => ({ name: 'calculator', arguments: { digit1: 1, digit2: 1 } })));
    expect(peak).toBe(5);
  });

  it('answers a result that cannot be formatted with an error result', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', () => circular as unknown as number)) });
    const result = await env.executeTool({ name: 'calculator', arguments: { digit1: 1, digit2: 1 } });
    expect(result.isError).toBe(true);
    expect(result.content).toContain("The result of tool 'calculator' could not be formatted");
  });

  it('cuts results longer than maxResultChars with a marker saying how much was cut', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool('calculator', () => 123456789)), maxResultChars: 4 });
    const result = await env.executeTool({ name: 'calculator', arguments: { digit1: 1, digit2: 1 } });
    expect(result.content).toBe('1234\n[... 5 more characters cut: the result was 9 characters, the limit is 4]');
  });

  it("formats results with the tool's formatter, else a formatter registered for the result class", async () => {
    class Money {
      constructor(readonly cents: number) {}
    }
    class Euro extends Money {}
    const formatters = new FormatterRegistry().register(Money, (money) => `${(money.cents / 100).toFixed(2)} EUR`);
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool('calculator', () => new Euro(250) as unknown as number)),
      formatters,
    });
    expect((await env.executeTool({ name: 'calculator', arguments: { digit1: 1, digit2: 1 } })).content).toBe('2.50 EUR');
    env.formatters.register(Euro, () => 'euros');
    expect((await env.executeTool({ name: 'calculator', arguments: { digit1: 1, digit2: 1 } })).content).toBe('euros');
  });
});

const hostileErrors = (): unknown[] => {
  const getterError = new Error('x');
  Object.defineProperty(getterError, 'message', {
    get() {
      throw new Error('message getter');
    },
  });
  const trap = () => {
    throw new Error('trap');
  };
  const revocable = Proxy.revocable({}, {});
  revocable.revoke();
  return [
    getterError,
    new Proxy(new Error('p'), { get: trap, getPrototypeOf: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap }),
    revocable.proxy,
    Object.create(null),
    { toString: trap, [Symbol.toPrimitive]: trap },
  ];
};
const sum = (id: string): ToolCall => ({ id, name: 'calculator', arguments: { digit1: 1, digit2: 1 } });

describe('AgentEnvironment with hostile input', () => {
  it.each<ErrorDetail>(['message', 'generic', 'full'])(
    "never rejects for a tool that throws a pathological value, and keeps the batch's healthy results (errorDetail %s)",
    async (errorDetail) => {
      const thrown = hostileErrors();
      const tools = thrown.map((value, index) => new AddTool(`hostile_${index}`, () => Promise.reject(value)));
      const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool(), ...tools), errorDetail, maxResultChars: 1000 });
      const calls = [
        sum('ok1'),
        ...tools.map((tool, index) => ({ id: `h${index}`, name: tool.name, arguments: { digit1: 1, digit2: 1 } })),
        sum('ok2'),
      ];
      const results = await env.executeTools(calls);
      expect(results.map((result) => result.id)).toEqual(calls.map((call) => call.id));
      expect(results[0]).toMatchObject({ content: '2', isError: false });
      expect(results.at(-1)).toMatchObject({ content: '2', isError: false });
      results.slice(1, -1).forEach((result, index) => {
        expect(result).toMatchObject({ isError: true, content: expect.stringMatching(/^Error: tool 'hostile_\d' failed/) });
        // The original value stays on the result for the host, not an error raised while describing it.
        expect(result.error).toBe(thrown[index]);
      });
    },
  );

  it('answers every index of a sparse batch, a call that is not an object, and one whose fields throw', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    const hostile = new Proxy({} as ToolCall, {
      get() {
        throw new Error('trap');
      },
    });
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    const calls = [, sum('a'), null, 7, hostile] as unknown as ToolCall[];
    const results = await env.executeTools(calls);
    expect(results).toHaveLength(5);
    expect(results.map((result) => result.isError)).toEqual([true, false, true, true, true]);
    expect(results[0]!.content).toContain("A tool call must be an object with a 'name'");
    expect(results[2]!.content).toContain('but was null');
    expect(results[4]!.content).toContain('could not be read');
    expect(new Set(results.map((result) => result.id)).size).toBe(5);
  });

  it.each([1, 4])(
    'answers an element whose getter throws with an error at its index and keeps the others (maxConcurrency %s)',
    async (maxConcurrency) => {
      const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()), maxConcurrency });
      const calls = [sum('a'), sum('b'), sum('c')];
      Object.defineProperty(calls, 1, {
        get() {
          throw new Error('boom');
        },
      });
      const results = await env.executeTools(calls);

      expect(results.map((result) => result.isError)).toEqual([false, true, false]);
      expect(results.map((result) => result.id)).toEqual(['a', expect.any(String), 'c']);
      expect(results[1]!.content).toBe('Error: The tool call at index 1 could not be read: boom');
    },
  );

  it('answers an array whose length cannot be read with one error result instead of rejecting', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    const calls = new Proxy([sum('a')], {
      get(target, key) {
        if (key === 'length') throw new Error('len');
        return Reflect.get(target, key) as unknown;
      },
    });
    const results = await env.executeTools(calls);

    expect(results).toEqual([expect.objectContaining({ isError: true, content: 'Error: executeTools could not read its calls: len' })]);
  });

  it('accepts any iterable of calls, and answers something that is not one with one error result', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    function* calls(): Generator<ToolCall> {
      yield sum('g1');
      yield sum('g2');
    }
    expect((await env.executeTools(calls())).map((result) => result.id)).toEqual(['g1', 'g2']);
    const [result, ...rest] = await env.executeTools(42 as unknown as ToolCall[]);
    expect(rest).toEqual([]);
    expect(result).toMatchObject({
      isError: true,
      content: 'Error: executeTools expects an array (or iterable) of tool calls, but was given number.',
    });
  });

  it("answers with error results, instead of throwing, when the caller's metadata cannot be read", async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    const metadata = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap');
        },
      },
    );
    const result = await env.executeTool(sum('m'), metadata);
    expect(result).toMatchObject({ id: 'm', isError: true });
    expect(result.content).toContain("The caller's metadata could not be read");
  });

  it('refuses an unknown errorDetail, naming the allowed values', () => {
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, errorDetail: 'none' as ErrorDetail })).toThrow(
      InvalidEnvironmentOptionsError,
    );
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, errorDetail: 'none' as ErrorDetail })).toThrow(
      "'errorDetail' must be one of 'message', 'generic', 'full'",
    );
  });

  it('refuses argumentLimits.maxViolations and maxQuotedLength that are not positive integers', () => {
    const limits = (extra: object) => ({ maxLength: 1000, maxDepth: 8, ...extra });
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, argumentLimits: limits({ maxViolations: 0 }) })).toThrow(
      /'argumentLimits.maxViolations' must be an integer of at least 1/,
    );
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, argumentLimits: limits({ maxQuotedLength: Number.NaN }) })).toThrow(
      InvalidEnvironmentOptionsError,
    );
    expect(
      () => new AgentEnvironment({ registry: ToolRegistry.EMPTY, argumentLimits: limits({ maxViolations: 5, maxQuotedLength: 40 }) }),
    ).not.toThrow();
  });

  it("tells only a non-Error object's message, or a short description, never its fields", async () => {
    const leaky = { message: 'request failed', config: { headers: { Authorization: 'Bearer sk-secret' } }, stack: '/srv/app.js:1' };
    const silent = { config: { headers: { Authorization: 'Bearer sk-secret' } } };
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool('leaky', () => Promise.reject(leaky)), new AddTool('silent', () => Promise.reject(silent))),
    });
    const [first, second] = await env.executeTools([
      { name: 'leaky', arguments: { digit1: 1, digit2: 1 } },
      { name: 'silent', arguments: { digit1: 1, digit2: 1 } },
    ]);
    expect(first!.content).toBe("Error: tool 'leaky' failed: request failed");
    expect(second!.content).toBe("Error: tool 'silent' failed: a thrown object (Object)");
    expect(first!.error).toBe(leaky);
  });

  it('tells the message of an Error from another realm', async () => {
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool('calculator', () => Promise.reject(runInNewContext('new Error("vm says no")')))),
      errorDetail: 'full',
    });
    expect((await env.executeTool(sum('v'))).content).toBe("Error: tool 'calculator' failed with Error: vm says no");
  });

  it('explains in full only the errors the framework raised for this call, not toolcraft errors a tool rethrows', async () => {
    const inner = await SafeTool.of(new AddTool()).execute({ digit1: 99, digit2: 1 });
    expect(inner.ok).toBe(false);
    const innerError = (inner as { error: unknown }).error;
    const rethrow = new AddTool('outer', () => Promise.reject(innerError));
    const generic = new AgentEnvironment({ registry: ToolRegistry.of(rethrow, new AddTool()), errorDetail: 'generic' });
    const [rethrown, own] = await generic.executeTools([
      { name: 'outer', arguments: { digit1: 1, digit2: 1 } },
      { name: 'calculator', arguments: { digit1: 99, digit2: 1 } },
    ]);
    expect(rethrown!.content).toBe("Error: tool 'outer' failed. No details are available; try different arguments or another approach.");
    expect(own!.content).toContain("'digit1'");
    const message = new AgentEnvironment({ registry: ToolRegistry.of(rethrow) });
    const told = await message.executeTool({ name: 'outer', arguments: { digit1: 1, digit2: 1 } });
    expect(told.content).toMatch(/^Error: tool 'outer' failed: /);
    expect(told.content).not.toContain('Fix the arguments and call');
  });

  it('explains a missing agent context in full, even with errorDetail generic', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new WaitingTool()), errorDetail: 'generic' });
    const result = await env.executeTool({ name: 'wait', arguments: { label: 'x' } });
    expect(MissingAgentContextError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain("'wait'");
    expect(result.content).not.toContain('No details are available');
  });

  it('makes content a string the same way with or without maxResultChars', async () => {
    class Answer implements ToolResult.TextSerializable {
      constructor(private readonly text: unknown) {}
      textForLLM(): string {
        return this.text as string;
      }
    }
    const registry = ToolRegistry.of(
      new AddTool('number', () => new Answer(42) as unknown as number),
      new AddTool('answer', () => new Answer(undefined) as unknown as number),
    );
    for (const maxResultChars of [undefined, 1000]) {
      const env = new AgentEnvironment({ registry, ...(maxResultChars ? { maxResultChars } : {}) });
      const [number, answer] = await env.executeTools([
        { name: 'number', arguments: { digit1: 1, digit2: 1 } },
        { name: 'answer', arguments: { digit1: 1, digit2: 1 } },
      ]);
      expect(number).toMatchObject({ content: '42', isError: false });
      expect(answer).toMatchObject({ isError: true });
      expect(answer!.content).toContain('returned undefined, but must return a string');
    }
  });

  it('does not keep listeners on a long-lived signal after its calls end', async () => {
    const shared = new AbortController().signal;
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool(), new WaitingTool()), signal: shared, toolTimeoutMs: 1000 });
    const runSignal = new AbortController().signal;
    for (let index = 0; index < 50; index++) {
      await env.executeTools([sum(`a${index}`), { name: 'wait', arguments: { label: 'x' } }], undefined, { signal: runSignal });
    }
    expect(retainedBy(shared)).toBe(0);
    expect(retainedBy(runSignal)).toBe(0);
  });
});

describe('AgentEnvironment edge cases', () => {
  it('binds a context supplied by the caller to the call, so the tool sees its timeout', async () => {
    jest.useFakeTimers();
    try {
      let seen: AgentContext | undefined;
      class ContextWait extends ContextAwareTool<WaitArgs, string> {
        constructor() {
          super({ argsType: WaitArgs, name: 'context_wait', description: 'Waits for its context signal.' });
        }
        execute(_args: WaitArgs, context: AgentContext): Promise<string> {
          seen = context;
          return new Promise(() => undefined);
        }
      }
      const context = new AgentContext({ runId: 'r', agentName: 'a' });
      const pending = SafeTool.of(new ContextWait(), { toolTimeoutMs: 10 }).execute({ label: 'x' }, [
        [ContextAwareTool.AgentContextKey, context],
      ]);
      await jest.advanceTimersByTimeAsync(10);
      expect((await pending).ok).toBe(false);
      expect(seen?.signal.aborted).toBe(true);
      expect(seen?.state).toBe(context.state);
    } finally {
      jest.useRealTimers();
    }
  });

  it('treats an infinite toolTimeoutMs as no limit and refuses impossible numeric options', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()), toolTimeoutMs: Number.POSITIVE_INFINITY });
    expect((await env.executeTool({ name: 'calculator', arguments: '{"digit1":1,"digit2":1}' })).content).toBe('2');
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, maxConcurrency: Number.NaN })).toThrow(
      InvalidEnvironmentOptionsError,
    );
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, maxConcurrency: 0 })).toThrow(
      /'maxConcurrency' must be an integer of at least 1/,
    );
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, toolTimeoutMs: -1 })).toThrow(/'toolTimeoutMs'/);
  });

  it('answers a missing call, or one with a name that is not a string, with an error result instead of throwing', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()) });
    const results = await env.executeTools([undefined as unknown as ToolCall, { name: 42 } as unknown as ToolCall]);
    expect(results.map((result) => result.isError)).toEqual([true, true]);
    expect(results[0]!.content).toContain("A tool call must be an object with a 'name'");
    expect(results[1]!.content).toContain("Tool '42' is not defined");
  });

  it("with errorDetail 'generic' hides even a toolcraft error that a tool throws", async () => {
    const leaky = new AddTool('calculator', () =>
      Promise.reject(new ModelCallError('upstream said: key sk-secret is invalid', { retryable: false })),
    );
    const result = await new AgentEnvironment({ registry: ToolRegistry.of(leaky), errorDetail: 'generic' }).executeTool(sum('g'));
    expect(result.content).not.toContain('sk-secret');
  });

  it("sends a SimpleTool's text as it is, even with a formatter registered for Object", async () => {
    class Echo extends SimpleTool<DigitsArgs> {
      constructor() {
        super({ argsType: DigitsArgs, name: 'echo', description: '' });
      }
      execute(): string {
        return 'hello';
      }
    }
    const formatters = new FormatterRegistry().register(Object, () => 'formatted');
    const result = await new AgentEnvironment({ registry: ToolRegistry.of(new Echo()), formatters }).executeTool({
      name: 'echo',
      arguments: { digit1: 1, digit2: 1 },
    });
    expect(result.content).toBe('hello');
  });
});

describe('SafeTool', () => {
  it('returns ok with the value and its text', async () => {
    expect(await SafeTool.of(new AddTool()).execute({ digit1: 3, digit2: 4 })).toEqual({ ok: true, value: 7, content: '7' });
  });

  it('returns the error and its text instead of throwing', async () => {
    const result = await SafeTool.of(new AddTool()).execute('{"digit1":30,"digit2":4}');
    expect(result.ok).toBe(false);
    expect(result.content).toContain("'digit1': must be at most 9");
  });
});
