import { contentText } from '../../src/index';
import { ScriptedModel, testAgentContext, type ScriptedReply } from '@toolcraft/testing';
import {
  Agent,
  AgentTool,
  type AgentContext,
  type AgentEvent,
  ContextAwareTool,
  type CheckpointSaveOptions,
  InMemoryCheckpointStore,
  InvalidRunStateError,
  RunState,
  RunStateDecisionError,
  SequentialAgent,
  SubAgentInterruptedError,
  SubAgentStoppedError,
} from '@toolcraft/core';
import { collect } from '../support/streaming-tools';
import { call, PathTool } from '../pausing/support';

const usage = (tokens: number) => ({ inputTokens: tokens, outputTokens: tokens, totalTokens: 2 * tokens });
const ask = (id: string, tool: string, request: string): ScriptedReply => ({ toolCalls: [{ id, name: tool, arguments: { request } }] });
const roundTrip = (state: RunState) => RunState.fromJSON(JSON.parse(JSON.stringify(state)));

describe('AgentTool in a paused run', () => {
  /** A parent that asks a researcher, then deletes a file (which needs approval), then answers. */
  function parentWithResearcher() {
    const fact = new Agent({ name: 'fact', model: new ScriptedModel([{ text: 'Anvils.', usage: usage(1) }]) });
    const researcher = new Agent({
      name: 'researcher',
      model: new ScriptedModel([
        { ...ask('r1', 'fact', 'What?'), usage: usage(2) },
        { text: 'Acme makes anvils.', usage: usage(3) },
      ]),
      tools: [AgentTool.of(fact)],
    });
    const deleteTool = new PathTool('delete', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([
      { ...ask('p1', 'researcher', 'Acme?'), usage: usage(10) },
      { toolCalls: [call('p2', 'delete', '/tmp/acme')], usage: usage(20) },
      { text: 'Deleted, and Acme makes anvils.', usage: usage(30) },
    ]);
    const parent = new Agent({ name: 'parent', model, tools: [AgentTool.of(researcher), deleteTool] });
    return { parent, deleteTool };
  }

  it('keeps the sub-runs that ended before a pause: the resumed run reports them in subRuns and their usage in usage', async () => {
    const { parent, deleteTool } = parentWithResearcher();
    const paused = await parent.run('Research Acme, then delete its file.');
    expect(paused.stopReason).toBe('interrupted');
    const before = paused.subRuns!;

    const state = roundTrip(paused.state);
    state.approve('p2');
    const resumed = await parent.resume(state);

    expect(resumed.stopReason).toBe('completed');
    expect(deleteTool.ran).toEqual(['/tmp/acme']);
    expect(resumed.subRuns!.map((sub) => [sub.runId, sub.agentName, sub.text, sub.stopReason])).toEqual(
      before.map((sub) => [sub.runId, sub.agentName, sub.text, sub.stopReason]),
    );
    expect(resumed.subRuns![0]!.subRuns![0]).toMatchObject({ agentName: 'fact', text: 'Anvils.', usage: usage(1) });
    expect(resumed.subRuns![0]!.usage).toEqual(usage(6));
    // 10 + 20 + 30 of the parent, 2 + 3 of the researcher, 1 of the fact agent.
    expect(resumed.usage).toEqual(usage(66));
  });

  it('keeps a summary of each sub-run in the state, without its messages, tool calls or state (bounded), through JSON', async () => {
    const { parent } = parentWithResearcher();
    const paused = await parent.run('Go');
    const saved = JSON.parse(JSON.stringify(paused.state)) as { subRuns: Array<Record<string, unknown>> };

    expect(saved.subRuns).toHaveLength(1);
    expect(Object.keys(saved.subRuns[0]!).sort()).toEqual(
      ['agentName', 'durationMs', 'handoffs', 'runId', 'stateDelta', 'stopReason', 'subRuns', 'text', 'usage'].sort(),
    );
    const restored = (await parent.resume(roundTrip(paused.state))).subRuns![0]!;
    expect(restored).toMatchObject({ messages: [], toolCalls: [], interruptions: [], pending: [] });
  });

  it('refuses a saved state whose sub-runs are not summaries, naming the field', async () => {
    const paused = await parentWithResearcher().parent.run('Go');
    const saved = JSON.parse(JSON.stringify(paused.state)) as { subRuns: Array<Record<string, unknown>> };
    saved.subRuns[0]!.usage = 'lots';

    expect(() => RunState.fromJSON(saved)).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(saved)).toThrow(/state\.subRuns\[0\]\.usage should be an object of token counts/);
  });
});

describe('an approval inside an AgentTool sub-run', () => {
  /** A parent whose AgentTool asks a cleaner, whose delete tool needs approval. */
  function parentWithCleaner(extraParentCall?: ReturnType<typeof call>) {
    const deleteTool = new PathTool('delete', 'destructive', { needsApproval: true });
    const listTool = new PathTool('list', 'read');
    const cleanerModel = new ScriptedModel([
      { toolCalls: [call('c1', 'delete', '/tmp/old')], usage: usage(2) },
      (request) => ({ text: `Cleaner: ${contentText(request.messages.at(-1)?.content)}`, usage: usage(3) }),
    ]);
    const cleaner = new Agent({ name: 'cleaner', model: cleanerModel, tools: [deleteTool] });
    const parentModel = new ScriptedModel([
      { toolCalls: [...(extraParentCall ? [extraParentCall] : []), { id: 'p1', name: 'cleaner', arguments: { request: 'Clean /tmp.' } }] },
      (request) => ({ text: `Parent: ${contentText(request.messages.at(-1)?.content)}`, usage: usage(10) }),
    ]);
    const parent = new Agent({ name: 'parent', model: parentModel, tools: [AgentTool.of(cleaner), listTool] });
    return { parent, deleteTool, listTool, cleanerModel, parentModel };
  }

  it("interrupts the parent too, listing the sub-run's waiting call under the sub-agent's name and the AgentTool call", async () => {
    const { parent, deleteTool } = parentWithCleaner();
    const run = await parent.run('Tidy up.');

    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions).toEqual([
      { kind: 'approval', callId: 'p1/c1', toolName: 'delete', arguments: '{"path":"/tmp/old"}', agentName: 'cleaner', parentCallId: 'p1' },
    ]);
    expect(deleteTool.ran).toEqual([]);
    expect(run.subRuns).toBeUndefined();
  });

  it("keeps a parent's own call whose model id reads like the sub-run's call id apart from it: each is answered once", async () => {
    const { parent, deleteTool, listTool } = parentWithCleaner(call('p1/c1', 'list', '/tmp'));
    const paused = await parent.run('Tidy up.');
    // The parent's own call ran under an id no sub-run call can have; only the sub-run's call waits.
    expect(listTool.ran).toEqual(['/tmp']);
    expect(paused.interruptions.map((item) => [item.callId, item.agentName])).toEqual([['p1/c1', 'cleaner']]);
    const state = roundTrip(paused.state);
    state.approve('p1/c1');
    const run = await parent.resume(state);

    expect(run.stopReason).toBe('completed');
    expect(deleteTool.ran).toEqual(['/tmp/old']);
    expect(listTool.ran).toEqual(['/tmp']);
    expect(run.toolCalls.map((toolCall) => [toolCall.id, toolCall.result.content])).toEqual([
      ['p1_c1', 'list /tmp'],
      ['p1', 'Cleaner: delete /tmp/old'],
    ]);
  });

  it("resumes the sub-run when the host approves on the parent's state: its answer becomes the AgentTool's result", async () => {
    const { parent, deleteTool, cleanerModel, parentModel } = parentWithCleaner();
    const paused = await parent.run('Tidy up.');
    const state = roundTrip(paused.state);
    state.approve('p1/c1');
    const run = await parent.resume(state);

    expect(run.stopReason).toBe('completed');
    expect(deleteTool.ran).toEqual(['/tmp/old']);
    expect(run.toolCalls.map((toolCall) => [toolCall.id, toolCall.result.content])).toEqual([['p1', 'Cleaner: delete /tmp/old']]);
    expect(run.text).toBe('Parent: Cleaner: delete /tmp/old');
    // The sub-run went on from its pause: its model was not asked again from the start.
    expect(cleanerModel.requests).toHaveLength(2);
    expect(parentModel.requests).toHaveLength(2);
    expect(run.subRuns!.map((sub) => [sub.agentName, sub.stopReason, sub.runId])).toEqual([['cleaner', 'completed', expect.any(String)]]);
    expect(run.usage).toEqual(usage(15));
  });

  it("tells the sub-agent's model of a rejection, and the parent goes on with its answer", async () => {
    const { parent, deleteTool } = parentWithCleaner();
    const paused = await parent.run('Tidy up.');
    paused.state.reject('p1/c1', 'keep it');
    const run = await parent.resume(paused.state);

    expect(deleteTool.ran).toEqual([]);
    expect(run.text).toBe('Parent: Cleaner: Error: the call was rejected: keep it');
  });

  it('returns the same interruptions without a model call while the sub-run has undecided calls', async () => {
    const { parent, cleanerModel, parentModel } = parentWithCleaner();
    const paused = await parent.run('Tidy up.');
    const again = await parent.resume(roundTrip(paused.state));

    expect(again.stopReason).toBe('interrupted');
    expect(again.interruptions.map((item) => item.callId)).toEqual(['p1/c1']);
    expect(cleanerModel.requests).toHaveLength(1);
    expect(parentModel.requests).toHaveLength(1);
  });

  it('runs the other calls of the turn, and does not run them again on resume', async () => {
    const { parent, listTool } = parentWithCleaner(call('p0', 'list', '/tmp'));
    const paused = await parent.run('Tidy up.');
    expect(listTool.ran).toEqual(['/tmp']);
    paused.state.approve('p1/c1');
    const run = await parent.resume(paused.state);

    expect(listTool.ran).toEqual(['/tmp']);
    expect(run.toolCalls.map((toolCall) => toolCall.id)).toEqual(['p0', 'p1']);
  });

  it('nests: a call waiting two AgentTools down is listed with both call ids, and approving it resumes both runs', async () => {
    const { parent: middle, deleteTool } = parentWithCleaner();
    const top = new Agent({
      name: 'top',
      model: new ScriptedModel([ask('t1', 'parent', 'Tidy.'), { text: 'All tidy.' }]),
      tools: [AgentTool.of(middle)],
    });
    const paused = await top.run('Go');
    expect(paused.interruptions).toMatchObject([{ callId: 't1/p1/c1', agentName: 'cleaner', parentCallId: 't1' }]);

    const state = roundTrip(paused.state);
    state.approve('t1/p1/c1');
    const run = await top.resume(state);
    expect(run.text).toBe('All tidy.');
    expect(deleteTool.ran).toEqual(['/tmp/old']);
    expect(run.subRuns![0]!.subRuns![0]!.agentName).toBe('cleaner');
  });

  it("recovers from a checkpoint with the sub-run's pause in it: the same interruptions, then the approval resumes the sub-run", async () => {
    const { parent, deleteTool } = parentWithCleaner();
    const checkpoints = new InMemoryCheckpointStore();
    await parent.run('Tidy up.', { checkpoints, runId: 'run-1' });
    const recovered = await parent.recover('run-1', { checkpoints });
    expect(recovered.interruptions.map((item) => item.callId)).toEqual(['p1/c1']);

    recovered.state.approve('p1/c1');
    const run = await parent.resume(recovered.state, { checkpoints });
    expect(run.stopReason).toBe('completed');
    expect(deleteTool.ran).toEqual(['/tmp/old']);
  });

  it('names the waiting calls when a decision names a call the sub-run does not wait on', async () => {
    const { parent } = parentWithCleaner();
    const { state } = await parent.run('Tidy up.');

    expect(() => state.approve('p1/c9')).toThrow(RunStateDecisionError);
    expect(() => state.approve('p1/c9')).toThrow(
      "Cannot approve tool call 'p1/c9': the run has no such call waiting; it waits on 'p1/c1' (approval).",
    );
    expect(() => state.approve('p1')).toThrow(/waits for its agent's calls, each listed as '<this call>\/<its call>'/);
  });

  it('gives a credential the sub-run asked for to the resumed sub-run, through the parent state (same process)', async () => {
    class NeedsKey extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: { type: 'object', properties: {} }, name: 'crm', description: 'Looks up.' });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        const key = context.credential<string>('crm');
        if (key === undefined) context.requestCredential({ key: 'crm', scheme: 'apiKey' });
        return `found with a key of ${key!.length} characters`;
      }
    }
    const lookup = new Agent({
      name: 'lookup',
      model: new ScriptedModel([
        { toolCalls: [{ id: 'k1', name: 'crm', arguments: {} }] },
        (request) => ({ text: contentText(request.messages.at(-1)?.content) }),
      ]),
      tools: [new NeedsKey()],
    });
    const parent = new Agent({
      name: 'parent',
      model: new ScriptedModel([ask('p1', 'lookup', 'Find.'), { text: 'ok' }]),
      tools: [AgentTool.of(lookup)],
    });
    const paused = await parent.run('Go');
    expect(paused.interruptions).toMatchObject([{ kind: 'credential', callId: 'p1/k1', agentName: 'lookup' }]);

    paused.state.provideCredential('p1/k1', 'secret');
    expect(JSON.stringify(paused.state)).not.toContain('secret');
    const run = await parent.resume(paused.state);
    expect(run.toolCalls[0]!.result.content).toBe('found with a key of 6 characters');
  });

  it("streams the sub-run's interruption (its own call id) and the parent's (the call id under the AgentTool call)", async () => {
    const { parent } = parentWithCleaner();
    const events = await collect(parent.stream('Tidy up.'));
    const interruptions = events.filter((event): event is Extract<AgentEvent, { type: 'interruption' }> => event.type === 'interruption');

    expect(interruptions.map((event) => [event.agentName, event.callId, event.parentCallId])).toEqual([
      ['cleaner', 'c1', 'p1'],
      ['cleaner', 'p1/c1', undefined],
    ]);
    expect(events.some((event) => event.type === 'tool_call_completed' && event.callId === 'p1')).toBe(false);
  });

  it("streams the resumed sub-run into the resumed parent's stream (agent.stream(state))", async () => {
    const { parent } = parentWithCleaner();
    const paused = await parent.run('Tidy up.');
    paused.state.approve('p1/c1');
    const events = await collect(parent.stream(paused.state));

    const ofCleaner = events.filter((event) => event.agentName === 'cleaner').map((event) => event.type);
    expect(ofCleaner).toEqual(expect.arrayContaining(['tool_call_started', 'tool_call_completed', 'message', 'run_completed']));
    expect(events.filter((event) => event.agentName === 'cleaner').every((event) => event.parentCallId === 'p1')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'run_completed', agentName: 'parent', stopReason: 'completed' });
  });

  it('outside an agent run, the call fails with a SubAgentInterruptedError naming the agent and the waiting calls, with its state', async () => {
    const { parent } = parentWithCleaner();
    const cleanerTool = parent.registry.findTool('cleaner') as AgentTool;
    const error: unknown = await cleanerTool.execute({ request: 'x' }, testAgentContext()).catch((thrown: unknown) => thrown);
    if (!SubAgentInterruptedError.isInstance(error)) throw new Error('expected a SubAgentInterruptedError');

    expect(error.message).toBe("Agent 'cleaner' is waiting for the host before it can answer: 'c1' (approval of delete).");
    expect(SubAgentInterruptedError.isInstance(error)).toBe(true);
    expect(RunState.isInstance(error.state)).toBe(true);
  });

  it('answers with a SubAgentStoppedError when the agent cannot be resumed (a workflow agent), and the parent goes on', async () => {
    const { parent: inner } = parentWithCleaner();
    const cleaner = (inner.registry.findTool('cleaner') as AgentTool).agent;
    const sequence = new SequentialAgent({ name: 'sequence', agents: [cleaner] });
    const parent = new Agent({
      model: new ScriptedModel([ask('p1', 'sequence', 'Clean.'), { text: 'ok' }]),
      tools: [AgentTool.of(sequence)],
    });
    const run = await parent.run('Go');

    expect(run.stopReason).toBe('completed');
    expect(SubAgentStoppedError.isInstance(run.toolCalls[0]!.result.error)).toBe(true);
  });

  it('refuses a saved state whose paused sub-run is not a run state, naming where it is', async () => {
    const { parent } = parentWithCleaner();
    const saved = JSON.parse(JSON.stringify((await parent.run('Go')).state)) as { batch: Array<{ subRun: { runId: unknown } }> };
    saved.batch[0]!.subRun.runId = 7;

    expect(() => RunState.fromJSON(saved)).toThrow(
      /state\.batch\[0\]\.subRun \(the paused run of the call's agent\) is not a run state: .*state\.runId should be a string/,
    );
  });
});

describe('AgentTool sub-runs and old copies of the state (with a checkpoint store)', () => {
  function refunder() {
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const clerk = new Agent({
      name: 'clerk',
      model: new ScriptedModel([{ toolCalls: [call('r', 'refund', '/order/7')] }, { text: 'Refunded.' }], { onExhausted: 'repeatLast' }),
      tools: [refund],
    });
    const model = new ScriptedModel([ask('p', 'clerk', 'Refund order 7'), { text: 'Done.' }], { onExhausted: 'repeatLast' });
    return { parent: new Agent({ name: 'parent', model, tools: [AgentTool.of(clerk)] }), refund };
  }

  it('repeats nothing when an old copy is resumed after a newer resume, for a call inside the sub-run', async () => {
    const store = new InMemoryCheckpointStore();
    const { parent, refund } = refunder();
    const paused = await parent.run('refund', { checkpoints: store });
    expect(paused.interruptions.map((item) => item.callId)).toEqual(['p/r']);
    const oldCopy = JSON.stringify(paused.state);

    paused.state.approve('p/r');
    expect((await parent.resume(paused.state, { checkpoints: store })).text).toBe('Done.');
    expect(refund.ran).toEqual(['/order/7']);

    const old = RunState.fromJSON(JSON.parse(oldCopy));
    old.approve('p/r');
    await expect(parent.resume(old, { checkpoints: store })).rejects.toThrow(InvalidRunStateError);
    expect(refund.ran).toEqual(['/order/7']);
  });

  it('saves the sub-run through the parent: a crash inside it brings the sub-run call back in doubt, not run again', async () => {
    const store = new InMemoryCheckpointStore();
    const saves: Array<Record<string, unknown>> = [];
    const recording = {
      save: (runId: string, checkpoint: Readonly<Record<string, unknown>>, options?: CheckpointSaveOptions) => {
        saves.push(structuredClone(checkpoint) as Record<string, unknown>);
        return store.save(runId, checkpoint, options);
      },
      load: (runId: string) => store.load(runId),
      delete: (runId: string) => store.delete(runId),
    };
    const { parent, refund } = refunder();
    const paused = await parent.run('refund', { checkpoints: recording });
    paused.state.approve('p/r');
    await parent.resume(paused.state, { checkpoints: recording });
    expect(refund.ran).toEqual(['/order/7']);
    // The parent checkpoint where the sub-run's refund had started and had no result: the process died there.
    const crashed = saves.find((checkpoint) => {
      const entry = (checkpoint.batch as Array<{ subRun?: { batch?: Array<{ started?: boolean; result?: unknown }> } }> | undefined)?.[0];
      const inner = entry?.subRun?.batch?.[0];
      return inner?.started === true && inner.result === undefined;
    });
    expect(crashed).toBeDefined();
    const after = new InMemoryCheckpointStore();
    await after.save(paused.runId, crashed!);
    const again = refunder();
    const recovered = await again.parent.recover(paused.runId, { checkpoints: after });
    expect(recovered.interruptions).toEqual([expect.objectContaining({ kind: 'approval', callId: 'p', inDoubt: true })]);
    recovered.state.approve('p');
    const inner = await again.parent.resume(recovered.state, { checkpoints: after });
    expect(inner.interruptions).toEqual([expect.objectContaining({ kind: 'approval', callId: 'p/r', inDoubt: true })]);
    expect(again.refund.ran).toEqual([]);
  });
  /** A clerk that asks two approvals one after the other (refund, then notify): the parent stays at one model turn. */
  function twoStepClerk(approvals?: 'all') {
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const notify = new PathTool('notify', 'write', { needsApproval: true });
    const clerk = new Agent({
      name: 'clerk',
      model: new ScriptedModel(
        [{ toolCalls: [call('r', 'refund', '/order/7')] }, { toolCalls: [call('n', 'notify', '/user/1')] }, { text: 'Refunded.' }],
        {
          onExhausted: 'repeatLast',
        },
      ),
      tools: [refund, notify],
    });
    const model = new ScriptedModel([ask('p', 'clerk', 'Refund order 7'), { text: 'Done.' }], { onExhausted: 'repeatLast' });
    return { parent: new Agent({ name: 'parent', model, tools: [AgentTool.of(clerk)], ...(approvals ? { approvals } : {}) }), refund };
  }

  it('refuses an old copy whose sub-run the checkpoint has moved past, though the parent is at the same model turn', async () => {
    const store = new InMemoryCheckpointStore();
    const { parent, refund } = twoStepClerk();
    const paused = await parent.run('refund', { checkpoints: store });
    const oldCopy = JSON.stringify(paused.state);
    paused.state.approve('p/r');
    const second = await parent.resume(paused.state, { checkpoints: store });
    expect(second.interruptions.map((item) => item.callId)).toEqual(['p/n']);

    const old = RunState.fromJSON(JSON.parse(oldCopy));
    old.approve('p/r');
    await expect(parent.resume(old, { checkpoints: store })).rejects.toThrow(/the agent of call 'p' has 2 model calls/);
    expect(refund.ran).toEqual(['/order/7']);
    // The live state goes on.
    second.state.approve('p/n');
    expect((await parent.resume(second.state, { checkpoints: store })).text).toBe('Done.');
    expect(refund.ran).toEqual(['/order/7']);
  });

  it('takes over the sub-run an old copy approved the AgentTool call for: the approval is spent, nothing runs again', async () => {
    const store = new InMemoryCheckpointStore();
    const { parent, refund } = twoStepClerk('all');
    const paused = await parent.run('refund', { checkpoints: store });
    expect(paused.interruptions.map((item) => item.callId)).toEqual(['p']);
    const oldCopy = JSON.stringify(paused.state);
    paused.state.approve('p');
    const first = await parent.resume(paused.state, { checkpoints: store });
    first.state.approve('p/r');
    const second = await parent.resume(first.state, { checkpoints: store });
    expect(second.interruptions.map((item) => item.callId)).toEqual(['p/n']);
    expect(refund.ran).toEqual(['/order/7']);

    const old = RunState.fromJSON(JSON.parse(oldCopy));
    old.approve('p');
    const resumed = await parent.resume(old, { checkpoints: store });
    expect(resumed.interruptions.map((item) => item.callId)).toEqual(['p/n']);
    expect(refund.ran).toEqual(['/order/7']);
  });
});
