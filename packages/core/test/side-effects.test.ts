import 'reflect-metadata';
import { IsString } from 'class-validator';
import {
  AgentContext,
  AgentEnvironment,
  ContextAwareTool,
  FrameworkKeys,
  InvalidToolDefinitionError,
  Tool,
  ToolBase,
  type ToolCallMetadata,
  ToolRegistry,
  type ToolEffects,
  type ToolRetryOptions,
} from '../src/index.js';
import { LLMDescription, Tool as ToolMethod } from '../src/annotations.js';

class PathArgs {
  @IsString() path!: string;
}

/** A tool whose calls log when they start and end, so a test can read the order they ran in. */
class LoggedTool extends Tool<PathArgs, string> {
  constructor(
    name: string,
    private readonly log: string[],
    options: { effects?: ToolEffects; idempotent?: boolean; retry?: ToolRetryOptions; timeoutMs?: number } = {},
    private readonly body: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
  ) {
    super({ argsType: PathArgs, name, description: `${name} a path`, ...options });
  }
  async execute(args: PathArgs): Promise<string> {
    this.log.push(`start ${this.name} ${args.path}`);
    await this.body();
    this.log.push(`end ${this.name} ${args.path}`);
    return `${this.name} ${args.path}`;
  }
}

const call = (name: string, path: string, id = `${name}-${path}`) => ({ id, name, arguments: JSON.stringify({ path }) });

describe('side-effect options', () => {
  it('are visible on the tool and its descriptor, idempotent by default for reads only', () => {
    const read = new LoggedTool('read', [], { effects: 'read' });
    const write = new LoggedTool('write', [], { effects: 'write' });
    const unknown = new LoggedTool('unknown', []);
    expect(read.descriptor).toMatchObject({ name: 'read', effects: 'read', idempotent: true });
    expect(read.descriptor.longRunning).toBeUndefined();
    expect(write.descriptor).toMatchObject({ effects: 'write', idempotent: false });
    expect(unknown.descriptor.effects).toBeUndefined();
    expect(unknown.descriptor.idempotent).toBeUndefined();
    expect(unknown.idempotent).toBe(false);
    expect(new LoggedTool('put', [], { effects: 'write', idempotent: true }).descriptor.idempotent).toBe(true);
  });

  it('are read from @Tool({...}) on methods', () => {
    class Files {
      @ToolMethod({ effects: 'destructive', openWorld: false })
      @LLMDescription('Deletes a file.')
      remove(path: string): string {
        return path;
      }
      @ToolMethod({ effects: 'read', retry: { attempts: 3 } })
      list(path: string): string {
        return path;
      }
    }
    const registry = ToolRegistry.of(new Files());
    expect(registry.findTool('remove')?.descriptor).toMatchObject({ effects: 'destructive', idempotent: false, openWorld: false });
    expect(registry.findTool('list')?.retry).toEqual({ attempts: 3, baseDelayMs: 100 });
  });

  it('refuse retry on a tool that is not idempotent, at definition, saying what to do', () => {
    expect(() => new LoggedTool('write', [], { effects: 'write', retry: { attempts: 2 } })).toThrow(InvalidToolDefinitionError);
    expect(() => new LoggedTool('write', [], { effects: 'write', retry: { attempts: 2 } })).toThrow(
      /retry is allowed only on idempotent tools/,
    );
    class Files {
      @ToolMethod({ retry: { attempts: 2 } })
      touch(path: string): string {
        return path;
      }
    }
    expect(() => ToolRegistry.of(new Files())).toThrow(/'touch' \(Files\.touch\).*idempotent/);
  });

  it('refuse an unknown effects value and a retry without attempts', () => {
    expect(() => new LoggedTool('x', [], { effects: 'delete' as ToolEffects })).toThrow(/effects must be 'read', 'write' or 'destructive'/);
    expect(() => new LoggedTool('x', [], { effects: 'read', retry: { attempts: 0 } })).toThrow(/retry.attempts must be a whole number/);
  });
});

describe('ordering of a batch by side effects', () => {
  it('runs reads concurrently, a write alone after everything before it and before everything after it, results in call order', async () => {
    const log: string[] = [];
    const registry = ToolRegistry.of(new LoggedTool('read', log, { effects: 'read' }), new LoggedTool('write', log, { effects: 'write' }));
    const environment = new AgentEnvironment({ registry });
    const results = await environment.executeTools([
      call('read', 'a'),
      call('read', 'b'),
      call('write', 'c'),
      call('read', 'd'),
      call('read', 'e'),
    ]);
    expect(results.map((result) => result.content)).toEqual(['read a', 'read b', 'write c', 'read d', 'read e']);
    expect(log).toEqual([
      'start read a',
      'start read b',
      'end read a',
      'end read b',
      'start write c',
      'end write c',
      'start read d',
      'start read e',
      'end read d',
      'end read e',
    ]);
  });

  it('treats unknown effects like reads, and keeps maxConcurrency within a stretch of reads', async () => {
    const log: string[] = [];
    const registry = ToolRegistry.of(new LoggedTool('look', log), new LoggedTool('drop', log, { effects: 'destructive' }));
    const environment = new AgentEnvironment({ registry, maxConcurrency: 2 });
    await environment.executeTools([call('look', '1'), call('look', '2'), call('look', '3'), call('drop', '4'), call('nope', '5')]);
    expect(log).toEqual([
      'start look 1',
      'start look 2',
      'end look 1',
      'start look 3',
      'end look 2',
      'end look 3',
      'start drop 4',
      'end drop 4',
    ]);
  });
});

describe('retry of an idempotent tool', () => {
  class FlakyError extends Error {
    readonly retryable = true;
  }

  it('runs a call again after an error marked retryable, up to attempts in all', async () => {
    let runs = 0;
    const tool = new LoggedTool('fetch', [], { effects: 'read', retry: { attempts: 3, baseDelayMs: 1 } }, () => {
      runs++;
      return runs < 3 ? Promise.reject(new FlakyError('flaky')) : Promise.resolve();
    });
    const result = await new AgentEnvironment({ registry: ToolRegistry.of(tool) }).executeTool(call('fetch', 'x'));
    expect(result).toMatchObject({ isError: false, content: 'fetch x' });
    expect(runs).toBe(3);
  });

  it('waits the shared backoff between attempts: a random share (full jitter) of baseDelayMs * 2 ** retry, capped at 30 s', async () => {
    jest.useFakeTimers();
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const starts: number[] = [];
      const tool = new LoggedTool('fetch', [], { effects: 'read', retry: { attempts: 4, baseDelayMs: 20_000 } }, () => {
        starts.push(Date.now());
        return starts.length < 4 ? Promise.reject(new FlakyError('flaky')) : Promise.resolve();
      });
      const result = new AgentEnvironment({ registry: ToolRegistry.of(tool) }).executeTool(call('fetch', 'x'));
      await jest.advanceTimersByTimeAsync(60_000);
      await expect(result).resolves.toMatchObject({ isError: false });
      // Half of 20 s, of 40 s capped at 30 s, of 80 s capped at 30 s.
      expect(starts.slice(1).map((at, index) => at - starts[index]!)).toEqual([10_000, 15_000, 15_000]);
    } finally {
      random.mockRestore();
      jest.useRealTimers();
    }
  });

  it('retries a timed-out attempt, and never an error that is not marked retryable', async () => {
    let slowRuns = 0;
    const slow = new LoggedTool('slow', [], { effects: 'read', retry: { attempts: 2, baseDelayMs: 1 }, timeoutMs: 5 }, () => {
      slowRuns++;
      return slowRuns === 1 ? new Promise(() => undefined) : Promise.resolve();
    });
    let brokenRuns = 0;
    const broken = new LoggedTool('broken', [], { effects: 'read', retry: { attempts: 5, baseDelayMs: 1 } }, () => {
      brokenRuns++;
      return Promise.reject(new Error('bad request'));
    });
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(slow, broken) });
    await expect(environment.executeTool(call('slow', 'x'))).resolves.toMatchObject({ isError: false });
    expect(slowRuns).toBe(2);
    await expect(environment.executeTool(call('broken', 'x'))).resolves.toMatchObject({ isError: true });
    expect(brokenRuns).toBe(1);
  });

  it('starts no retry past the run deadline', async () => {
    let runs = 0;
    const tool = new LoggedTool('fetch', [], { effects: 'read', retry: { attempts: 5, baseDelayMs: 10_000 } }, () => {
      runs++;
      return Promise.reject(new FlakyError('flaky'));
    });
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    const result = await environment.executeTool(call('fetch', 'x'), undefined, { deadline: Date.now() + 1 });
    expect(result.isError).toBe(true);
    expect(runs).toBe(1);
  });
});

describe('idempotency key of a call', () => {
  it('is `${runId}:${callId}` on the context and in the metadata of ToolBase tools', async () => {
    class KeyFromContext extends ContextAwareTool<PathArgs, string> {
      constructor() {
        super({ argsType: PathArgs, name: 'from_context', description: 'Reads its key.' });
      }
      execute(_args: PathArgs, context: AgentContext): string {
        return context.idempotencyKey;
      }
    }
    class KeyFromMetadata extends ToolBase<PathArgs, string> {
      constructor() {
        super({ argsType: PathArgs, name: 'from_metadata', description: 'Reads its key.' });
      }
      execute(_args: PathArgs, metadata: ToolCallMetadata): string {
        return metadata.get(FrameworkKeys.idempotencyKey) ?? 'none';
      }
    }
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(new KeyFromContext(), new KeyFromMetadata()) });
    const agentContext = new AgentContext({ runId: 'run-7', agentName: 'agent' });
    const results = await environment.executeTools([call('from_context', 'a', 'call-1'), call('from_metadata', 'b', 'call-2')], undefined, {
      agentContext,
      runId: 'run-7',
    });
    expect(results.map((result) => result.content)).toEqual(['run-7:call-1', 'run-7:call-2']);
  });
});
