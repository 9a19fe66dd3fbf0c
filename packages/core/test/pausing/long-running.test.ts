import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  CheckpointConflictError,
  type CheckpointStore,
  InMemoryCheckpointStore,
  RunState,
  Tool,
  type JsonSchema,
  contentText,
} from '../../src/index.js';
import { call, PathTool } from './support.js';

const args: JsonSchema = { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] };

class RequestReimbursement extends Tool<{ amount: number }, { status: string; ticket: string }> {
  runs = 0;
  constructor() {
    super({ argsType: args, name: 'request_reimbursement', description: 'Asks a manager to approve a reimbursement.', longRunning: true });
  }
  execute(): { status: string; ticket: string } {
    this.runs++;
    return { status: 'pending', ticket: 'T-1' };
  }
}

describe('long-running tools (ADK LongRunningFunctionTool)', () => {
  it('tells the model not to call again while pending, lists the open call, and delivers updates as messages naming the call', async () => {
    const tool = new RequestReimbursement();
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'r1', name: 'request_reimbursement', arguments: { amount: 120 } }] },
      { text: 'Your request is with your manager.' },
      { text: 'Still waiting.' },
      { text: 'Approved: you will get 120.' },
    ]);
    const agent = new Agent({ model, tools: [tool] });
    const run = await agent.run('reimburse 120');
    expect(model.requests[0]!.tools[0]!.description).toMatch(/pending/i);
    expect(run.stopReason).toBe('completed');
    expect(run.pending).toEqual([
      {
        callId: 'r1',
        toolName: 'request_reimbursement',
        arguments: '{"amount":120}',
        initialResult: '{"status":"pending","ticket":"T-1"}',
      },
    ]);

    const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    state.update('r1', 'manager opened it');
    const progress = await agent.resume(state);
    expect(progress.text).toBe('Still waiting.');
    expect(progress.pending.map((call) => call.callId)).toEqual(['r1']);
    expect(model.requests[2]!.messages.at(-1)).toEqual({
      role: 'user',
      content: 'An update of the long-running tool call r1 (request_reimbursement), still pending:\nmanager opened it',
    });

    progress.state.update('r1', { approved: true }, { final: true });
    expect(() => progress.state.update('r1', 'more')).toThrow(
      "Cannot update tool call 'r1': its final update was already given; no update may follow it.",
    );
    const final = await agent.resume(progress.state);
    expect(final.text).toBe('Approved: you will get 120.');
    expect(final.pending).toEqual([]);
    expect(model.requests[3]!.messages.at(-1)!.content).toBe(
      'The final result of the long-running tool call r1 (request_reimbursement), which was pending:\n{"approved":true}',
    );
    // Each update reaches the model once: the progress delivered before is not delivered again.
    const updates = model.requests[3]!.messages.filter((message) => contentText(message.content).includes('long-running tool call r1'));
    expect(updates.map((message) => message.content)).toEqual([
      'An update of the long-running tool call r1 (request_reimbursement), still pending:\nmanager opened it',
      'The final result of the long-running tool call r1 (request_reimbursement), which was pending:\n{"approved":true}',
    ]);
    expect(() => final.state.update('r1', 'late')).toThrow(
      "Cannot update tool call 'r1': its final result was already delivered to the model.",
    );
    expect(tool.runs).toBe(1);
    // Every tool message follows its assistant message: one per call id.
    expect(final.messages.filter((message) => message.role === 'tool')).toHaveLength(1);
  });

  it('keeps a final update undelivered when the model call delivering it fails: the next resume delivers it', async () => {
    const tool = new PathTool('export', 'write', { longRunning: true });
    const failure = { error: Object.assign(new Error('bad request'), { status: 400 }) };
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

  it('returns a stopped run as it stands when there is nothing to deliver, without a model call', async () => {
    const model = new ScriptedModel([{ text: 'hi' }]);
    const agent = new Agent({ model });
    const run = await agent.run('hello');
    const again = await agent.resume(run.state);
    expect(again.text).toBe('hi');
    expect(again.stopReason).toBe('completed');
    expect(model.requests).toHaveLength(1);
  });
});

describe('long-running results and copies of the state (with a checkpoint store)', () => {
  class Ticket extends Tool<{ amount: number }, { status: string }> {
    constructor(name: string) {
      super({ argsType: args, name, description: `${name}: starts a job`, longRunning: true });
    }
    execute(): { status: string } {
      return { status: 'pending' };
    }
  }
  const fromStore = async (store: InstanceType<typeof InMemoryCheckpointStore>, runId: string) =>
    RunState.fromJSON((await store.load(runId))!.checkpoint);

  it('keeps a result delivered while the run waits for an approval when the host approves on its own copy', async () => {
    const store = new InMemoryCheckpointStore();
    const deleteArgs: JsonSchema = { type: 'object', properties: { amount: { type: 'number' } } };
    const remove = new (class extends Tool<{ amount?: number }, string> {
      constructor() {
        super({ argsType: deleteArgs, name: 'delete_logs', description: 'deletes', effects: 'destructive', needsApproval: true });
      }
      execute(): string {
        return 'deleted';
      }
    })();
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'j', name: 'job', arguments: { amount: 1 } }] },
      { toolCalls: [{ id: 'd', name: 'delete_logs', arguments: {} }] },
      { text: 'Deleted; the job is done.' },
    ]);
    const agent = new Agent({ model, tools: [new Ticket('job'), remove] });
    const run = await agent.run('start the job, then delete logs', { checkpoints: store });
    expect(run.interruptions.map((item) => item.callId)).toEqual(['d']);

    // A resumer elsewhere delivers the job's result from the checkpoint; the run still waits for the person.
    const delivered = await fromStore(store, run.runId);
    delivered.update('j', 'job finished: 42', { final: true });
    expect((await agent.resume(delivered, { checkpoints: store })).stopReason).toBe('interrupted');

    // The host approves on the copy it kept from the first run.
    run.state.approve('d');
    const finished = await agent.resume(run.state, { checkpoints: store });
    expect(finished.text).toBe('Deleted; the job is done.');
    const last = model.requests.at(-1)!.messages.map((message) => message.content);
    expect(last.some((text) => typeof text === 'string' && text.includes('job finished: 42'))).toBe(true);
  });

  /** Gives the next `Date.now()` (the time a decision or update is stamped with). */
  const givenAt = (ms: number) => jest.spyOn(Date, 'now').mockReturnValueOnce(ms);
  afterEach(() => jest.restoreAllMocks());

  /** A run whose job is open and whose delete_logs call waits for approval, with checkpoints. */
  async function waitingWithJob() {
    const store = new InMemoryCheckpointStore();
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'j', name: 'job', arguments: { amount: 1 } }] },
      { toolCalls: [call('d', 'delete_logs', '/logs')] },
      { text: 'Deleted.' },
    ]);
    const agent = new Agent({ model, tools: [new Ticket('job'), new PathTool('delete_logs', 'destructive', { needsApproval: true })] });
    const run = await agent.run('start the job, then delete logs', { checkpoints: store });
    expect(run.interruptions.map((item) => item.callId)).toEqual(['d']);
    const delivered = (request: number) =>
      model.requests[request]!.messages.map((message) => contentText(message.content)).filter((text) => text.includes('long-running'));
    return { store, model, agent, run, delivered };
  }

  it('merges the updates two copies of a state were given in the order they were given', async () => {
    const { store, agent, run, delivered } = await waitingWithJob();
    // A resumer delivers progress from the checkpoint (the run still waits for the person)...
    const resumer = await fromStore(store, run.runId);
    givenAt(1_000);
    resumer.update('j', 'half way');
    expect((await agent.resume(resumer, { checkpoints: store })).stopReason).toBe('interrupted');
    // ...then the host, on the copy it kept, gives a later update and approves.
    givenAt(2_000);
    run.state.update('j', 'almost done');
    run.state.approve('d');
    const finished = await agent.resume(run.state, { checkpoints: store });
    expect(finished.text).toBe('Deleted.');
    expect(delivered(2)).toEqual([
      'An update of the long-running tool call j (job), still pending:\nhalf way',
      'An update of the long-running tool call j (job), still pending:\nalmost done',
    ]);
  });

  it('delivers the final result last when another copy was given progress after it: the final one closes the call', async () => {
    const { store, agent, run, delivered } = await waitingWithJob();
    // The host gives the final result on its copy; a resumer, reading the checkpoint, then gives progress and resumes first.
    givenAt(1_000);
    run.state.update('j', 'job finished: 42', { final: true });
    const resumer = await fromStore(store, run.runId);
    givenAt(2_000);
    resumer.update('j', 'still going');
    await agent.resume(resumer, { checkpoints: store });
    run.state.approve('d');
    const finished = await agent.resume(run.state, { checkpoints: store });
    expect(delivered(2)).toEqual([
      'An update of the long-running tool call j (job), still pending:\nstill going',
      'The final result of the long-running tool call j (job), which was pending:\njob finished: 42',
    ]);
    expect(finished.pending).toEqual([]);
  });

  it('keeps the decision given last when two copies of a state decided on the same call', async () => {
    const store = new InMemoryCheckpointStore();
    const first = new PathTool('wipe', 'destructive', { needsApproval: true });
    const second = new PathTool('archive', 'read', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('w', 'wipe', '/a'), call('a', 'archive', '/b')] }, { text: 'Done.' }]);
    const agent = new Agent({ model, tools: [first, second] });
    const run = await agent.run('wipe and archive', { checkpoints: store });
    expect(run.interruptions.map((item) => item.callId)).toEqual(['w', 'a']);
    // The host rejects the archive on its copy, then (on a copy read from the checkpoint) approves it:
    // the approval is saved, the archive held behind the wipe, which still waits.
    givenAt(1_000);
    run.state.reject('a', 'not now');
    const later = await fromStore(store, run.runId);
    givenAt(2_000);
    later.approve('a');
    expect((await agent.resume(later, { checkpoints: store })).interruptions.map((item) => item.callId)).toEqual(['w']);
    expect(second.ran).toEqual([]);
    // The first copy approves the wipe and resumes: the archive runs, as decided last.
    givenAt(3_000);
    run.state.approve('w');
    const finished = await agent.resume(run.state, { checkpoints: store });
    expect(finished.text).toBe('Done.');
    expect(first.ran).toEqual(['/a']);
    expect(second.ran).toEqual(['/b']);
  });

  it('delivers both results when two long-running calls of a run finish at the same moment', async () => {
    const store = new InMemoryCheckpointStore();
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'a', name: 'job_a', arguments: { amount: 1 } },
          { id: 'b', name: 'job_b', arguments: { amount: 2 } },
        ],
      },
      { text: 'Both started.' },
      { text: 'One result in.' },
      { text: 'Both results in.' },
    ]);
    const agent = new Agent({ model, tools: [new Ticket('job_a'), new Ticket('job_b')] });
    const run = await agent.run('start both', { checkpoints: store });
    // Two resumers load the same checkpoint at once, each with its own result.
    const [first, second] = [await fromStore(store, run.runId), await fromStore(store, run.runId)];
    first.update('a', 'A done', { final: true });
    second.update('b', 'B done', { final: true });
    const outcomes = await Promise.allSettled([agent.resume(first, { checkpoints: store }), agent.resume(second, { checkpoints: store })]);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(CheckpointConflictError.isInstance((refused[0] as PromiseRejectedResult).reason)).toBe(true);
    // The one refused reloads and delivers again (what the BullMQ resumer does): nothing is lost.
    const again = await fromStore(store, run.runId);
    const late = outcomes[0]!.status === 'rejected' ? { id: 'a', text: 'A done' } : { id: 'b', text: 'B done' };
    again.update(late.id, late.text, { final: true });
    const finished = await agent.resume(again, { checkpoints: store });
    expect(finished.pending).toEqual([]);
    const seen = model.requests.flatMap((request) => request.messages.map((message) => message.content));
    for (const text of ['A done', 'B done'])
      expect(seen.some((content) => typeof content === 'string' && content.includes(text))).toBe(true);
  });
  it('keeps a result delivered by a resumer whose model call then failed when another copy of the same turn resumes', async () => {
    const store = new InMemoryCheckpointStore();
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'a', name: 'job_a', arguments: { amount: 1 } },
          { id: 'b', name: 'job_b', arguments: { amount: 2 } },
        ],
      },
      { text: 'Both started.' },
      () => {
        throw Object.assign(new Error('provider down'), { retryable: false });
      },
      { text: 'Both results in.' },
    ]);
    const agent = new Agent({ model, tools: [new Ticket('job_a'), new Ticket('job_b')], retry: { maxRetries: 0 } });
    const run = await agent.run('start both', { checkpoints: store });
    const [first, second] = [await fromStore(store, run.runId), await fromStore(store, run.runId)];
    first.update('a', 'A done', { final: true });
    await expect(agent.resume(first, { checkpoints: store })).rejects.toThrow('provider down');

    second.update('b', 'B done', { final: true });
    const finished = await agent.resume(second, { checkpoints: store });
    expect(finished.pending).toEqual([]);
    const last = model.requests.at(-1)!.messages.map((message) => message.content);
    for (const text of ['A done', 'B done'])
      expect(last.filter((content) => typeof content === 'string' && content.includes(text))).toHaveLength(1);
    expect(() => finished.state.update('a', 'again', { final: true })).toThrow(/already delivered/);
  });

  it('does not take again a final update the merge turned into progress from a copy that still has it as final', async () => {
    const inner = new InMemoryCheckpointStore();
    let dieAfterSave = false;
    // A store whose process dies right after a save lands (the run fails; the checkpoint has what it saved).
    const store: CheckpointStore = {
      load: (runId, options) => inner.load(runId, options),
      delete: (runId) => inner.delete(runId),
      save: async (runId, checkpoint, options) => {
        const version = await inner.save(runId, checkpoint, options);
        if (dieAfterSave) throw new Error('the process died after this save landed');
        return version;
      },
    };
    const run = await new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'j', name: 'render', arguments: { amount: 1 } }] }, { text: 'Rendering started.' }]),
      tools: [new Ticket('render')],
    }).run('render', { checkpoints: store });
    const saved = JSON.stringify(run.state);
    const [a, b] = [RunState.fromJSON(JSON.parse(saved)), RunState.fromJSON(JSON.parse(saved))];
    givenAt(1_000);
    a.update('j', 'A-final', { final: true });
    givenAt(2_000);
    b.update('j', 'B-final', { final: true });
    const bKept = JSON.stringify(b);
    dieAfterSave = true;
    for (const copy of [a, b])
      await expect(
        new Agent({ model: new ScriptedModel([{ text: 'x' }]), tools: [new Ticket('render')] }).resume(copy, {
          checkpoints: store,
          takeOver: true,
        }),
      ).rejects.toThrow();
    const merged = (await inner.load(run.runId))!.checkpoint.pending as Array<{ updates: Array<{ value: string; final: boolean }> }>;
    expect(merged[0]!.updates.map((update) => [update.value, update.final])).toEqual([
      ['B-final', false],
      ['A-final', true],
    ]);
    dieAfterSave = false;

    const model = new ScriptedModel([{ text: 'Your video is ready.' }]);
    await new Agent({ model, tools: [new Ticket('render')] }).resume(RunState.fromJSON(JSON.parse(bKept)), {
      checkpoints: store,
      takeOver: true,
    });
    const seen = model.requests[0]!.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).filter(
      (content) => content.includes('-final'),
    );
    expect(seen).toEqual([
      'An update of the long-running tool call j (render), still pending:\nB-final',
      'The final result of the long-running tool call j (render), which was pending:\nA-final',
    ]);
  });

  it('does not deliver a progress update again when the host retries from its copy after the delivering run failed', async () => {
    const store = new InMemoryCheckpointStore();
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'j', name: 'render', arguments: { amount: 1 } }] },
      { text: 'Rendering started.' },
      () => {
        throw Object.assign(new Error('provider down'), { retryable: false });
      },
      { text: 'Still rendering.' },
    ]);
    const agent = new Agent({ model, tools: [new Ticket('render')], retry: { maxRetries: 0 } });
    const run = await agent.run('render my video', { checkpoints: store });
    const copy = await fromStore(store, run.runId);
    copy.update('j', 'rendering: 50%');
    const kept = JSON.stringify(copy);
    await expect(agent.resume(copy, { checkpoints: store })).rejects.toThrow('provider down');

    // The retry takes the delivered message over: nothing left to deliver (no model call); the next update goes with it.
    const retried = await agent.resume(RunState.fromJSON(JSON.parse(kept)), { checkpoints: store });
    expect(model.requests).toHaveLength(3);
    retried.state.update('j', 'rendering: 90%');
    const next = await agent.resume(retried.state, { checkpoints: store });
    expect(next.text).toBe('Still rendering.');
    const last = model.requests.at(-1)!.messages.map((message) => message.content);
    expect(last.filter((content) => typeof content === 'string' && content.includes('rendering: 50%'))).toHaveLength(1);
    expect(last.filter((content) => typeof content === 'string' && content.includes('rendering: 90%'))).toHaveLength(1);
    expect(next.pending.map((entry) => entry.callId)).toEqual(['j']);
  });
});
