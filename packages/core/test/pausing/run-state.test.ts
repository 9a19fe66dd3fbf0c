import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type AgentContext,
  ContextAwareTool,
  InMemorySessionStore,
  InvalidRunStateError,
  RunState,
  type JsonSchema,
} from '../../src/index.js';
import { deferred } from '../support/deferred.js';
import { call, PathTool } from './support.js';

const noArgs: JsonSchema = { type: 'object', properties: {} };
const failure = { error: Object.assign(new Error('bad request'), { status: 400 }) };

async function interrupted() {
  const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
  const agent = new Agent({
    model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }, { text: 'ok' }]),
    tools: [remove],
  });
  const run = await agent.run('x');
  return { agent, run, remove, json: JSON.parse(JSON.stringify(run.state)) as Record<string, unknown> };
}

describe('RunState: versioned, checked, and only for its own agent', () => {
  it('carries the run id, agent, counters, state and its delta across a resume', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([
        { toolCalls: [call('c1', 'delete_file', '/a')], usage: { inputTokens: 5, outputTokens: 1, totalTokens: 6 } },
        { text: 'ok', usage: { inputTokens: 7, outputTokens: 2, totalTokens: 9 } },
      ]),
      tools: [remove],
      maxIterations: 2,
    });
    const run = await agent.run('x', { state: { 'user:name': 'Ada', count: 1 } });
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    expect(state.runId).toBe(run.runId);
    expect(state.agentName).toBe('agent');
    expect(state.stopReason).toBe('interrupted');
    state.approve('c1');
    const resumed = await agent.resume(state);
    expect(resumed.usage).toEqual({ inputTokens: 12, outputTokens: 3, totalTokens: 15 });
    expect(resumed.messages[0]).toEqual({ role: 'user', content: 'x' });
    expect(resumed.stopReason).toBe('completed');
  });

  it('holds what the run ended with, however long after the run it is read', async () => {
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'read_file', '/a')] }, { text: 'done' }]);
    const agent = new Agent({ model, tools: [new PathTool('read_file', 'read')] });
    const run = await agent.run('x', { state: { count: 1 } });
    jest.useFakeTimers({ now: Date.now() + 60_000 });
    let saved: Record<string, unknown>;
    try {
      saved = JSON.parse(JSON.stringify(run.state)) as Record<string, unknown>;
    } finally {
      jest.useRealTimers();
    }
    // The running time stopped with the run, not when the state was first read.
    expect(saved.elapsedMs).toBe(run.durationMs);
    expect(saved.status).toBe('completed');
    expect(saved.messages).toEqual(run.messages);
    expect(saved.toolCalls).toEqual([
      {
        id: 'c1',
        name: 'read_file',
        arguments: run.toolCalls[0]!.arguments,
        result: { content: run.toolCalls[0]!.result.content, isError: false },
      },
    ]);
    expect(saved.state).toEqual({ count: 1 });
    expect(run.state.stopReason).toBe('completed');
  });

  it('counts maxIterations across resumes', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }, { toolCalls: [call('c2', 'delete_file', '/b')] }], {
      onExhausted: 'repeatLast',
    });
    const agent = new Agent({ model, tools: [remove], maxIterations: 2 });
    const run = await agent.run('x');
    run.state.approve('c1');
    const second = await agent.resume(run.state);
    expect(second.stopReason).toBe('interrupted');
    second.state.approve('c2');
    const third = await agent.resume(second.state);
    expect(third.stopReason).toBe('max_iterations');
    expect(model.requests).toHaveLength(2);
  });

  it('names the agent whose call it is in an interruption after a handoff, not the run’s first agent', async () => {
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const billing = new Agent({
      name: 'billing',
      description: 'billing',
      tools: [refund],
      model: new ScriptedModel([{ toolCalls: [call('r', 'refund', '/o/7')] }, { text: 'Refunded.' }]),
    });
    const triage = new Agent({
      name: 'triage',
      subAgents: [billing],
      model: new ScriptedModel([{ toolCalls: [{ id: 't', name: 'transfer_to_agent', arguments: { agent_name: 'billing' } }] }]),
    });
    const paused = await triage.run('refund order 7');
    expect(paused.agentName).toBe('billing');
    expect(paused.interruptions.map((item) => [item.callId, item.agentName])).toEqual([['r', 'billing']]);
    // The state stays triage's (only triage resumes it); its waiting call is billing's, also after a round trip.
    const copy = RunState.fromJSON(JSON.parse(JSON.stringify(paused.state)) as Record<string, unknown>);
    expect(copy.agentName).toBe('triage');
    expect(copy.interruptions[0]!.agentName).toBe('billing');
  });

  it('refuses a state of another agent', async () => {
    const { run } = await interrupted();
    const other = new Agent({ name: 'billing', model: new ScriptedModel([]) });
    await expect(other.resume(run.state)).rejects.toThrow(
      "Cannot use this run state: it is a run of agent 'agent', and this agent is 'billing'; resume it with that agent.",
    );
  });

  it('refuses a state from a newer version', async () => {
    const { json } = await interrupted();
    expect(() => RunState.fromJSON({ ...json, version: 99 })).toThrow(
      'Cannot use this run state: it was written by a newer version of toolcraft (run state version 99); this version reads version 2 and older. Resume it with the newer version.',
    );
  });

  it.each([
    ['not a state at all', (_json: Record<string, unknown>) => ({ hello: 1 }), /should be a run state/],
    [
      'messages not an array',
      (json: Record<string, unknown>) => ({ ...json, messages: 'x' }),
      /state.messages should be an array, but was "x"/,
    ],
    [
      'a batch that does not match the last assistant message',
      (json: Record<string, unknown>) => ({ ...json, batch: [] }),
      /state.batch has 0 calls/,
    ],
    [
      'an interrupted state without its batch',
      (json: Record<string, unknown>) => ({ ...json, batch: undefined }),
      /'interrupted', but state.batch/,
    ],
    [
      'a bad gate',
      (json: Record<string, unknown>) => ({ ...json, batch: [{ ...(json.batch as object[])[0], gate: 'maybe' }] }),
      /state.batch\[0\].gate should be/,
    ],
    ['a negative counter', (json: Record<string, unknown>) => ({ ...json, iterations: -1 }), /state.iterations should be a number >= 0/],
  ])('refuses %s with an InvalidRunStateError naming the field', async (_, edit, message) => {
    const { json } = await interrupted();
    const read = () => RunState.fromJSON(edit(json));
    expect(read).toThrow(InvalidRunStateError);
    expect(read).toThrow(message);
  });

  it('refuses hand-edited decisions of the wrong shape, naming the field and what it should be', async () => {
    const { json } = await interrupted();
    const batch = json.batch as Array<Record<string, unknown>>;
    batch[0]!.decision = { kind: 'approved', arguments: 42 };
    expect(() => RunState.fromJSON(json)).toThrow('state.batch[0].decision.arguments should be a string, but was 42.');
    batch[0]!.decision = { kind: 'resolved' };
    expect(() => RunState.fromJSON(json)).toThrow('state.batch[0].decision.content should be a string, but was missing.');
  });

  it('refuses a value that is not a RunState', async () => {
    const { agent, json } = await interrupted();
    await expect(agent.resume(json as never)).rejects.toThrow(/agent.resume takes a RunState/);
  });

  it('counts per-tool maxInvocations across resumes', async () => {
    const send = new PathTool('send_mail', 'write', { needsApproval: true, maxInvocations: 2 });
    const model = new ScriptedModel([
      { toolCalls: [call('m1', 'send_mail', '/a')] },
      { toolCalls: [call('m2', 'send_mail', '/b')] },
      { toolCalls: [call('m3', 'send_mail', '/c')] },
      { text: 'done' },
    ]);
    const agent = new Agent({ model, tools: [send] });
    const roundTrip = (state: RunState) => RunState.fromJSON(JSON.parse(JSON.stringify(state)));
    const first = await agent.run('x');
    let state = roundTrip(first.state);
    state.approve('m1');
    const second = await agent.resume(state);
    state = roundTrip(second.state);
    state.approve('m2');
    const third = await agent.resume(state);
    expect(send.ran).toEqual(['/a', '/b']);
    expect(third.toolCalls.at(-1)!.result.content).toMatch(/maxInvocations/);
    expect(third.text).toBe('done');
  });

  it('takes a chosen runId, so a host knows it before the run ends (to recover it after a crash)', async () => {
    const agent = new Agent({ model: new ScriptedModel([{ text: 'hi' }, { text: 'hi' }]) });
    const run = await agent.run('x', { runId: 'order-17' });
    expect(run.runId).toBe('order-17');
    expect(run.state.runId).toBe('order-17');
    await expect(agent.run('x', { runId: '' })).rejects.toThrow("Run option 'runId' must be a non-empty string, but was ''.");
  });

  it('keeps out of the state what a cancelled tool changes after the run ended: a resume does not act on it', async () => {
    const started = deferred();
    const release = deferred();
    const changed = deferred();
    const late = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ name: 'lookup', description: 'looks up', argsType: noArgs, effects: 'read' });
      }
      async execute(_args: Record<string, never>, context: AgentContext): Promise<string> {
        started.resolve();
        // Ignores its signal: it goes on after the run was aborted.
        await release.promise;
        context.actions.transferToAgent = 'billing';
        context.state.set('late', true);
        changed.resolve();
        return 'looked up';
      }
    })();
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([
        { toolCalls: [{ id: 'a', name: 'lookup', arguments: {} }, call('b', 'delete_file', '/x')] },
        { text: 'all done' },
      ]),
      tools: [late, remove],
    });
    const controller = new AbortController();
    const running = agent.run('go', { signal: controller.signal });
    await started.promise;
    controller.abort(new Error('stop'));
    const run = await running;
    expect(run.stopReason).toBe('aborted');
    release.resolve();
    await changed.promise;
    const saved = JSON.parse(JSON.stringify(run.state)) as { actions?: unknown; state: Record<string, unknown> };
    expect(saved.actions).toBeUndefined();
    expect(saved.state).toEqual({});
    const state = RunState.fromJSON(saved);
    for (const item of state.interruptions) state.approve(item.callId);
    const resumed = await agent.resume(state);
    expect(resumed.stopReason).toBe('completed');
    expect(resumed.text).toBe('all done');
    expect(remove.ran).toEqual(['/x']);
  });

  it('keeps the results of a finished batch when the next model call fails: the state continues from them', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }, failure, { text: 'done' }]),
      tools: [remove],
    });
    const run = await agent.run('x');
    run.state.approve('c1');
    await expect(agent.resume(run.state)).rejects.toThrow('bad request');
    const saved = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    expect(saved.stopReason).toBeUndefined();
    const resumed = await agent.resume(saved);
    expect(resumed.text).toBe('done');
    expect(remove.ran).toEqual(['/a']);
    expect(resumed.messages.filter((message) => message.role === 'tool')).toHaveLength(1);
  });

  it('refuses a session on resume, and a second resume of a state that is being resumed', async () => {
    const release = deferred();
    const slow = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ argsType: noArgs, name: 'slow', description: 'Slow.', needsApproval: true });
      }
      async execute(): Promise<string> {
        await release.promise;
        return 'slow done';
      }
    })();
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 's', name: 'slow', arguments: {} }] }, { text: 'ok' }]),
      tools: [slow],
    });
    const run = await agent.run('x');
    run.state.approve('s');
    const session = new InMemorySessionStore().open({ appName: 'a', userId: 'u', sessionId: 's' });
    await expect(agent.resume(run.state, { session } as never)).rejects.toThrow(/session \(of resume options\)/);
    const first = agent.resume(run.state);
    await expect(agent.resume(run.state)).rejects.toThrow(/is being resumed already/);
    release.resolve();
    expect((await first).text).toBe('ok');
  });

  it('hints at JSON.parse when given the saved string, and shows a summary when logged', async () => {
    const { run } = await interrupted();
    expect(() => RunState.fromJSON(JSON.stringify(run.state))).toThrow('pass the parsed JSON: RunState.fromJSON(JSON.parse(saved))');
    const util = await import('node:util');
    const shown = util.inspect(run.state);
    expect(shown).toContain("runId: '");
    expect(shown).toContain("stopReason: 'interrupted'");
    expect(shown).not.toContain('busy');
  });
});

describe('RunState.fromJSON: refuses what the API would refuse, always with InvalidRunStateError', () => {
  async function saved(): Promise<Record<string, unknown>> {
    const { run } = await interrupted();
    return JSON.parse(JSON.stringify(run.state)) as Record<string, unknown>;
  }
  const batchOf = (json: Record<string, unknown>) => json.batch as Array<Record<string, unknown>>;

  it('refuses an approval for a call that never asked for one, and a result for a call waiting for approval', async () => {
    const json = await saved();
    const never = structuredClone(json);
    delete batchOf(never)[0]!.gate;
    batchOf(never)[0]!.decision = { kind: 'approved' };
    expect(() => RunState.fromJSON(never)).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(never)).toThrow(
      'state.batch[0].decision is an approval, but the call never waited for the host; only a call waiting for approval takes it.',
    );
    const resolved = structuredClone(json);
    batchOf(resolved)[0]!.decision = { kind: 'resolved', content: 'done' };
    expect(() => RunState.fromJSON(resolved)).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(resolved)).toThrow(
      "state.batch[0].decision is a declaration-only call's result, but the call waits for approval; only a call waiting for its result (a declaration-only tool) takes it.",
    );
  });

  it('gives InvalidRunStateError, never a RangeError or TypeError, for deep nesting and odd values', async () => {
    const json = await saved();
    let deep: Record<string, unknown> = json;
    for (let level = 0; level < 40; level++) {
      const inner = structuredClone(json);
      const outer = structuredClone(json);
      batchOf(outer)[0]!.gate = 'agent';
      batchOf(outer)[0]!.subRun = level === 0 ? inner : deep;
      deep = outer;
    }
    expect(() => RunState.fromJSON(deep)).toThrow(InvalidRunStateError);
    let nested: unknown = 'x';
    for (let level = 0; level < 20_000; level++) nested = { nested };
    expect(() => RunState.fromJSON({ ...json, state: { deep: nested } })).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON({ ...json, state: { f: () => 1 } })).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(JSON.parse(JSON.stringify(json).replace('"state":{}', '"state":{"__proto__":1}')))).toThrow(
      "state.state has a '__proto__' key",
    );
  });

  it.each<[string, (json: Record<string, unknown>) => void, RegExp]>([
    [
      'a null exhausted limit',
      (json) => (json.toolUsage = { t: { invocations: 0, failures: 0, exhausted: null } }),
      /state\.toolUsage\["t"\]\.exhausted should be/,
    ],
    [
      'an exhausted value that is not a number',
      (json) => (json.toolUsage = { t: { invocations: 0, failures: 0, exhausted: { limit: 'maxInvocations', value: 'x' } } }),
      /exhausted\.value should be a whole number/,
    ],
    [
      'counts that are not numbers',
      (json) => (json.toolUsage = { t: { invocations: 'lots', failures: 0 } }),
      /state\.toolUsage\["t"\]\.invocations should be a whole number/,
    ],
    ['a tool choice of another type', (json) => (json.toolChoice = 42), /state\.toolChoice should be/],
    ['a handoff of an unknown kind', (json) => (json.handoffs = [{ from: 'a', to: 'b', kind: 42 }]), /state\.handoffs\[0\] should be/],
    [
      'a checkpoint version that is not whole',
      (json) => (json.checkpointVersion = 0.5),
      /state\.checkpointVersion should be a whole number/,
    ],
  ])('refuses %s with InvalidRunStateError, not a TypeError at resume', async (_, edit, message) => {
    const json = await saved();
    edit(json);
    expect(() => RunState.fromJSON(json)).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(json)).toThrow(message);
  });

  it.each([
    [
      'a tool choice that is not one',
      { toolChoice: 'sometimes' },
      "state.toolChoice should be 'auto', 'none', 'required' or { name: string }",
    ],
    ['a tool choice naming no tool', { toolChoice: { name: 42 } }, 'state.toolChoice should be'],
    [
      'a negative tool count',
      { toolUsage: { delete_file: { invocations: -1, failures: 0 } } },
      'state.toolUsage["delete_file"].invocations should be a whole number >= 0, but was -1.',
    ],
    [
      'a fractional tool count',
      { toolUsage: { delete_file: { invocations: 1, failures: 0.5 } } },
      'state.toolUsage["delete_file"].failures should be a whole number >= 0',
    ],
    [
      'a tool count that is a string',
      { toolUsage: { delete_file: { invocations: '2', failures: 0 } } },
      '.invocations should be a whole number >= 0, but was "2".',
    ],
    [
      'an unknown limit',
      { toolUsage: { delete_file: { invocations: 1, failures: 0, exhausted: { limit: 'maxBoth', value: 1 } } } },
      '.exhausted should be',
    ],
    [
      'a handoff of no known kind',
      { handoffs: [{ from: 'a', to: 'b', kind: 'teleport' }] },
      "state.handoffs[0] should be { from: string, to: string, kind: 'transfer' | 'escalate' }",
    ],
    ['a handoff without its kind', { handoffs: [{ from: 'a', to: 'b' }] }, 'state.handoffs[0] should be'],
    [
      'an update given at no time',
      {
        pending: [
          { callId: 'j', toolName: 'job', arguments: '{}', initialResult: 'started', updates: [{ value: 'x', final: false, at: 'noon' }] },
        ],
      },
      'state.pending[0].updates[0].at should be a time in ms',
    ],
  ])('refuses %s with InvalidRunStateError naming the field', async (_, edit, message) => {
    const json = { ...(await saved()), ...edit };
    expect(() => RunState.fromJSON(json)).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(json)).toThrow(message);
  });

  it('reads valid tool choices, counts and handoffs', async () => {
    const json = await saved();
    for (const toolChoice of ['auto', 'none', 'required', { name: 'delete_file' }])
      expect(() => RunState.fromJSON({ ...json, toolChoice })).not.toThrow();
    const usage = { delete_file: { invocations: 2, failures: 1, exhausted: { limit: 'maxFailures', value: 1 } } };
    expect(() => RunState.fromJSON({ ...json, toolUsage: usage })).not.toThrow();
    expect(() => RunState.fromJSON({ ...json, handoffs: [{ from: 'a', to: 'b', kind: 'escalate' }] })).not.toThrow();
  });

  it('reads a state saved by the previous format version (1)', async () => {
    const json = await saved();
    const v1 = { ...json, version: 1 };
    delete (v1 as { checkpointVersion?: unknown }).checkpointVersion;
    const state = RunState.fromJSON(v1);
    expect(state.interruptions.map((item) => item.callId)).toEqual(['c1']);
    expect(state.toJSON().version).toBe(RunState.version);
  });
});

describe('state keys across a resume', () => {
  it('keeps a deleted key named like an Object.prototype member deleted, and refuses __proto__ with a clear error', async () => {
    const keys = new (class extends ContextAwareTool<{ op: string }, string> {
      constructor() {
        super({
          name: 'keys',
          description: 'edits state',
          argsType: { type: 'object', properties: { op: { type: 'string' } }, required: ['op'] },
          needsApproval: (args: { op: string }) => args.op === 'ask',
        });
      }
      execute(args: { op: string }, context: AgentContext): string {
        if (args.op === 'delete') context.state.delete('toString');
        if (args.op === 'proto') context.state.set('__proto__', 1);
        return String(context.state.has('toString'));
      }
    })();
    const model = new ScriptedModel([
      { toolCalls: [call2('d', 'delete'), call2('a', 'ask')] },
      { toolCalls: [call2('p', 'proto')] },
      { text: 'ok' },
    ]);
    const agent = new Agent({ model, tools: [keys] });
    const paused = await agent.run('x', { state: { toString: 'x', constructor: 'y' } });
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(paused.state)));
    state.approve('a');
    const resumed = await agent.resume(state);
    expect(resumed.stateDelta).toEqual({ toString: undefined });
    expect(Object.hasOwn(resumed.state.toJSON().state as object, 'toString')).toBe(false);
    expect(resumed.toolCalls.find((item) => item.id === 'a')!.result.content).toBe('false');
    expect(resumed.toolCalls.find((item) => item.id === 'p')!.result).toMatchObject({ isError: true });
    expect(resumed.toolCalls.find((item) => item.id === 'p')!.result.content).toContain("The state key '__proto__' is not allowed");
    await expect(agent.run('x', { state: JSON.parse('{"__proto__": 1}') as Record<string, unknown> })).rejects.toThrow(
      "Run option 'state' must be state keys other than '__proto__'",
    );
  });
});

const call2 = (id: string, op: string) => ({ id, name: 'keys', arguments: { op } });

describe('a run that stopped lets its tools go', () => {
  it('keeps out of the saved state what a tool still running changes in place after the run ended', async () => {
    let mutate: (() => void) | undefined;
    const lingering = new (class extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ name: 'linger', description: 'keeps a reference', argsType: { type: 'object', properties: {} } });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        const list = context.state.get<string[]>('list')!;
        mutate = () => list.push('late');
        return 'ok';
      }
    })();
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ id: 'l', name: 'linger', arguments: {} }] }, { text: 'done' }]),
      tools: [lingering],
    });
    const run = await agent.run('x', { state: { list: [] } });
    const before = JSON.stringify(run.state);
    mutate!();
    expect(JSON.stringify(run.state)).toBe(before);
  });
});
