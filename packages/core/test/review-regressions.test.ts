import 'reflect-metadata';
import { IsInt, IsOptional } from 'class-validator';
import { Tool as ToolMethod } from '../src/annotations.js';
import {
  Agent,
  AgentContext,
  AgentEnvironment,
  ContextAwareTool,
  type Feature,
  FormatterRegistry,
  InvalidEnvironmentOptionsError,
  ModelCallError,
  SafeTool,
  SimpleTool,
  Tool,
  ToolBase,
  type ToolCall,
  type ToolCallMetadata,
  type JsonSchema,
  type ToolDescriptor,
  ToolRegistry,
} from '../src/index.js';
import { ScriptedModel } from '@toolcraft/testing';
import { AddTool, DigitsArgs } from './support/calculator.js';

class WaitArgs {
  @IsOptional() @IsInt() ms?: number;
}

class SignalWaitTool extends ToolBase<WaitArgs, string> {
  constructor() {
    super({ argsType: WaitArgs, name: 'wait', description: 'Waits for its signal.' });
  }
  execute(_args: WaitArgs, metadata: ToolCallMetadata): Promise<string> {
    const signal = metadata.get(ToolBase.SignalKey)!;
    return new Promise((resolve) => signal.addEventListener('abort', () => resolve('aborted')));
  }
}

class ContextWaitTool extends ContextAwareTool<WaitArgs, string> {
  seen?: AgentContext;
  constructor() {
    super({ argsType: WaitArgs, name: 'context_wait', description: 'Waits for its context signal.' });
  }
  execute(_args: WaitArgs, context: AgentContext): Promise<string> {
    this.seen = context;
    return new Promise(() => undefined);
  }
}

const slowStart: Feature = {
  name: 'audit',
  install: (pipeline) => pipeline.onToolCallStarting(slowStart, () => new Promise((resolve) => setTimeout(resolve, 40))),
};

describe('Dispatch edge cases', () => {
  it('cancels a call whose abort arrives while a starting interceptor is awaited', async () => {
    const controller = new AbortController();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new SignalWaitTool()), features: [slowStart], signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const result = await env.executeTool({ name: 'wait', arguments: '{}' });
    expect(result.content).toContain('was cancelled');
  });

  it('stops an agent run at maxDurationMs even when the abort lands during a starting interceptor', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'context_wait', arguments: {} }] }, { text: 'never' }]);
    const run = await new Agent({ model, registry: ToolRegistry.of(new ContextWaitTool()), features: [slowStart], maxDurationMs: 20 }).run(
      'wait',
    );
    expect(run.stopReason).toBe('max_duration');
  });

  it('binds a context supplied by the caller to the call, so the tool sees its timeout', async () => {
    const tool = new ContextWaitTool();
    const context = new AgentContext({ runId: 'r', agentName: 'a' });
    const result = await SafeTool.of(tool, { toolTimeoutMs: 10 }).execute({}, [[ContextAwareTool.AgentContextKey, context]]);
    expect(result.ok).toBe(false);
    expect(tool.seen?.signal.aborted).toBe(true);
    expect(tool.seen?.state).toBe(context.state);
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

  it('answers a missing or malformed call with an error result instead of throwing', async () => {
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
    const result = await new AgentEnvironment({ registry: ToolRegistry.of(leaky), errorDetail: 'generic' }).executeTool({
      name: 'calculator',
      arguments: { digit1: 1, digit2: 1 },
    });
    expect(result.content).not.toContain('sk-secret');
  });

  it("sends a SimpleTool's text as it is, even with a formatter registered for Object", async () => {
    class Echo extends SimpleTool<WaitArgs> {
      constructor() {
        super({ argsType: WaitArgs, name: 'echo', description: '' });
      }
      execute(): string {
        return 'hello';
      }
    }
    const formatters = new FormatterRegistry().register(Object, () => 'formatted');
    const result = await new AgentEnvironment({ registry: ToolRegistry.of(new Echo()), formatters }).executeTool({ name: 'echo' });
    expect(result.content).toBe('hello');
  });

  it('does not read inherited members for an optional property named like one (valueOf)', async () => {
    // Decorated by hand: TypeScript will not let a class declare a number property named valueOf.
    class Args {}
    IsOptional()(Args.prototype, 'valueOf');
    IsInt()(Args.prototype, 'valueOf');
    class Reader extends Tool<Args, string> {
      constructor() {
        super({ argsType: Args, name: 'reader', description: '' });
      }
      execute(args: Args): string {
        return String(Object.hasOwn(args, 'valueOf'));
      }
    }
    expect((await SafeTool.of(new Reader()).execute('{}')).content).toBe('false');
  });
});

describe('Explicit schemas', () => {
  type Team = Record<string, unknown>;
  class TeamTool extends Tool<Team, Team> {
    constructor(schema: JsonSchema) {
      super({ name: 'team', description: '', argsType: schema });
    }
    execute(args: Team): Team {
      return { own: Object.keys(args), protoIsObject: Object.getPrototypeOf(args) === Object.prototype, isAdmin: args.isAdmin };
    }
  }

  it('refuses __proto__ even when the schema lists no properties, so the prototype cannot be set', async () => {
    const tool = new TeamTool({ type: 'object', additionalProperties: { type: 'string' } });
    const result = await SafeTool.of(tool).execute('{"team":"a","__proto__":{"isAdmin":"yes"}}');
    expect(result.ok).toBe(false);
    expect(result.content).toContain("the key '__proto__' is not allowed");
  });

  it('drops undeclared properties at every depth', async () => {
    const tool = new TeamTool({ type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } });
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(
        new (class extends Tool<Team, Team> {
          constructor() {
            super({ name: 'address', description: '', argsType: tool.inputSchema });
          }
          execute(args: Team): Team {
            return args;
          }
        })(),
      ),
    });
    const result = await env.executeTool({ name: 'address', arguments: '{"address":{"city":"Paris","sql":"DROP TABLE"}}' });
    expect(result.value).toEqual({ address: { city: 'Paris' } });
  });

  it("never writes defaults into the caller's objects", async () => {
    const tool = new TeamTool({
      type: 'object',
      properties: { options: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } } },
    });
    const options = {};
    await SafeTool.of(tool).execute({ options });
    expect(options).toEqual({});
  });

  it('can build two tools from one schema with an $id', () => {
    const schema: JsonSchema = { $id: 'https://example.com/team', type: 'object', properties: { name: { type: 'string' } } };
    expect(() => [new TeamTool(schema), new TeamTool(schema)]).not.toThrow();
  });
});

describe('Registry edge cases', () => {
  class Service {
    @ToolMethod() ping(): string {
      return 'pong';
    }
  }

  it('keeps the same method of the same service once across plus()', () => {
    const service = new Service();
    expect(ToolRegistry.of(service).plus(ToolRegistry.of(service)).tools).toHaveLength(1);
  });

  it('accepts any iterable of tools and services', () => {
    expect(
      ToolRegistry.builder()
        .tools(new Set([new AddTool(), new Service()]))
        .build().names,
    ).toEqual(['calculator', 'ping']);
  });

  it('dispatches by the name the descriptor shows the model, and the agent shows its description', async () => {
    class Renamed extends Tool<DigitsArgs, number> {
      constructor() {
        super({ argsType: DigitsArgs, name: 'calculator', description: 'adds' });
      }
      override get descriptor(): ToolDescriptor {
        return { ...super.descriptor, name: 'add_digits', description: 'Adds two single digits (0-9).' };
      }
      execute(args: DigitsArgs): number {
        return args.digit1 + args.digit2;
      }
    }
    const registry = ToolRegistry.of(new Renamed());
    const model = new ScriptedModel([{ toolCalls: [{ name: 'add_digits', arguments: { digit1: 1, digit2: 2 } }] }, { text: 'done' }]);
    const run = await new Agent({ model, registry }).run('add');
    expect(model.requests[0]!.tools).toEqual([
      expect.objectContaining({ name: 'add_digits', description: 'Adds two single digits (0-9).' }),
    ]);
    expect(run.toolCalls[0]!.result.content).toBe('3');
  });
});

describe('Tool options', () => {
  it('refuses a timeoutMs that is not above 0', () => {
    expect(() => new AddTool('calculator', undefined, 0)).toThrow(/timeoutMs must be a number above 0/);
  });
});

describe('Agent edge cases', () => {
  it('gives up at once, with the model error, when a retry would wait past maxDurationMs', async () => {
    const model = new ScriptedModel([
      { error: new ModelCallError('rate limited', { retryable: true, status: 429, retryAfterMs: 20_000 }) },
      { text: 'late' },
    ]);
    const started = Date.now();
    const error = await new Agent({ model, registry: ToolRegistry.EMPTY, maxDurationMs: 300 }).run('hi').catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(250);
    expect(ModelCallError.isInstance(error) && error.message).toMatch(
      /failed after 1 attempt \(the next retry would come after the run's maxDurationMs\).*rate limited/,
    );
    expect((error as ModelCallError).status).toBe(429);
  });

  it('does not end the run with the result of a failed call that set skipSummarization', async () => {
    class Finisher extends ContextAwareTool<WaitArgs, string> {
      constructor() {
        super({ argsType: WaitArgs, name: 'finish', description: '' });
      }
      execute(_args: WaitArgs, context: AgentContext): string {
        context.actions.skipSummarization = true;
        throw new Error('failed after asking to finish');
      }
    }
    const model = new ScriptedModel([{ toolCalls: [{ name: 'finish', arguments: {} }] }, { text: 'recovered' }]);
    const run = await new Agent({ model, registry: ToolRegistry.of(new Finisher()) }).run('finish');
    expect(run.text).toBe('recovered');
    expect(run.stopReason).toBe('completed');
  });
});

describe('Finish reasons', () => {
  it("tells the host when the model's last answer was cut off at the token limit", async () => {
    const model = new ScriptedModel([{ text: 'The answer is', finishReason: 'length' }]);
    const run = await new Agent({ model, registry: ToolRegistry.EMPTY }).run('hi');
    expect(run).toMatchObject({ stopReason: 'completed', text: 'The answer is', finishReason: 'length' });
  });
});
