import 'reflect-metadata';
import { IsInt, Min } from 'class-validator';
import {
  AgentContext,
  AgentEnvironment,
  ContextAwareTool,
  type FeatureErrorReport,
  InvalidProgressError,
  ToolBase,
  type ToolCallMetadata,
  type ToolProgress,
  ToolRegistry,
} from '../src/index.js';

class StepsArgs {
  @IsInt() @Min(0) steps!: number;
}

/** Reports one progress line per step, then answers. */
class StepsTool extends ContextAwareTool<StepsArgs, string> {
  constructor(private readonly report: (context: AgentContext, step: number, steps: number) => void = defaultReport) {
    super({ argsType: StepsArgs, name: 'steps', description: 'Works in steps.' });
  }
  async execute(args: StepsArgs, context: AgentContext): Promise<string> {
    for (let step = 1; step <= args.steps; step++) {
      await Promise.resolve();
      this.report(context, step, args.steps);
    }
    return 'done';
  }
}
const defaultReport = (context: AgentContext, step: number, steps: number) => context.reportProgress(step, steps, `step ${step}`);

const call = (steps: number, id = 'c1') => ({ id, name: 'steps', arguments: JSON.stringify({ steps }) });
const runContext = () => new AgentContext({ runId: 'run-1', agentName: 'agent' });

describe('Tool progress (context.reportProgress)', () => {
  it('reaches the onProgress listener of the call, with the call id, tool name, done, total and message, in order', async () => {
    const seen: ToolProgress[] = [];
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new StepsTool()) });
    const result = await env.executeTool(call(2), undefined, {
      agentContext: runContext(),
      onProgress: (progress) => void seen.push(progress),
    });
    expect(result).toMatchObject({ content: 'done', isError: false });
    expect(seen).toEqual([
      { callId: 'c1', toolName: 'steps', done: 1, total: 2, message: 'step 1' },
      { callId: 'c1', toolName: 'steps', done: 2, total: 2, message: 'step 2' },
    ]);
  });

  it('tells parallel calls of one batch apart by their call ids', async () => {
    const seen: string[] = [];
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new StepsTool()) });
    await env.executeTools([call(1, 'a'), call(2, 'b')], undefined, {
      agentContext: runContext(),
      onProgress: (progress) => void seen.push(`${progress.callId}:${progress.done}`),
    });
    expect(seen.sort()).toEqual(['a:1', 'b:1', 'b:2']);
  });

  it('leaves out total and message when the tool gives none', async () => {
    const seen: ToolProgress[] = [];
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new StepsTool((context, step) => context.reportProgress(step))) });
    await env.executeTool(call(1), undefined, { agentContext: runContext(), onProgress: (progress) => void seen.push(progress) });
    expect(seen).toEqual([{ callId: 'c1', toolName: 'steps', done: 1 }]);
  });

  it('is a no-op without a listener, and outside a call', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new StepsTool()) });
    await expect(env.executeTool(call(2), undefined, { agentContext: runContext() })).resolves.toMatchObject({ content: 'done' });
    expect(() => runContext().reportProgress(1, 2, 'outside')).not.toThrow();
  });

  it('reports a listener that throws or rejects through onFeatureError (stage progress) and never fails the call', async () => {
    const reports: FeatureErrorReport[] = [];
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new StepsTool()), onFeatureError: (report) => void reports.push(report) });
    let count = 0;
    const result = await env.executeTool(call(2), undefined, {
      agentContext: runContext(),
      onProgress: () => {
        count++;
        if (count === 1) throw new Error('listener broke');
        return Promise.reject(new Error('listener rejected'));
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(result).toMatchObject({ content: 'done', isError: false });
    expect(reports.map((report) => [report.feature, report.stage, report.callId, (report.error as Error).message])).toEqual([
      ['onProgress', 'progress', 'c1', 'listener broke'],
      ['onProgress', 'progress', 'c1', 'listener rejected'],
    ]);
  });

  it('refuses a report that is not one with an InvalidProgressError saying which value was wrong', async () => {
    const context = runContext();
    expect(() => context.reportProgress(-1)).toThrow(InvalidProgressError);
    expect(() => context.reportProgress(Number.NaN)).toThrow(/done was NaN/);
    expect(() => context.reportProgress(1, 0)).toThrow(/total was 0/);
    expect(() => context.reportProgress(1, 2, 3 as unknown as string)).toThrow(/message was 3/);
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new StepsTool((ctx) => ctx.reportProgress('half' as unknown as number))),
    });
    const result = await env.executeTool(call(1), undefined, { agentContext: runContext(), onProgress: () => undefined });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('done was "half"');
  });

  it('drops reports made after the call ended, so none follows its result', async () => {
    let late: AgentContext | undefined;
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new StepsTool((context) => (late = context))) });
    const seen: ToolProgress[] = [];
    await env.executeTool(call(1), undefined, { agentContext: runContext(), onProgress: (progress) => void seen.push(progress) });
    late!.reportProgress(1, 1, 'too late');
    expect(seen).toEqual([]);
  });

  it('reaches a ToolBase that reads the context from its metadata', async () => {
    class Base extends ToolBase<StepsArgs, string> {
      constructor() {
        super({ argsType: StepsArgs, name: 'steps', description: 'Works in steps.' });
      }
      execute(_args: StepsArgs, metadata: ToolCallMetadata): string {
        metadata.get(ToolBase.AgentContextKey)?.reportProgress(5, 10);
        return 'ok';
      }
    }
    const seen: ToolProgress[] = [];
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new Base()) });
    await env.executeTool(call(1), undefined, { agentContext: runContext(), onProgress: (progress) => void seen.push(progress) });
    expect(seen).toEqual([{ callId: 'c1', toolName: 'steps', done: 5, total: 10 }]);
  });

  it('lets a unit test of a tool capture its reports with a sink of its own', async () => {
    const lines: string[] = [];
    const context = new AgentContext({ runId: 'r', agentName: 'a', progress: (done, total) => void lines.push(`${done}/${total}`) });
    await new StepsTool().execute({ steps: 2 }, context);
    expect(lines).toEqual(['1/2', '2/2']);
  });
});
