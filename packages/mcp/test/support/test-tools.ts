import { ContextAwareTool, Tool, ToolBase, type AgentContext, type ToolCallMetadata } from '@toolcraft/core';

/** Adds two integers. */
export class AddTool extends Tool<{ a: number; b: number }, number> {
  constructor() {
    super({
      name: 'add',
      description: 'Adds two integers.',
      argsType: {
        type: 'object',
        properties: { a: { type: 'integer', description: 'first' }, b: { type: 'integer', description: 'second' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
    });
  }
  execute({ a, b }: { a: number; b: number }): number {
    return a + b;
  }
}

/** Throws what it is told. */
export class FailTool extends Tool<{ message: string }, string> {
  constructor() {
    super({
      name: 'fail',
      description: 'Always fails.',
      argsType: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    });
  }
  execute({ message }: { message: string }): string {
    throw new Error(message);
  }
}

/** Tells the caller's metadata entry `key`. */
export class MetadataTool extends ToolBase<{ key: string }, string> {
  constructor() {
    super({
      name: 'read_meta',
      description: 'Reads a metadata entry.',
      argsType: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
    });
  }
  execute({ key }: { key: string }, metadata: ToolCallMetadata): string {
    return JSON.stringify(metadata.get(key) ?? null);
  }
}

/** A count a test can await: `reached(n)` settles once it is at least `n`. */
export class Count {
  private value = 0;
  private readonly waiters: Array<{ at: number; resolve: () => void }> = [];
  /** How many so far. */
  get current(): number {
    return this.value;
  }
  /** Counts one more, settling the waits it reaches. */
  add(): void {
    this.value++;
    for (const waiter of this.waiters.filter((item) => item.at <= this.value)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
  /** @returns a promise settled once the count is at least `at` */
  reached(at: number): Promise<void> {
    if (this.value >= at) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ at, resolve }));
  }
}

/** Waits until its call is cancelled, then records why. */
export class WaitTool extends ContextAwareTool<Record<string, never>, string> {
  readonly aborted: unknown[] = [];
  /** Calls started, and calls whose signal aborted (awaitable). */
  readonly starts = new Count();
  readonly aborts = new Count();
  constructor() {
    super({ name: 'wait', description: 'Waits until cancelled.', argsType: { type: 'object', properties: {} } });
  }
  execute(_args: Record<string, never>, context: AgentContext): Promise<string> {
    this.starts.add();
    return new Promise((_resolve, reject) => {
      context.signal.addEventListener('abort', () => {
        this.aborted.push(context.signal.reason);
        this.aborts.add();
        reject(context.signal.reason as Error);
      });
    });
  }
}

/** Counts calls in the connection's state. */
export class CounterTool extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({ name: 'count', description: 'Counts calls of this connection.', argsType: { type: 'object', properties: {} } });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    const count = (context.state.get<number>('count') ?? 0) + 1;
    context.state.set('count', count);
    return `${context.agentName} ${count}`;
  }
}

/** Repeats a text. */
export class RepeatTool extends Tool<{ text: string; times: number }, string> {
  constructor() {
    super({
      name: 'repeat',
      description: 'Repeats a text.',
      argsType: {
        type: 'object',
        properties: { text: { type: 'string' }, times: { type: 'integer', minimum: 0 } },
        required: ['text', 'times'],
      },
    });
  }
  execute({ text, times }: { text: string; times: number }): string {
    return text.repeat(times);
  }
}

/** Reports `steps` progress steps, then answers. */
export class ProgressTool extends ContextAwareTool<{ steps: number }, string> {
  constructor() {
    super({
      name: 'progress',
      description: 'Reports progress.',
      argsType: { type: 'object', properties: { steps: { type: 'integer' } }, required: ['steps'] },
    });
  }
  async execute({ steps }: { steps: number }, context: AgentContext): Promise<string> {
    for (let step = 1; step <= steps; step++) {
      context.reportProgress(step, steps, `step ${step}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return `done after ${steps} steps`;
  }
}

/** Answers what its gate resolves to; it sees no context, so no cancellation. */
export class GatedTool extends Tool<Record<string, never>, number> {
  /** Calls started (awaitable). */
  readonly starts = new Count();
  constructor(private readonly gate: Promise<number>) {
    super({ name: 'gated', description: 'Waits for its gate.', argsType: { type: 'object', properties: {} } });
  }
  execute(): Promise<number> {
    this.starts.add();
    return this.gate;
  }
}
