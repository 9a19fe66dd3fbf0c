import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type AgentContext,
  CheckpointConflictError,
  CheckpointLoadError,
  CheckpointSaveError,
  ContextAwareTool,
  InMemoryCheckpointStore,
  InvalidRunStateError,
  type JsonSchema,
  RunInProgressError,
  RunState,
  type CheckpointSaveOptions,
  type CheckpointStore,
} from '../../src/index.js';
import { deferred } from '../support/deferred.js';
import { call, pathArgs, PathTool } from './support.js';

/** A store that keeps every checkpoint saved, in order, so a test can recover from any point (a crash there). */
class RecordingStore implements CheckpointStore {
  readonly saved: Array<Record<string, unknown>> = [];
  private readonly inner = new InMemoryCheckpointStore();
  async save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options?: CheckpointSaveOptions): Promise<number> {
    this.saved.push(JSON.parse(JSON.stringify(checkpoint)) as Record<string, unknown>);
    return this.inner.save(runId, checkpoint, options);
  }
  load(runId: string) {
    return this.inner.load(runId);
  }
  delete(runId: string) {
    return this.inner.delete(runId);
  }
  /** A store holding only the checkpoint at `index`, as a crashed process would have left it. */
  async crashedAt(index: number, runId: string): Promise<CheckpointStore> {
    const store = new InMemoryCheckpointStore();
    await store.save(runId, this.saved[index]!);
    return store;
  }
}

type Entry = { callId: string; started?: boolean; result?: unknown };
const batchOf = (checkpoint: Record<string, unknown>) => checkpoint.batch as Entry[] | undefined;

function tools() {
  return {
    read: new PathTool('read_file', 'read'),
    charge: new PathTool('charge_card', 'write'),
    upsert: new PathTool('upsert_row', 'write', { idempotent: true }),
  };
}

describe('checkpoints and agent.recover: nothing lost, nothing run twice', () => {
  const turns = () => [
    { toolCalls: [call('r', 'read_file', '/a'), call('c', 'charge_card', '/card'), call('u', 'upsert_row', '/row')] },
    { text: 'all done' },
  ];

  it('saves before each wave of the batch (its calls marked started), as results arrive, after the batch and at the end', async () => {
    const store = new RecordingStore();
    const { read, charge, upsert } = tools();
    const run = await new Agent({ model: new ScriptedModel(turns()), tools: [read, charge, upsert] }).run('go', { checkpoints: store });
    expect(run.stopReason).toBe('completed');
    const first = store.saved.find((checkpoint) => batchOf(checkpoint) !== undefined)!;
    // The first wave is the read alone: each write is a wave of its own, marked started only when it starts.
    expect(batchOf(first)!.map((entry) => [entry.started === true, entry.result === undefined])).toEqual([
      [true, true],
      [false, true],
      [false, true],
    ]);
    for (const callId of ['r', 'c', 'u'])
      expect(
        store.saved.some((checkpoint) => batchOf(checkpoint)?.some((entry) => entry.callId === callId && entry.started === true)),
      ).toBe(true);
    expect(store.saved.some((checkpoint) => batchOf(checkpoint)?.some((entry) => entry.result !== undefined))).toBe(true);
    expect(store.saved.at(-1)).toMatchObject({ status: 'completed', runId: run.runId });
    expect((await store.load(run.runId))?.checkpoint).toEqual(store.saved.at(-1));
  });

  it('marks started only the calls maxConcurrency lets start: a call held back by it is not in doubt after a crash', async () => {
    const store = new RecordingStore();
    const notify = new PathTool('notify', undefined);
    const calls = Array.from({ length: 6 }, (_, index) => call(`n${index}`, 'notify', `/user/${index}`));
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: calls }, { text: 'Notified.' }]),
      tools: [notify],
      maxConcurrency: 2,
    });
    expect((await agent.run('notify everyone', { checkpoints: store })).stopReason).toBe('completed');
    const inFlight = store.saved.map(
      (checkpoint) => (batchOf(checkpoint) ?? []).filter((entry) => entry.started && entry.result === undefined).length,
    );
    expect(Math.max(...inFlight)).toBe(2);
    expect(notify.ran).toHaveLength(6);
  });

  it('marks calls started only once a slow stream reader has let them start', async () => {
    const store = new RecordingStore();
    const notify = new PathTool('notify', undefined);
    const calls = Array.from({ length: 100 }, (_, index) => call(`n${index}`, 'notify', `/user/${index}`));
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: calls }, { text: 'Notified.' }]),
      tools: [notify],
      maxToolCalls: 1000,
    });
    const stream = agent.stream('notify everyone', { checkpoints: store });
    const events = stream[Symbol.asyncIterator]();
    await events.next();
    // The reader is slow: the run waits for room in the stream before its calls start.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(notify.ran).toEqual([]);
    expect(store.saved.some((checkpoint) => batchOf(checkpoint)?.some((entry) => entry.started))).toBe(false);
    while (!(await events.next()).done);
    expect(notify.ran).toHaveLength(100);
  });

  it('after a crash mid-batch: recorded calls are not re-run, an idempotent one runs again, a non-idempotent one asks (inDoubt)', async () => {
    const store = new RecordingStore();
    const first = tools();
    const run = await new Agent({ model: new ScriptedModel(turns()), tools: Object.values(first) }).run('go', { checkpoints: store });
    // The checkpoint where read_file had its result and the writes had started: the process "died" there.
    const index = store.saved.findIndex((checkpoint) => {
      const batch = batchOf(checkpoint);
      return batch !== undefined && batch[0]!.result !== undefined && batch[1]!.started === true && batch[1]!.result === undefined;
    });
    expect(index).toBeGreaterThan(-1);
    const crashed = await store.crashedAt(index, run.runId);
    const batch = batchOf(store.saved[index]!)!;
    // The idempotent write after it had not started: it is held back by ordering, so it is not in doubt.
    expect(batch.map((entry) => entry.started === true)).toEqual([false, true, false]);

    const again = tools();
    const model = new ScriptedModel([{ text: 'all done' }]);
    const agent = new Agent({ model, tools: Object.values(again) });
    const recovered = await agent.recover(run.runId, { checkpoints: crashed });
    expect(again.read.ran).toEqual([]);
    expect(recovered.stopReason).toBe('interrupted');
    expect(recovered.interruptions).toEqual([
      { kind: 'approval', callId: 'c', toolName: 'charge_card', arguments: '{"path":"/card"}', agentName: 'agent', inDoubt: true },
    ]);
    // upsert_row is idempotent but comes after the write in doubt: it waits with it.
    expect(again.upsert.ran).toEqual([]);

    recovered.state.reject('c', 'it was charged before the crash');
    const finished = await agent.resume(recovered.state, { checkpoints: crashed });
    expect(finished.text).toBe('all done');
    expect(again.charge.ran).toEqual([]);
    expect(again.upsert.ran).toEqual(['/row']);
    expect(finished.toolCalls.map((item) => [item.id, item.result.content])).toEqual([
      ['r', 'read_file /a'],
      ['c', 'Error: the call was rejected: it was charged before the crash'],
      ['u', 'upsert_row /row'],
    ]);
    expect(model.requests).toHaveLength(1);
  });

  it('runs an idempotent call in doubt again with the same idempotency key', async () => {
    const store = new RecordingStore();
    const keys: string[] = [];
    const model = new ScriptedModel([{ toolCalls: [call('u', 'upsert_row', '/row')] }, { text: 'ok' }]);
    const run = await new Agent({ model, tools: [new KeyedUpsert(keys)] }).run('go', { checkpoints: store });
    const index = store.saved.findIndex((checkpoint) => batchOf(checkpoint)?.[0]?.started === true);
    const crashed = await store.crashedAt(index, run.runId);
    const recovered = await new Agent({ model: new ScriptedModel([{ text: 'ok' }]), tools: [new KeyedUpsert(keys)] }).recover(run.runId, {
      checkpoints: crashed,
    });
    expect(recovered.stopReason).toBe('completed');
    expect(keys).toEqual([`${run.runId}:u`, `${run.runId}:u`]);
  });

  it('recovers an interrupted run with the same interruptions (not in doubt), and a finished one without a model call', async () => {
    const store = new InMemoryCheckpointStore();
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const run = await new Agent({
      model: new ScriptedModel([{ toolCalls: [call('d', 'delete_file', '/x')] }, { text: 'ok' }]),
      tools: [remove],
    }).run('x', {
      checkpoints: store,
    });
    const model = new ScriptedModel([{ text: 'deleted' }]);
    const agent = new Agent({ model, tools: [remove] });
    const recovered = await agent.recover(run.runId, { checkpoints: store });
    expect(recovered.interruptions).toEqual(run.interruptions);
    expect(model.requests).toHaveLength(0);
    recovered.state.approve('d');
    await agent.resume(recovered.state, { checkpoints: store });
    const finished = await agent.recover(run.runId, { checkpoints: store });
    expect(finished).toMatchObject({ stopReason: 'completed', text: 'deleted' });
    expect(remove.ran).toEqual(['/x']);
    expect(model.requests).toHaveLength(1);
  });

  it('says so when the store has no checkpoint of the run, or no store is given', async () => {
    const agent = new Agent({ model: new ScriptedModel([]) });
    await expect(agent.recover('nope', { checkpoints: new InMemoryCheckpointStore() })).rejects.toThrow(
      new InvalidRunStateError("the checkpoint store has no checkpoint of run 'nope'."),
    );
    await expect(agent.recover('nope', {} as never)).rejects.toThrow(/recover\(\{ checkpoints \}\)/);
  });

  it('fails the run before a batch whose checkpoint cannot be saved: none of its calls runs', async () => {
    const broken: CheckpointStore = {
      save: () => Promise.reject(new Error('disk full')),
      load: () => Promise.resolve(undefined),
      delete: () => Promise.resolve(),
    };
    const { charge } = tools();
    const run = new Agent({ model: new ScriptedModel([{ toolCalls: [call('c', 'charge_card', '/card')] }]), tools: [charge] }).run('x', {
      checkpoints: broken,
    });
    await expect(run).rejects.toThrow(CheckpointSaveError);
    await expect(run).rejects.toThrow(/could not be saved: disk full/);
    expect(charge.ran).toEqual([]);
  });

  it('keeps a store that never answers from hanging the run: the save is abandoned after its time limit', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const hanging: CheckpointStore = {
        save: () => new Promise(() => undefined),
        load: () => Promise.resolve(undefined),
        delete: () => Promise.resolve(),
      };
      const { charge } = tools();
      const run = new Agent({ model: new ScriptedModel([{ toolCalls: [call('c', 'charge_card', '/card')] }]), tools: [charge] }).run('x', {
        checkpoints: hanging,
      });
      const settled = run.catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(10_001);
      expect(CheckpointSaveError.isInstance(await settled)).toBe(true);
      expect(charge.ran).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
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
          return inner.save(runId, copy);
        },
        load: (runId) => inner.load(runId),
        delete: (runId) => inner.delete(runId),
      };
      const { charge } = tools();
      const agent = new Agent({
        model: new ScriptedModel([{ toolCalls: [call('c1', 'charge_card', '/a'), call('c2', 'charge_card', '/b')] }, { text: 'ok' }]),
        tools: [charge],
      });
      // Save 1 marks both calls started; save 2 (the slow one) follows the first result, before the second.
      const settled = agent.run('x', { checkpoints: slowSecond, runId: 'slow-save' }).catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(10_001);
      expect(CheckpointSaveError.isInstance(await settled)).toBe(true);
      await jest.advanceTimersByTimeAsync(5_000);
      expect(saves).toBeGreaterThan(2);
      // The newest checkpoint (with both results) is the one kept, not the slow older one with c2 in doubt.
      const recovered = await agent.recover('slow-save', { checkpoints: inner });
      expect(recovered.interruptions).toEqual([]);
      expect(recovered.text).toBe('ok');
      expect(recovered.toolCalls.map((item) => item.result.content)).toEqual(['charge_card /a', 'charge_card /b']);
      expect(charge.ran).toEqual(['/a', '/b']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops waiting for a checkpoint store whose load never settles when the caller aborts', async () => {
    const loading = deferred();
    const hanging: CheckpointStore = {
      save: () => Promise.resolve(1),
      load: () => {
        loading.resolve();
        return new Promise(() => undefined);
      },
      delete: () => Promise.resolve(),
    };
    const agent = new Agent({ model: new ScriptedModel([]) });
    const controller = new AbortController();
    const recovering = agent.recover('r', { checkpoints: hanging, signal: controller.signal });
    await loading.promise;
    controller.abort(new Error('gave up'));
    await expect(recovering).rejects.toThrow('gave up');
  });

  it('round-trips a checkpoint through RunState.fromJSON', async () => {
    const store = new InMemoryCheckpointStore();
    const run = await new Agent({ model: new ScriptedModel([{ text: 'hi' }]) }).run('x', { checkpoints: store });
    expect(RunState.fromJSON((await store.load(run.runId))?.checkpoint).stopReason).toBe('completed');
  });
});

/** An idempotent write that records the idempotency key of each call it runs. */
class KeyedUpsert extends ContextAwareTool<{ path: string }, string> {
  constructor(private readonly keys: string[]) {
    super({ argsType: pathArgs, name: 'upsert_row', description: 'Upserts a row.', effects: 'write', idempotent: true });
  }
  execute(_args: { path: string }, context: AgentContext): string {
    this.keys.push(context.idempotencyKey);
    return 'upserted';
  }
}

describe('resuming a stale copy of a state with the run’s checkpoint store', () => {
  it('refuses a copy the run has moved past, and takes over results another process recorded', async () => {
    const store = new InMemoryCheckpointStore();
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('d', 'delete_file', '/x')] }, { text: 'ok' }], { onExhausted: 'repeatLast' }),
      tools: [remove],
    });
    const run = await agent.run('x', { checkpoints: store });
    const copy = JSON.stringify(run.state);

    run.state.approve('d');
    await agent.resume(run.state, { checkpoints: store });
    expect(remove.ran).toEqual(['/x']);

    // The earlier copy, approved again and resumed elsewhere, would delete twice: refused.
    const stale = RunState.fromJSON(JSON.parse(copy));
    stale.approve('d');
    await expect(agent.resume(stale, { checkpoints: store })).rejects.toThrow(/has moved on since this state was saved/);
    expect(remove.ran).toEqual(['/x']);
  });

  it('takes over a result the checkpoint recorded for a call the copy still waits on', async () => {
    const store = new InMemoryCheckpointStore();
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('d1', 'delete_file', '/a'), call('d2', 'delete_file', '/b')] }, { text: 'ok' }]),
      tools: [remove],
    });
    const run = await agent.run('x', { checkpoints: store });
    const copy = JSON.stringify(run.state);
    run.state.approve('d1');
    expect((await agent.resume(run.state, { checkpoints: store })).stopReason).toBe('interrupted');

    const stale = RunState.fromJSON(JSON.parse(copy));
    stale.approve('d1');
    stale.approve('d2');
    const finished = await agent.resume(stale, { checkpoints: store });
    expect(finished.stopReason).toBe('completed');
    expect(remove.ran).toEqual(['/a', '/b']);
  });
});

describe('resuming an old copy after the checkpoint ran calls of the same turn', () => {
  it('takes the checkpoint’s per-tool counts and state: a maxInvocations 1 tool does not run twice, the state change stays', async () => {
    const store = new InMemoryCheckpointStore();
    const charged: string[] = [];
    class Charge extends ContextAwareTool<{ path: string }, string> {
      constructor() {
        super({ argsType: pathArgs, name: 'charge', description: 'charge', effects: 'write', needsApproval: true, maxInvocations: 1 });
      }
      execute(args: { path: string }, context: AgentContext): string {
        charged.push(args.path);
        context.state.set('charged', args.path);
        return `charged ${args.path}`;
      }
    }
    const notify = new PathTool('notify', 'write', { needsApproval: true });
    const agentWith = (turns: ConstructorParameters<typeof ScriptedModel>[0]) =>
      new Agent({ tools: [new Charge(), notify], model: new ScriptedModel(turns) });
    const paused = await agentWith([{ toolCalls: [call('c1', 'charge', '/card/1'), call('c2', 'notify', '/user/1')] }]).run(
      'charge and tell',
      {
        checkpoints: store,
        runId: 'usage-merge',
      },
    );
    const old = JSON.stringify(paused.state);
    paused.state.approve('c1');
    const live = await agentWith([{ text: 'unused' }]).resume(paused.state, { checkpoints: store });
    expect(live.interruptions.map((interruption) => interruption.callId)).toEqual(['c2']);
    expect(charged).toEqual(['/card/1']);

    // The old copy (from before charge ran) approves notify; the model then asks for charge again.
    const copy = RunState.fromJSON(JSON.parse(old));
    copy.approve('c2');
    const resumed = await agentWith([{ toolCalls: [call('c3', 'charge', '/card/1')] }, { text: 'Done.' }]).resume(copy, {
      checkpoints: store,
    });
    expect(resumed.stopReason).toBe('completed');
    expect(charged).toEqual(['/card/1']);
    expect(resumed.toolCalls.find((toolCall) => toolCall.id === 'c3')?.result.content).toMatch(/already called 1 time/);
    expect(resumed.state.toJSON()).toMatchObject({ state: { charged: '/card/1' } });
    expect(resumed.stateDelta).toEqual({ charged: '/card/1' });
  });
});

describe('resuming an old copy over a checkpoint this version cannot read', () => {
  it('refuses with InvalidRunStateError naming the run, and leaves the checkpoint as it is', async () => {
    const store = new InMemoryCheckpointStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const notify = new PathTool('notify', 'write', { needsApproval: true });
    const agent = new Agent({
      tools: [refund, notify],
      model: new ScriptedModel(
        [{ toolCalls: [call('r', 'refund', '/order/7')] }, { toolCalls: [call('n', 'notify', '/user/1')] }, { text: 'Done.' }],
        {
          onExhausted: 'repeatLast',
        },
      ),
    });
    const paused = await agent.run('refund', { checkpoints: store, runId: 'newer-format' });
    const old = JSON.stringify(paused.state);
    paused.state.approve('r');
    await agent.resume(paused.state, { checkpoints: store });
    expect(refund.ran).toEqual(['/order/7']);
    // A newer version of toolcraft (a rolling deploy) wrote the run's checkpoint since.
    const { checkpoint, version } = (await store.load('newer-format'))!;
    const newer = { ...checkpoint, version: 999 };
    await store.save('newer-format', newer, { expectedVersion: version });

    const copy = RunState.fromJSON(JSON.parse(old));
    copy.approve('r');
    const refused = agent.resume(copy, { checkpoints: store });
    await expect(refused).rejects.toThrow(InvalidRunStateError);
    await expect(refused).rejects.toThrow(/checkpoint of run 'newer-format' \(version \d+\) cannot be read by this version.*newer version/);
    expect(refund.ran).toEqual(['/order/7']);
    expect((await store.load('newer-format'))!.checkpoint).toEqual(newer);
  });
});

describe('resuming an old copy after the run put a call in doubt', () => {
  it('asks the in-doubt question instead of running the copy’s earlier approval again', async () => {
    const runId = 'in-doubt-old-copy';
    const store = new InMemoryCheckpointStore();
    const started = deferred<void>();
    const bodies: string[] = [];
    const refund = (dies: boolean) =>
      new (class extends PathTool {
        override execute(args: { path: string }): string {
          bodies.push(dies ? 'died' : args.path);
          if (dies) {
            started.resolve();
            return new Promise<string>(() => undefined) as unknown as string;
          }
          return super.execute(args);
        }
      })('refund', 'write', { needsApproval: true });
    const agentWith = (dies: boolean) =>
      new Agent({
        model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/order/7')] }, { text: 'Refunded.' }], { onExhausted: 'repeatLast' }),
        tools: [refund(dies)],
      });
    const paused = await agentWith(false).run('refund order 7', { checkpoints: store, runId });
    const hostCopy = JSON.parse(JSON.stringify(paused.state)) as unknown;
    const approved = RunState.fromJSON(hostCopy);
    approved.approve('c1');
    // A process runs the approved refund and dies inside it.
    const dying = new AbortController();
    void agentWith(true)
      .resume(RunState.fromJSON(JSON.parse(JSON.stringify(approved))), { checkpoints: store, signal: dying.signal })
      .catch(() => undefined);
    await started.promise;
    const crashed = new InMemoryCheckpointStore();
    await crashed.save(runId, (await store.load(runId))!.checkpoint);
    dying.abort();
    // The dying run is still in this process (its call never returns): the recovering host knows it died.
    const recovered = await agentWith(false).recover(runId, { checkpoints: crashed, takeOver: true });
    expect(recovered.interruptions).toMatchObject([{ callId: 'c1', inDoubt: true }]);

    // The host resumes its own approved copy: the refund may have gone through; it asks again instead.
    const resumed = await agentWith(false).resume(RunState.fromJSON(JSON.parse(JSON.stringify(approved))), { checkpoints: crashed });
    expect(resumed.stopReason).toBe('interrupted');
    expect(resumed.interruptions).toMatchObject([{ callId: 'c1', inDoubt: true }]);
    expect(bodies).toEqual(['died']);
  });
});

describe('resuming an old copy that answered an earlier in-doubt question', () => {
  it.each([
    ['going on', false],
    ['starting over, as for a checkpoint written again or a restored store', true],
  ])('asks the second in-doubt question instead of running the call a third time (store versions: %s)', async (_, startOver) => {
    const runId = 'in-doubt-twice';
    const bodies: string[] = [];
    let started = deferred<void>();
    const refund = (tag: string, dies: boolean) =>
      new (class extends PathTool {
        override execute(args: { path: string }): string {
          bodies.push(tag);
          if (dies) {
            started.resolve();
            return new Promise<string>(() => undefined) as unknown as string;
          }
          return super.execute(args);
        }
      })('refund', 'write', { needsApproval: true });
    const agentWith = (tag: string, dies = false) =>
      new Agent({
        model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/order/7')] }, { text: 'Refunded.' }], { onExhausted: 'repeatLast' }),
        tools: [refund(tag, dies)],
      });
    const copy = (state: RunState) => RunState.fromJSON(JSON.parse(JSON.stringify(state)));
    /** Resumes `state` in a process that dies inside the refund; returns the store as the crash left it. */
    const dieInside = async (state: RunState, store: CheckpointStore, tag: string) => {
      started = deferred<void>();
      const dying = new AbortController();
      void agentWith(tag, true)
        .resume(copy(state), { checkpoints: store, signal: dying.signal, takeOver: true })
        .catch(() => undefined);
      await started.promise;
      // The store as the crash left it, at the same version or (startOver) at version 1.
      const crashed = new InMemoryCheckpointStore();
      const left = (await store.load(runId))!;
      for (let saved = 0; saved < (startOver ? 1 : left.version); saved += 1) await crashed.save(runId, left.checkpoint);
      dying.abort();
      return crashed;
    };
    const store = new InMemoryCheckpointStore();
    const paused = await agentWith('-').run('refund order 7', { checkpoints: store, runId });
    const first = copy(paused.state);
    first.approve('c1');
    const crashed1 = await dieInside(first, store, 'P1 died');
    const recovered1 = await agentWith('-').recover(runId, { checkpoints: crashed1, takeOver: true });
    expect(recovered1.interruptions).toMatchObject([{ callId: 'c1', inDoubt: true }]);
    // A person answers the in-doubt question (run it again); the host keeps that copy.
    const answered = copy(recovered1.state);
    answered.approve('c1');
    const kept = JSON.stringify(answered);
    const crashed2 = await dieInside(answered, crashed1, 'P2 died');
    const recovered2 = await agentWith('-').recover(runId, { checkpoints: crashed2, takeOver: true });
    expect(recovered2.interruptions).toMatchObject([{ callId: 'c1', inDoubt: true }]);

    // The kept copy answered the first question, not the second: it asks again.
    const resumed = await agentWith('host retry').resume(RunState.fromJSON(JSON.parse(kept)), { checkpoints: crashed2 });
    expect(resumed.stopReason).toBe('interrupted');
    expect(resumed.interruptions).toMatchObject([{ callId: 'c1', inDoubt: true }]);
    expect(bodies).toEqual(['P1 died', 'P2 died']);
  });
});

describe('resuming an old copy while an idempotent call it approved differently is in flight', () => {
  it('runs the call again with the arguments it started with, not the copy’s other edited ones', async () => {
    const store = new InMemoryCheckpointStore();
    const started = deferred<void>();
    const paid: string[] = [];
    const payArgs: JsonSchema = { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] };
    const pay = (hangs: boolean) =>
      new (class extends ContextAwareTool<{ amount: number }, string> {
        constructor() {
          super({
            argsType: payArgs,
            name: 'pay',
            description: 'pay',
            effects: 'write',
            idempotent: true,
            needsApproval: true,
          });
        }
        execute(args: { amount: number }): Promise<string> {
          paid.push(`${hangs ? 'A' : 'B'} ${args.amount}`);
          if (!hangs) return Promise.resolve(`paid ${args.amount}`);
          started.resolve();
          return new Promise<string>(() => undefined);
        }
      })();
    const agentWith = (hangs: boolean) =>
      new Agent({
        model: new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'pay', arguments: { amount: 100 } }] }, { text: 'Paid.' }], {
          onExhausted: 'repeatLast',
        }),
        tools: [pay(hangs)],
      });
    const paused = await agentWith(false).run('pay', { checkpoints: store });
    const saved = JSON.stringify(paused.state);
    const first = RunState.fromJSON(JSON.parse(saved));
    first.approve('c', { arguments: { amount: 50 } });
    const second = RunState.fromJSON(JSON.parse(saved));
    second.approve('c', { arguments: { amount: 70 } });
    const stop = new AbortController();
    void agentWith(true)
      .resume(first, { checkpoints: store, signal: stop.signal })
      .catch(() => undefined);
    await started.promise;

    // The first process is gone (its call never returns); the second copy is resumed with the same store,
    // by a host that knows the first died (it is still in this process, so it would be refused otherwise).
    const resumed = await agentWith(false).resume(second, { checkpoints: store, takeOver: true });
    stop.abort();
    expect(resumed.toolCalls[0]).toMatchObject({ arguments: '{"amount":50}', result: { content: 'paid 50' } });
    expect(paid).toEqual(['A 50', 'B 50']);
  });
});

describe('one owner per run: a run another process is running is not taken over', () => {
  it('refuses a second resume while the first runs the approved call (RunInProgressError); the first keeps its real result', async () => {
    const store = new InMemoryCheckpointStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const entered = deferred();
    const finish = deferred();
    refund.execute = (args: { path: string }) => {
      refund.ran.push(args.path);
      entered.resolve();
      return finish.promise.then(() => `refunded ${args.path}`) as unknown as string;
    };
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/o/1')] }, { text: 'Refunded.' }]),
      tools: [refund],
    });
    const paused = await agent.run('refund', { checkpoints: store });
    const saved = JSON.stringify(paused.state);
    const a = RunState.fromJSON(JSON.parse(saved) as Record<string, unknown>);
    a.approve('c1');
    const b = RunState.fromJSON(JSON.parse(saved) as Record<string, unknown>);
    b.approve('c1');

    const first = agent.resume(a, { checkpoints: store });
    await entered.promise;
    const second = agent.resume(b, { checkpoints: store });
    await expect(second).rejects.toThrow(RunInProgressError);
    await expect(second).rejects.toThrow(/is running in process \d+ on host .*nothing ran/);
    expect(CheckpointConflictError.isInstance(await second.catch((error: unknown) => error))).toBe(true);
    finish.resolve();
    const done = await first;
    expect(done.stopReason).toBe('completed');
    expect(done.toolCalls.map((entry) => entry.result.content)).toEqual(['refunded /o/1']);
    expect(refund.ran).toEqual(['/o/1']);
    expect((await store.load(paused.runId))!.checkpoint.status).toBe('completed');
  });

  it('marks a resumed run running and owned from its claim: a second resume while its model answers is refused, the model called once', async () => {
    const store = new InMemoryCheckpointStore();
    const job = new PathTool('job', undefined, { longRunning: true });
    job.execute = () => ({ status: 'pending' }) as unknown as string;
    const inModel = deferred();
    const answer = deferred();
    const model = new ScriptedModel([
      { toolCalls: [call('j', 'job', '/v')] },
      { text: 'Started.' },
      async () => {
        inModel.resolve();
        await answer.promise;
        return { text: 'Got it.' };
      },
    ]);
    const agent = new Agent({ model, tools: [job] });
    const run = await agent.run('go', { checkpoints: store });
    const state = RunState.fromJSON((await store.load(run.runId))!.checkpoint);
    state.update('j', 'done', { final: true });
    const first = agent.resume(state, { checkpoints: store });
    await inModel.promise;

    const during = (await store.load(run.runId))!;
    expect(during.checkpoint.status).toBe('running');
    expect(RunState.fromJSON(during.checkpoint).stopReason).toBeUndefined();
    const copy = RunState.fromJSON(during.checkpoint);
    await expect(agent.resume(copy, { checkpoints: store })).rejects.toThrow(RunInProgressError);
    await expect(agent.recover(run.runId, { checkpoints: store })).rejects.toThrow(RunInProgressError);
    answer.resolve();
    expect((await first).text).toBe('Got it.');
    expect(model.requests).toHaveLength(3);
    // Stopped: it names no owner, and can be resumed again.
    expect((await store.load(run.runId))!.checkpoint.owner).toBeUndefined();
  });

  it('takes a run over once its owner is known to have stopped: a failed run at once, a dead process of this host, a time limit passed, or takeOver', async () => {
    const store = new InMemoryCheckpointStore();
    let fail = true;
    const agent = new Agent({
      model: new ScriptedModel(
        [
          () => {
            if (fail) throw Object.assign(new Error('provider down'), { retryable: false });
            return { text: 'back' };
          },
        ],
        { onExhausted: 'repeatLast' },
      ),
      retry: { maxRetries: 0 },
    });
    const runId = 'failed-run';
    const failed = await agent.run('go', { checkpoints: store, runId }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    const checkpoint = (await store.load(runId))!.checkpoint;
    expect(checkpoint.status).toBe('running');
    expect(checkpoint.owner).toBeUndefined();

    const owned = async (owner: Record<string, unknown>) => {
      const { version } = (await store.load(runId))!;
      await store.save(runId, { ...checkpoint, status: 'running', owner }, { expectedVersion: version });
    };
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    await owned({ pid: process.pid, host: 'another-host', token: 't1', until: Date.now() + 600_000 });
    await expect(agent.recover(runId, { checkpoints: store })).rejects.toThrow(/another-host/);
    fail = false;
    expect((await agent.recover(runId, { checkpoints: store, takeOver: true })).text).toBe('back');
    fail = true;
    await owned({ pid: process.pid, host: 'another-host', token: 't2', until: Date.now() - 600_000 });
    fail = false;
    expect((await agent.recover(runId, { checkpoints: store })).text).toBe('back');
    await owned({ pid: child.pid!, host: hostname(), token: 't3' });
    expect((await agent.recover(runId, { checkpoints: store })).text).toBe('back');
  });
});

describe('resuming a checkpointed state whose checkpoint is gone', () => {
  it('refuses an old copy after its checkpoint expired or was deleted (its calls would repeat), unless allowMissingCheckpoint', async () => {
    const store = new InMemoryCheckpointStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/order/7')] }, { text: 'Refunded.' }], { onExhausted: 'repeatLast' }),
      tools: [refund],
    });
    const paused = await agent.run('refund order 7', { checkpoints: store });
    const oldCopy = JSON.stringify(paused.state);
    paused.state.approve('c1');
    await agent.resume(paused.state, { checkpoints: store });
    expect(refund.ran).toEqual(['/order/7']);
    // The checkpoint expires (ttlSeconds) or is deleted after the run ended.
    await store.delete(paused.runId);

    const old = RunState.fromJSON(JSON.parse(oldCopy) as Record<string, unknown>);
    old.approve('c1');
    const refused = agent.resume(old, { checkpoints: store });
    await expect(refused).rejects.toThrow(InvalidRunStateError);
    await expect(refused).rejects.toThrow(
      /was checkpointed \(this state is at checkpoint version \d+\), but the checkpoint store has no checkpoint of it any more/,
    );
    expect(refund.ran).toEqual(['/order/7']);
    expect(await store.load(paused.runId)).toBeUndefined();

    // Forced: the host knows this is the latest state; its checkpoints start again.
    const forced = await agent.resume(old, { checkpoints: store, allowMissingCheckpoint: true });
    expect(forced.stopReason).toBe('completed');
    expect((await store.load(paused.runId))!.version).toBeGreaterThanOrEqual(1);
  });
});

describe('checkpoints: bad input', () => {
  it('refuses a checkpoint store that is not one before the run starts, and a run id that already has a checkpoint', async () => {
    const store = new InMemoryCheckpointStore();
    const { read } = tools();
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('r', 'read_file', '/a')] }, { text: 'ok' }], { onExhausted: 'repeatLast' }),
      tools: [read],
    });
    await expect(agent.run('x', { checkpoints: {} as unknown as CheckpointStore })).rejects.toThrow(
      "Run option 'checkpoints' must be a CheckpointStore (InMemoryCheckpointStore, FileCheckpointStore, RedisCheckpointStore), but was an empty object.",
    );
    await agent.run('x', { checkpoints: store, runId: 'R' });
    await expect(agent.run('x', { checkpoints: store, runId: 'R' })).rejects.toThrow(
      "Run option 'runId' must be an id with no checkpoint in the store yet (this one has one, at version",
    );
    expect(read.ran).toEqual(['/a']);
  });
});

describe('checkpoints: aborts and odd stores', () => {
  const slowWrite = (started: () => void) =>
    new (class extends ContextAwareTool<{ path: string }, string> {
      constructor() {
        super({
          name: 'slow_write',
          description: 'writes slowly',
          argsType: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
          effects: 'write',
        });
      }
      execute(args: { path: string }, context: AgentContext): Promise<string> {
        started();
        return new Promise((resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), { once: true }),
        );
      }
    })();

  it('fails the run with CheckpointSaveError when a save throws a value it cannot read, and tries later saves again', async () => {
    const unreadable = new Proxy(
      {},
      {
        get() {
          throw new Error('unreadable');
        },
      },
    );
    let attempts = 0;
    const second = deferred();
    const store: CheckpointStore = {
      save() {
        if (++attempts === 2) second.resolve();
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- the pathological throw under test
        throw unreadable;
      },
      load: async () => undefined,
      delete: async () => undefined,
    };
    const refund = new PathTool('refund', 'write');
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/o/1')] }, { text: 'Done.' }]),
      tools: [refund],
    });
    const failed = agent.run('go', { checkpoints: store });
    await expect(failed).rejects.toThrow(CheckpointSaveError);
    await expect(failed).rejects.toThrow(/could not be saved: a thrown object/);
    expect(refund.ran).toEqual([]);
    // The failed run's last save is still attempted: one failure does not turn checkpointing off.
    await second.promise;
    expect(attempts).toBe(2);
  });

  it('stops as aborted, not with the abort error, when a checkpointed run is aborted while a tool runs', async () => {
    const controller = new AbortController();
    const tool = slowWrite(() => controller.abort());
    const agent = new Agent({ model: new ScriptedModel([{ toolCalls: [call('w', 'slow_write', '/a')] }, { text: 'ok' }]), tools: [tool] });
    const run = await agent.run('x', { checkpoints: new InMemoryCheckpointStore(), signal: controller.signal });
    expect(run.stopReason).toBe('aborted');
  });

  it('fails with CheckpointSaveError, not a conflict, when a store saves without answering its version', async () => {
    const inner = new InMemoryCheckpointStore();
    const vague = {
      save: async (runId: string, checkpoint: Readonly<Record<string, unknown>>) => void (await inner.save(runId, checkpoint)),
      load: (runId: string) => inner.load(runId),
      delete: (runId: string) => inner.delete(runId),
    } as unknown as CheckpointStore;
    const { read } = tools();
    const agent = new Agent({ model: new ScriptedModel([{ toolCalls: [call('r', 'read_file', '/a')] }, { text: 'ok' }]), tools: [read] });
    const failure = await agent.run('x', { checkpoints: vague }).catch((error: unknown) => error);
    expect(CheckpointSaveError.isInstance(failure)).toBe(true);
    expect(String((failure as Error).cause)).toContain("a CheckpointStore's save resolves with the version it wrote");
  });

  it('reads a version a store answers as a numeric string (a SQL BIGINT), and says what is wrong with a load answer it cannot use', async () => {
    const inner = new InMemoryCheckpointStore();
    let answer: (loaded: Awaited<ReturnType<CheckpointStore['load']>>) => unknown = (loaded) =>
      loaded && { checkpoint: loaded.checkpoint, version: String(loaded.version) };
    const stringly: CheckpointStore = {
      save: async (runId, checkpoint, options) => String(await inner.save(runId, checkpoint, options)) as unknown as number,
      load: async (runId) => answer(await inner.load(runId)) as Awaited<ReturnType<CheckpointStore['load']>>,
      delete: (runId) => inner.delete(runId),
    };
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/o/1')] }, { text: 'Done.' }]),
      tools: [refund],
    });
    const paused = await agent.run('go', { checkpoints: stringly });
    paused.state.approve('c1');
    expect((await agent.resume(paused.state, { checkpoints: stringly })).text).toBe('Done.');
    expect(refund.ran).toEqual(['/o/1']);

    for (const [version, said] of [
      ['1.5', "the version '1.5'"],
      [Number.NaN, 'the version NaN'],
      [undefined, 'the version undefined'],
    ] as const) {
      answer = (loaded) => loaded && { checkpoint: loaded.checkpoint, version };
      const failure = await agent.recover(paused.runId, { checkpoints: stringly }).catch((error: unknown) => error);
      expect(CheckpointLoadError.isInstance(failure)).toBe(true);
      expect(String((failure as Error).cause)).toContain(`the store's load answered ${said}`);
    }
    answer = () => 'a row';
    await expect(agent.recover(paused.runId, { checkpoints: stringly })).rejects.toThrow(CheckpointLoadError);
  });
});
