import 'reflect-metadata';
import { IsInt, Max } from 'class-validator';
import { FrameworkKeys, LLMDescription, Tool, ToolBase, ToolResult, type ToolCallMetadata } from '@toolcraft/core';

class AddArgs {
  @LLMDescription('The first integer')
  @IsInt()
  a!: number;

  @LLMDescription('The second integer, at most 100')
  @IsInt()
  @Max(100)
  b!: number;
}

/** Adds two integers; records the arguments it was called with. */
export class AddTool extends Tool<AddArgs, number> {
  readonly calls: AddArgs[] = [];

  constructor() {
    super({ argsType: AddArgs, name: 'add', description: 'Adds two integers.' });
  }

  async execute(args: AddArgs): Promise<number> {
    this.calls.push(args);
    return args.a + args.b;
  }
}

/** Waits until its call's signal aborts, then rejects with the reason; records the signals and call ids it saw. */
export class WaitTool extends ToolBase<Record<string, never>, string> {
  readonly signals: AbortSignal[] = [];
  readonly callIds: Array<string | undefined> = [];

  constructor(timeoutMs?: number) {
    super({
      argsType: { type: 'object', properties: {} },
      name: 'wait',
      description: 'Waits for a long time.',
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });
  }

  execute(_args: Record<string, never>, metadata: ToolCallMetadata): Promise<string> {
    const signal = metadata.get(ToolBase.SignalKey)!;
    this.signals.push(signal);
    this.callIds.push(metadata.get(FrameworkKeys.toolCallId));
    return new Promise((_resolve, reject) => {
      const stop = () => reject(signal.reason as Error);
      if (signal.aborted) stop();
      else signal.addEventListener('abort', stop, { once: true });
    });
  }
}

/** Returns a chart: a line of text and a PNG image. */
export class ChartTool extends Tool<Record<string, never>, ToolResult.Parts> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'chart', description: 'Draws a chart.' });
  }

  execute(): ToolResult.Parts {
    return ToolResult.parts([
      { type: 'text', text: 'The chart:' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
  }
}

/** Returns images and a file by URL string and data: URL string, as tools often do. */
export class LinksTool extends Tool<Record<string, never>, ToolResult.Parts> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'links', description: 'Images by URL.' });
  }

  execute(): ToolResult.Parts {
    return ToolResult.parts([
      { type: 'image', data: 'https://example.com/chart.png', mediaType: 'image/png' },
      { type: 'image', data: 'data:image/webp;base64,UklGRg==', mediaType: 'image/*' },
      { type: 'file', data: 'https://example.com/a.pdf', mediaType: 'application/pdf', filename: 'a.pdf' },
    ]);
  }
}
