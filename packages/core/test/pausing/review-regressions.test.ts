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
const failure = { error: Object.assign(new Error('bad request'), { status: 400 }) };

describe('pausable runs: what an adversarial review found', () => {
  it('does not lose a final long-running update when the model call delivering it fails', async () => {
    const tool = new PathTool('export', 'write', { longRunning: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('e', 'export', '/f')] }, { text: 'started' }, failure, { text: 'exported' }]),
      tools: [tool],
    });
    const run = await agent.run('x');
    run.state.update('e', 'ready', { final: true });
    await expect(agent.resume(run.state)).rejects.toThrow('bad request');
    const resumed = await agent.resume(run.state);
    expect(resumed.text).toBe('exported');
    expect(resumed.messages.at(-2)!.content).toContain('The final result of the long-running tool call e (export)');
  });

  it('asks for the credential after an approval, instead of running the call again on every resume', async () => {
    let runs = 0;
    const tool = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: noArgs, name: 'send', description: 'Sends.', effects: 'write' });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        runs++;
        if (context.credential('smtp') === undefined) context.requestCredential({ key: 'smtp' });
        return 'sent';
      }
    })();
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 's', name: 'send', arguments: {} }] }, { text: 'ok' }]),
      tools: [tool],
      approvals: 'write',
    });
    const run = await agent.run('x');
    run.state.approve('s');
    const second = await agent.resume(run.state);
    expect(second.interruptions.map((item) => item.kind)).toEqual(['credential']);
    await agent.resume(second.state);
    expect(runs).toBe(1);
    second.state.provideCredential('s', 'pw');
    expect((await agent.resume(second.state)).text).toBe('ok');
    expect(runs).toBe(2);
  });

  it('gives each call of a turn its own result and decision when the model repeats an id', async () => {
    const read = new PathTool('read_file', 'read');
    const plain = await new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'read_file', '/a'), call('c1', 'read_file', '/b')] }, { text: 'ok' }]),
      tools: [read],
    }).run('x');
    expect(plain.toolCalls.map((item) => [item.id, item.result.content])).toEqual([
      ['c1', 'read_file /a'],
      ['c1~2', 'read_file /b'],
    ]);
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('d', 'delete_file', '/a'), call('d', 'delete_file', '/b')] }, { text: 'ok' }]),
      tools: [remove],
    });
    const paused = await agent.run('x');
    expect(paused.interruptions.map((item) => item.callId)).toEqual(['d', 'd~2']);
    paused.state.approve('d');
    paused.state.approve('d~2');
    expect((await agent.resume(paused.state)).stopReason).toBe('completed');
    expect(remove.ran).toEqual(['/a', '/b']);
  });

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

  it('answers the waiting calls when an interrupted run’s messages are used as history', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const run = await new Agent({ model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }]), tools: [remove] }).run('x');
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model }).run('next question', { history: run.messages });
    expect(model.requests[0]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(model.requests[0]!.messages[2]).toMatchObject({ toolCallId: 'c1', isError: true });
  });

  it('keeps a provided credential out of inspection and clones of the state', async () => {
    const util = await import('node:util');
    const tool = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: noArgs, name: 'crm', description: 'CRM.' });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        if (context.credential('k') === undefined) context.requestCredential({ key: 'k' });
        return 'ok';
      }
    })();
    const run = await new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'crm', arguments: {} }] }]),
      tools: [tool],
    }).run('x');
    run.state.provideCredential('c', 'top-secret');
    expect(util.inspect(run, { depth: 10 })).not.toContain('top-secret');
    expect(JSON.stringify(structuredClone(run.state))).not.toContain('top-secret');
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
