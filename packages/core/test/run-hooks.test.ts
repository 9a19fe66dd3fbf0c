import 'reflect-metadata';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type ExecutionScope,
  type Feature,
  type FeatureErrorReport,
  ModelCallError,
  type ToolPipeline,
  ToolRegistry,
} from '../src/index.js';
import { StepTool } from './support/streaming-tools.js';

const feature = (name: string, install: (pipeline: ToolPipeline, self: Feature) => void): Feature => {
  const self: Feature = { name, install: (pipeline) => install(pipeline, self) };
  return self;
};

/** Records every agent-level and tool hook as a line. */
function recorder(lines: string[]): Feature {
  return feature('recorder', (pipeline, self) => {
    pipeline.onRunStarting(self, (event) => void lines.push(`run starting ${event.agentName} ${event.input}`));
    pipeline.onModelCallStarting(
      self,
      (event) => void lines.push(`model starting ${event.iteration} (${event.request.messages.length} messages)`),
    );
    pipeline.onModelCallCompleted(
      self,
      (event) =>
        void lines.push(
          `model completed ${event.iteration} ${event.finishReason ?? '-'} ${event.usage?.inputTokens ?? '-'}/${event.usage?.outputTokens ?? '-'}`,
        ),
    );
    pipeline.onModelCallFailed(self, (event) => void lines.push(`model failed ${event.iteration} ${(event.error as Error).message}`));
    pipeline.onToolCallStarting(self, (event) => void lines.push(`tool starting ${event.call.id}`));
    pipeline.onToolCallCompleted(self, (event) => void lines.push(`tool completed ${event.call.id}`));
    pipeline.onRunCompleted(
      self,
      (event) =>
        void lines.push(`run completed ${event.stopReason ?? `error: ${(event.error as Error).message}`} ${event.usage.totalTokens}`),
    );
  });
}

const usage = { inputTokens: 10, outputTokens: 5, totalTokens: 15 };
const twoTurns = () =>
  new ScriptedModel([
    { toolCalls: [{ id: 'c1', name: 'step', arguments: { steps: 1 } }], usage, finishReason: 'tool_calls' },
    { text: 'done', usage, finishReason: 'stop' },
  ]);

describe('Agent-level feature hooks', () => {
  it('tells features of the run, each model call (with usage and finish reason) and the end (with the stop reason), in order', async () => {
    const lines: string[] = [];
    const agent = new Agent({ model: twoTurns(), registry: ToolRegistry.of(new StepTool()), name: 'planner', features: [recorder(lines)] });
    await agent.run('plan');
    expect(lines).toEqual([
      'run starting planner plan',
      'model starting 0 (1 messages)',
      'model completed 0 tool_calls 10/5',
      'tool starting c1',
      'tool completed c1',
      'model starting 1 (3 messages)',
      'model completed 1 stop 10/5',
      'run completed completed 30',
    ]);
  });

  it('tells onModelCallFailed and onRunCompleted (with the error) when a model call fails for good; the run rejects as without them', async () => {
    const lines: string[] = [];
    const failure = new ModelCallError('quota', { retryable: false });
    const agent = new Agent({ model: new ScriptedModel([{ error: failure }]), registry: ToolRegistry.of(), features: [recorder(lines)] });
    await expect(agent.run('x')).rejects.toBe(failure);
    expect(lines).toEqual([
      'run starting agent x',
      'model starting 0 (1 messages)',
      'model failed 0 quota',
      'run completed error: quota 0',
    ]);
  });

  it('settles the run only once an async onRunCompleted handler is done, on success and on failure (sync run hooks keep the run on its plain path)', async () => {
    for (const fails of [false, true]) {
      const lines: string[] = [];
      let finishHook: (() => void) | undefined;
      const slowEnd = feature('slow-end', (pipeline, self) => {
        pipeline.onRunStarting(self, () => void lines.push('starting'));
        pipeline.onRunCompleted(self, async (event) => {
          lines.push(`completed ${event.stopReason ?? 'error'}`);
          await new Promise<void>((resolve) => (finishHook = resolve));
          lines.push('hook done');
        });
      });
      const model = new ScriptedModel([fails ? { error: new ModelCallError('down', { retryable: false }) } : { text: 'Hi.' }]);
      const running = new Agent({ model, features: [slowEnd] }).run('x').then(
        (run) => lines.push(`resolved ${run.stopReason}`),
        (error: unknown) => lines.push(`rejected ${(error as Error).message}`),
      );
      while (finishHook === undefined) await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines).toEqual(['starting', `completed ${fails ? 'error' : 'completed'}`]);
      finishHook();
      await running;
      expect(lines).toEqual([
        'starting',
        `completed ${fails ? 'error' : 'completed'}`,
        'hook done',
        fails ? 'rejected down' : 'resolved completed',
      ]);
    }
  });

  it('reports hooks that throw or reject (stage, run id) and never changes the run', async () => {
    const reports: FeatureErrorReport[] = [];
    const broken = feature('broken', (pipeline, self) => {
      pipeline.onRunStarting(self, () => {
        throw new Error('starting broke');
      });
      pipeline.onModelCallCompleted(self, () => Promise.reject(new Error('completed rejected')));
      pipeline.onRunCompleted(self, () => {
        throw new Error('end broke');
      });
    });
    const agent = new Agent({
      model: twoTurns(),
      registry: ToolRegistry.of(new StepTool()),
      features: [broken],
      onFeatureError: (report) => void reports.push(report),
    });
    const run = await agent.run('x');
    expect(run).toMatchObject({ stopReason: 'completed', text: 'done' });
    expect(reports.map((report) => [report.feature, report.stage, report.runId, report.callId])).toEqual([
      ['broken', 'runStarting', run.runId, ''],
      ['broken', 'modelCallCompleted', run.runId, ''],
      ['broken', 'modelCallCompleted', run.runId, ''],
      ['broken', 'runCompleted', run.runId, ''],
    ]);
  });

  it("bounds a hook that never settles by the run's signal: it is reported and the run ends as the caller decided", async () => {
    const reports: FeatureErrorReport[] = [];
    const hanging = feature('hanging', (pipeline, self) => pipeline.onRunStarting(self, () => new Promise<void>(() => undefined)));
    const controller = new AbortController();
    const agent = new Agent({
      model: new ScriptedModel([{ text: 'never' }]),
      registry: ToolRegistry.of(),
      features: [hanging],
      onFeatureError: (report) => void reports.push(report),
    });
    const running = agent.run('x', { signal: controller.signal });
    setImmediate(() => controller.abort());
    expect((await running).stopReason).toBe('aborted');
    expect(reports.map((report) => [report.feature, report.stage])).toEqual([['hanging', 'runStarting']]);
  });

  it('runs the run, each model call and each tool call inside the features’ execution scopes', async () => {
    const storage = new AsyncLocalStorage<string[]>();
    const seen: string[] = [];
    const scoped = feature('scoped', (pipeline, self) => {
      pipeline.wrapExecution(self, <T>(scope: ExecutionScope, next: () => T) =>
        storage.run([...(storage.getStore() ?? []), scope.kind], next),
      );
      pipeline.onModelCallStarting(self, () => void seen.push(`model hook sees ${(storage.getStore() ?? []).join('>')}`));
    });
    class ScopeTool extends StepTool {
      override async execute(): Promise<string> {
        seen.push(`tool sees ${(storage.getStore() ?? []).join('>')}`);
        return 'ok';
      }
    }
    const model = twoTurns();
    const agent = new Agent({ model, registry: ToolRegistry.of(new ScopeTool()), features: [scoped] });
    await agent.run('x');
    expect(seen).toEqual(['model hook sees run', 'tool sees run>toolCall', 'model hook sees run']);
  });

  it('reports a scope wrapper that throws or never calls next, and runs the work exactly once without it', async () => {
    const reports: FeatureErrorReport[] = [];
    const tool = new StepTool();
    const bad = feature('bad-scope', (pipeline, self) =>
      pipeline.wrapExecution(self, <T>(scope: ExecutionScope, _next: () => T): T => {
        if (scope.kind === 'toolCall') return undefined as T;
        throw new Error(`no ${scope.kind}`);
      }),
    );
    const agent = new Agent({
      model: twoTurns(),
      registry: ToolRegistry.of(tool),
      features: [bad],
      onFeatureError: (report) => void reports.push(report),
    });
    const run = await agent.run('x');
    expect(run).toMatchObject({ stopReason: 'completed', text: 'done' });
    expect(tool.started).toBe(1);
    expect(reports.map((report) => [report.stage, report.callId, String(report.error)])).toEqual([
      ['scope', '', 'Error: no run'],
      ['scope', '', 'Error: no modelCall'],
      ['scope', 'c1', "TypeError: The execution scope of feature 'bad-scope' did not call next()."],
      ['scope', '', 'Error: no modelCall'],
    ]);
  });

  it('tells onHandoff when the run passes to another agent of its tree, and later events name that agent and its model', async () => {
    const lines: string[] = [];
    const billingModel = new ScriptedModel([{ text: 'Paid.' }]);
    const triageModel = new ScriptedModel([{ toolCalls: [{ id: 't1', name: 'transfer_to_agent', arguments: { agent_name: 'billing' } }] }]);
    const modelName = (model: unknown) => (model === billingModel ? 'billing-model' : model === triageModel ? 'triage-model' : '?');
    const watcher = feature('watcher', (pipeline, self) => {
      pipeline.onHandoff(self, (event) => void lines.push(`handoff ${event.from} -> ${event.to} (${event.kind}) as ${event.agentName}`));
      pipeline.onModelCallStarting(self, (event) => void lines.push(`model starting ${event.agentName} ${modelName(event.model)}`));
      pipeline.onRunCompleted(self, (event) => void lines.push(`run completed ${event.agentName}`));
    });
    const billing = new Agent({ name: 'billing', model: billingModel });
    const triage = new Agent({ name: 'triage', model: triageModel, subAgents: [billing], features: [watcher] });
    await triage.run('Is my invoice paid?');
    expect(lines).toEqual([
      'model starting triage triage-model',
      'handoff triage -> billing (transfer) as billing',
      'model starting billing billing-model',
      'run completed billing',
    ]);
  });

  it('awaits an async onHandoff handler before the next model call, and reports one that rejects', async () => {
    const lines: string[] = [];
    const reports: FeatureErrorReport[] = [];
    const slow = feature('slow', (pipeline, self) => {
      pipeline.onHandoff(self, async () => {
        await new Promise((resolve) => setImmediate(resolve));
        lines.push('handoff told');
        throw new Error('handoff broke');
      });
      pipeline.onModelCallStarting(self, (event) => void lines.push(`model starting ${event.agentName}`));
    });
    const billing = new Agent({ name: 'billing', model: new ScriptedModel([{ text: 'Paid.' }]) });
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([{ toolCalls: [{ id: 't1', name: 'transfer_to_agent', arguments: { agent_name: 'billing' } }] }]),
      subAgents: [billing],
      features: [slow],
      onFeatureError: (report) => void reports.push(report),
    });
    const run = await triage.run('x');
    expect(run).toMatchObject({ stopReason: 'completed', text: 'Paid.', agentName: 'billing' });
    expect(lines).toEqual(['model starting triage', 'handoff told', 'model starting billing']);
    expect(reports.map((report) => [report.feature, report.stage, report.runId])).toEqual([['slow', 'handoff', run.runId]]);
  });
});
