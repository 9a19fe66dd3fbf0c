import { z } from 'zod';
import { ContextAwareTool, Tool, ToolBase, ToolResult, type AgentContext, type ContentPart, type ToolCallMetadata } from '@toolcraft/core';
import { LLMDescription, Tool as ToolMethod } from '@toolcraft/core/annotations';

const WeatherArgs = z.object({
  city: z.string().min(2).describe('The city'),
  unit: z.enum(['celsius', 'fahrenheit']).default('celsius'),
});

/** A zod-typed tool whose `unit` default is filled in by toolcraft. */
export class WeatherTool extends Tool<z.output<typeof WeatherArgs>, string> {
  constructor() {
    super({ name: 'weather', description: 'Tells the weather of a city.', argsType: WeatherArgs, effects: 'read' });
  }
  execute(args: z.output<typeof WeatherArgs>): string {
    return `${args.city}: 21 degrees ${args.unit}`;
  }
}

/** A JSON Schema tool that throws for a city it does not know. */
export class LookupTool extends Tool<{ city: string }, string> {
  constructor() {
    super({
      name: 'lookup',
      description: 'Looks a city up.',
      argsType: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    });
  }
  execute(args: { city: string }): string {
    if (args.city !== 'Paris') throw new Error(`no city called ${args.city}`);
    return 'Paris, France';
  }
}

/** A tool whose rule lives outside JSON Schema (a zod refinement): only toolcraft's check sees it. */
export class EvenTool extends Tool<{ n: number }, string> {
  constructor() {
    super({
      name: 'even',
      description: 'Takes an even number.',
      argsType: z.object({ n: z.number().refine((n) => n % 2 === 0, 'must be even') }),
    });
  }
  execute(args: { n: number }): string {
    return `${args.n} is even`;
  }
}

/** Counts its calls in the context's state and reports progress. */
export class CounterTool extends ContextAwareTool<Record<string, never>, string> {
  readonly seen: AgentContext[] = [];
  constructor() {
    super({ name: 'counter', description: 'Counts its calls.', argsType: { type: 'object', properties: {} } });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    this.seen.push(context);
    const count = (context.state.get<number>('count') ?? 0) + 1;
    context.state.set('count', count);
    context.reportProgress(count, 10, `call ${count}`);
    return `call ${count} of ${context.toolCallId}`;
  }
}

/** Waits until its call is cancelled or times out, and remembers why. */
export class WaitingTool extends ContextAwareTool<Record<string, never>, string> {
  reason: unknown;
  /** Resolves when a call starts. */
  readonly started: Promise<void>;
  private start!: () => void;
  constructor(timeoutMs?: number) {
    super({
      name: 'waiting',
      description: 'Waits.',
      argsType: { type: 'object', properties: {} },
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
    this.started = new Promise((resolve) => (this.start = resolve));
  }
  execute(_args: Record<string, never>, context: AgentContext): Promise<string> {
    this.start();
    return new Promise((_resolve, reject) => {
      context.signal.addEventListener('abort', () => {
        this.reason = context.signal.reason;
        reject(context.signal.reason as Error);
      });
    });
  }
}

/** Returns what the metadata holds, to show what a call carries. */
export class MetadataTool extends ToolBase<Record<string, never>, string> {
  received?: ToolCallMetadata;
  constructor() {
    super({ name: 'metadata', description: 'Reads metadata.', argsType: { type: 'object', properties: {} } });
  }
  execute(_args: Record<string, never>, metadata: ToolCallMetadata): string {
    this.received = metadata;
    return 'read';
  }
}

/** Returns an image and a caption. */
export class ChartTool extends Tool<Record<string, never>, ToolResult.Parts> {
  constructor() {
    super({ name: 'chart', description: 'Draws a chart.', argsType: { type: 'object', properties: {} } });
  }
  execute(): ToolResult.Parts {
    const parts: ContentPart[] = [
      { type: 'text', text: 'the chart' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ];
    return ToolResult.parts(parts);
  }
}

/** Needs a person's approval in a toolcraft run. */
export class DeleteTool extends Tool<{ id: string }, string> {
  constructor() {
    super({
      name: 'delete_record',
      description: 'Deletes a record.',
      argsType: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      effects: 'destructive',
      needsApproval: true,
    });
  }
  execute(args: { id: string }): string {
    return `deleted ${args.id}`;
  }
}

/** A tool whose schema refers to another document. */
export class ShipTool extends Tool<{ to: unknown }, string> {
  constructor() {
    super({
      name: 'ship',
      description: 'Ships a parcel.',
      argsType: { type: 'object', properties: { to: { $ref: 'https://example.com/address.json' } }, required: ['to'] },
    });
  }
  execute(): string {
    return 'shipped';
  }
}

/** A service whose `@Tool` methods are tools (`ToolRegistry.of` reads them). */
export class MathService {
  @ToolMethod({ customName: 'multiply' })
  @LLMDescription('Multiplies two numbers.')
  multiply(@LLMDescription('The first number') a: number, @LLMDescription('The second number') b: number): number {
    return a * b;
  }
}
