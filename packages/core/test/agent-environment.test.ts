import 'reflect-metadata';
import { IsString } from 'class-validator';
import {
  AgentContext,
  AgentEnvironment,
  ContextAwareTool,
  FormatterRegistry,
  SafeTool,
  ToolBase,
  type ToolCallMetadata,
  ToolCancelledError,
  ToolNotFoundError,
  ToolRegistry,
  ToolTimeoutError,
} from '../src/index.js';
import { AddTool, DigitsArgs } from './support/calculator.js';

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
    setTimeout(() => controller.abort(), 10);
    const results = await pending;
    expect(results.map((result) => [result.id, result.isError])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    expect(ToolCancelledError.isInstance(results[1]!.error)).toBe(true);
    expect(results[2]!.content).toContain('was cancelled');
  });

  it('gives every call exactly one result, in call order, generating missing ids', async () => {
    const delays = [30, 0, 10];
    let index = 0;
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(
        new AddTool('calculator', async (args) => {
          await new Promise((resolve) => setTimeout(resolve, delays[index++]));
          return args.digit1;
        }),
      ),
    });
    const results = await env.executeTools([
      { id: 'first', name: 'calculator', arguments: '{"digit1":1,"digit2":0}' },
      { name: 'calculator', arguments: '{"digit1":2,"digit2":0}' },
      { id: 'third', name: 'nope', arguments: '{}' },
      { id: 'fourth', name: 'calculator', arguments: '{"digit1":4,"digit2":0}' },
    ]);
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
          await new Promise((resolve) => setTimeout(resolve, 5));
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
          await new Promise((resolve) => setTimeout(resolve, 5));
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
