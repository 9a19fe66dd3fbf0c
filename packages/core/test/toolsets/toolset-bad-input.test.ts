import { ScriptedModel } from '@toolcraft/testing';
import { z } from 'zod';
import {
  Agent,
  InvalidAgentOptionsError,
  InvalidToolDefinitionError,
  ToolRegistry,
  ToolsetError,
  type AnyTool,
  type Toolset,
} from '../../src/index.js';
import { EchoTool } from '../support/echo-tool.js';
import { MathService } from '../support/math-service.js';
import { deferred } from '../support/deferred.js';

/** A toolset whose getTools does what the test says, typed loosely on purpose. */
function toolset(getTools: () => unknown, name = 'bad'): Toolset {
  return { name, getTools: getTools as () => AnyTool[] };
}

async function failureOf(set: Toolset): Promise<{ error: unknown; model: ScriptedModel }> {
  const model = new ScriptedModel([{ text: 'ok' }]);
  const error = await new Agent({ model, tools: [new EchoTool('lookup'), set] }).run('go').then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return { error, model };
}

describe('a toolset that misbehaves', () => {
  it.each([
    [
      'a string among its tools',
      () => [new EchoTool('ok'), 'search'],
      'returned string "search" at position 1 of getTools, which is not a tool',
    ],
    ['a service instance', () => [new MathService()], 'returned an object (MathService) at position 0 of getTools, which is not a tool'],
    ['a class instead of an instance', () => [EchoTool], 'the function or class EchoTool (pass an instance)'],
    ['null', () => null, 'returned null from getTools; expected an iterable of tools (an array).'],
    [
      'a single tool instead of a list',
      () => new EchoTool('one'),
      'returned an object (EchoTool) from getTools; expected an iterable of tools',
    ],
    ['a promise of a non-list', async () => 42, 'returned number 42 from getTools'],
  ])('fails the run with ToolsetError before the model call when it returns %s', async (_case, getTools, message) => {
    const { error, model } = await failureOf(toolset(getTools));

    expect(ToolsetError.isInstance(error)).toBe(true);
    expect((error as ToolsetError).toolsetName).toBe('bad');
    expect((error as Error).message).toContain(message);
    expect(model.requests).toHaveLength(0);
  });

  it('fails the run with ToolsetError, its error as the cause, when getTools throws or rejects', async () => {
    const cause = new Error('server unreachable');
    const thrown = await failureOf(
      toolset(() => {
        throw cause;
      }),
    );
    const rejected = await failureOf(toolset(() => Promise.reject(cause)));

    expect((thrown.error as Error).message).toBe("Toolset 'bad' failed: its getTools threw: server unreachable");
    expect((rejected.error as Error).message).toBe("Toolset 'bad' failed: its getTools rejected: server unreachable");
    expect((thrown.error as Error).cause).toBe(cause);
    expect((rejected.error as Error).cause).toBe(cause);
    expect(thrown.model.requests).toHaveLength(0);
  });

  it('fails the run with ToolsetError when what getTools returned has a then getter that throws', async () => {
    const trap = {
      get then(): never {
        throw new Error('then trap');
      },
    };
    const { error, model } = await failureOf(toolset(() => trap as never));
    expect(ToolsetError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe("Toolset 'bad' failed: its getTools threw: then trap");
    expect(model.requests).toHaveLength(0);
  });

  it('fails the run when iterating what it returned throws', async () => {
    function* tools(): Generator<AnyTool> {
      yield new EchoTool('one');
      throw new Error('page 2 failed');
    }
    const { error } = await failureOf(toolset(tools));

    expect((error as Error).message).toBe("Toolset 'bad' failed: iterating the tools of its getTools threw: page 2 failed");
  });

  it('stops at 10,000 tools from an endless iterable instead of hanging', async () => {
    const tool = new EchoTool('same');
    function* endless(): Generator<AnyTool> {
      for (;;) yield tool;
    }
    const { error } = await failureOf(toolset(endless));

    expect((error as Error).message).toContain('returned more than 10000 tools from getTools');
  });

  it('that hangs is bounded by the run’s maxDurationMs: the run stops with max_duration, no model call made', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const run = await new Agent({ model, tools: [toolset(() => new Promise(() => undefined), 'stuck')], maxDurationMs: 30 }).run('go');

    expect(run.stopReason).toBe('max_duration');
    expect(model.requests).toHaveLength(0);
  });

  it('that hangs is bounded by the caller’s signal: the run stops with aborted', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const controller = new AbortController();
    const asked = deferred();
    const stuck = toolset(() => {
      asked.resolve();
      return new Promise(() => undefined);
    }, 'stuck');
    const agent = new Agent({ model, tools: [stuck], maxDurationMs: Infinity });
    const pending = agent.run('go', { signal: controller.signal });
    await asked.promise;
    controller.abort();

    expect((await pending).stopReason).toBe('aborted');
  });

  it('rejecting after the run stopped does not surface as an unhandled rejection', async () => {
    let rejectLater: (error: Error) => void = () => undefined;
    const late = toolset(() => new Promise((_, reject) => (rejectLater = reject)), 'late');
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    let run;
    try {
      const running = new Agent({ model: new ScriptedModel([]), tools: [late], maxDurationMs: 10 }).run('go');
      await jest.advanceTimersByTimeAsync(10);
      run = await running;
    } finally {
      jest.useRealTimers();
    }
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    rejectLater(new Error('too late'));
    // Node reports an unhandled rejection once the microtasks have run: one turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);

    expect(run.stopReason).toBe('max_duration');
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('bad tools options', () => {
  const model = new ScriptedModel([]);

  it('refuses a toolset without a name', () => {
    const nameless = { getTools: () => [] } as unknown as Toolset;
    expect(() => new Agent({ model, tools: [nameless] })).toThrow(InvalidAgentOptionsError);
    expect(() => new Agent({ model, tools: [nameless] })).toThrow(/a toolset with a non-empty string 'name'/);
  });

  it('refuses a tools option that is not a list, and a registry option that is not a registry', () => {
    expect(() => new Agent({ model, tools: new EchoTool('x') as unknown as AnyTool[] })).toThrow(
      /'tools' must be a list of tools, service instances, registries and toolsets/,
    );
    expect(() => new Agent({ model, registry: [new EchoTool('x')] as never })).toThrow(/'registry' must be a ToolRegistry/);
  });

  it('refuses a class, a string or a service without @Tool methods among the tools, as ToolRegistry.of does', () => {
    // @ts-expect-error a class is not an instance (as for ToolRegistry.of)
    expect(() => new Agent({ model, tools: [EchoTool] })).toThrow(InvalidToolDefinitionError);
    expect(() => new Agent({ model, tools: [() => 'x'] })).toThrow(InvalidToolDefinitionError);
    expect(() => new Agent({ model, tools: [EchoTool as never] })).toThrow(/takes instances, not classes: pass new EchoTool\(\)/);
    expect(() => ToolRegistry.of(EchoTool as never)).toThrow(/takes instances, not classes/);
    expect(() => new Agent({ model, tools: ['search' as never] })).toThrow(InvalidToolDefinitionError);
    // A toolset written inline may carry members of its own (it is not a service instance).
    const inline = new Agent({ model, tools: [{ name: 'inline', getTools: () => [new EchoTool('x')], owner: 'ops' }] });
    expect(inline.name).toBeDefined();
    const plain: object = { plain: true };
    expect(() => new Agent({ model, tools: [plain] })).toThrow(/has no method marked @Tool\(\)/);
  });

  it('points an AI SDK tool to fromAISDKTools, and a bare schema to argsType', async () => {
    const aiSdkTool = { description: 'The weather', inputSchema: z.object({ city: z.string() }), execute: () => 'sunny' };
    expect(() => new Agent({ model, tools: [aiSdkTool as never] })).toThrow(InvalidToolDefinitionError);
    expect(() => new Agent({ model, tools: [aiSdkTool as never] })).toThrow(
      /looks like an AI SDK tool .*convert it with fromAISDKTools from '@toolcraft\/ai-sdk'/,
    );
    expect(() => new Agent({ model, tools: [{ parameters: {}, execute: () => 'x' } as never] })).toThrow(/fromAISDKTools/);
    await expect(new Agent({ model }).run('x', { tools: [aiSdkTool as never] })).rejects.toThrow(/fromAISDKTools/);
    expect(() => new Agent({ model, tools: [z.object({ city: z.string() }) as never] })).toThrow(
      /ZodObject: is a schema, not a tool: .*argsType: schema/,
    );
  });

  it('builds an agent without tools when neither registry nor tools is given', async () => {
    const chat = new ScriptedModel([{ text: 'hello' }]);
    const run = await new Agent({ model: chat }).run('hi');

    expect(run.text).toBe('hello');
    expect(chat.requests[0].tools).toEqual([]);
  });
});
