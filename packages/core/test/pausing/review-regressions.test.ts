import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type AgentContext,
  CheckpointSaveError,
  ContextAwareTool,
  InMemoryCheckpointStore,
  RunState,
  type CheckpointStore,
  type JsonSchema,
} from '../../src/index.js';
import { call, PathTool } from './support.js';

const noArgs: JsonSchema = { type: 'object', properties: {} };

describe('pausable runs: what an adversarial review found', () => {
  it('remembers a stop a call of the paused batch asked for', async () => {
    const ender = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: noArgs, name: 'final_answer', description: 'Ends the run with this answer.' });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        context.actions.skipSummarization = true;
        return 'the answer';
      }
    })();
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'f', name: 'final_answer', arguments: {} }, call('d', 'delete_file', '/a')] },
      { text: 'should not be asked' },
    ]);
    const agent = new Agent({ model, tools: [ender, remove] });
    const run = await agent.run('x');
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    state.approve('d');
    const resumed = await agent.resume(state);
    expect(resumed).toMatchObject({ stopReason: 'completed', text: 'the answer' });
    expect(model.requests).toHaveLength(1);
  });

  it('stops waiting for a checkpoint store whose load never settles when the caller aborts', async () => {
    const hanging: CheckpointStore = {
      save: () => Promise.resolve(),
      load: () => new Promise(() => undefined),
      delete: () => Promise.resolve(),
    };
    const agent = new Agent({ model: new ScriptedModel([]) });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('gave up')), 20);
    await expect(agent.recover('r', { checkpoints: hanging, signal: controller.signal })).rejects.toThrow('gave up');
  });

  it('never lets a save that outlived its time limit land after a newer checkpoint', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const inner = new InMemoryCheckpointStore();
      let saves = 0;
      const slowSecond: CheckpointStore = {
        save: async (runId, checkpoint) => {
          const copy = JSON.parse(JSON.stringify(checkpoint)) as Record<string, unknown>;
          if (++saves === 2) await new Promise((resolve) => setTimeout(resolve, 12_000));
          await inner.save(runId, copy);
        },
        load: (runId) => inner.load(runId),
        delete: (runId) => inner.delete(runId),
      };
      const remove = new PathTool('delete_file', 'destructive');
      const agent = new Agent({
        model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }, { text: 'ok' }]),
        tools: [remove],
      });
      const settled = agent.run('x', { checkpoints: slowSecond }).catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(10_001);
      expect(CheckpointSaveError.isInstance(await settled)).toBe(true);
      await jest.advanceTimersByTimeAsync(5_000);
      const runId = (inner as unknown as { runIds: string[] }).runIds[0]!;
      const last = (await inner.load(runId)) as { batch?: Array<{ result?: unknown }>; toolCalls: unknown[] };
      // The newest checkpoint (with the call's result) is the one kept, not the slow older one.
      expect(last.toolCalls.length + (last.batch?.filter((entry) => entry.result !== undefined).length ?? 0)).toBe(1);
      expect(remove.ran).toEqual(['/a']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('streams a resumed run', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }, { text: 'done' }]),
      tools: [remove],
    });
    const run = await agent.run('x');
    run.state.approve('c1');
    const stream = agent.stream(run.state);
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types).toEqual(expect.arrayContaining(['tool_call_started', 'tool_call_completed', 'message', 'run_completed']));
    expect((await stream.result).text).toBe('done');
  });
});
