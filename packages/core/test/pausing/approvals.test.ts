import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  AgentContext,
  ContextAwareTool,
  InMemoryCheckpointStore,
  type JsonSchema,
  RunState,
  RunStateDecisionError,
  Tool,
  ToolResult,
} from '../../src/index.js';
import { askApprovalPredicate } from '../../src/internal.js';
import { call, pathArgs, PathTool } from './support.js';

describe('approvals: a call that needs a person stops the run until the host decides', () => {
  it('stops with interrupted, lists the call, and runs it once after approve and resume', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/tmp/a')] }, { text: 'Deleted.' }]);
    const agent = new Agent({ model, tools: [remove] });

    const run = await agent.run('delete /tmp/a');
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions).toEqual([
      { kind: 'approval', callId: 'c1', toolName: 'delete_file', arguments: '{"path":"/tmp/a"}', agentName: 'agent' },
    ]);
    expect(remove.ran).toEqual([]);
    expect(model.requests).toHaveLength(1);

    run.state.approve('c1');
    const resumed = await agent.resume(run.state);
    expect(resumed.stopReason).toBe('completed');
    expect(resumed.text).toBe('Deleted.');
    expect(remove.ran).toEqual(['/tmp/a']);
    expect(resumed.runId).toBe(run.runId);
    expect(resumed.toolCalls.map((item) => item.result.content)).toEqual(['delete_file /tmp/a']);
    // The model saw one tool message for the call, right after the assistant message that asked for it.
    expect(model.requests[1]!.messages.slice(-2).map((message) => message.role)).toEqual(['assistant', 'tool']);

    // Resuming again never runs the call twice.
    await agent.resume(run.state);
    expect(remove.ran).toEqual(['/tmp/a']);
  });

  it('survives JSON: the state is saved, read back elsewhere, decided and resumed', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const makeAgent = () =>
      new Agent({ model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/tmp/a')] }, { text: 'Done.' }]), tools: [remove] });
    const run = await makeAgent().run('delete /tmp/a');
    const saved = JSON.stringify(run.state);

    const state = RunState.fromJSON(JSON.parse(saved));
    expect(state.interruptions.map((item) => item.callId)).toEqual(['c1']);
    state.approve('c1');
    const other = new Agent({ model: new ScriptedModel([{ text: 'Done.' }]), tools: [remove] });
    const resumed = await other.resume(state);
    expect(resumed.text).toBe('Done.');
    expect(remove.ran).toEqual(['/tmp/a']);
  });

  it('tells the model a rejected call was rejected, with the reason, and goes on', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/etc')] }, { text: 'I will not delete it.' }]);
    const agent = new Agent({ model, tools: [remove] });
    const run = await agent.run('delete /etc');
    run.state.reject('c1', 'system folders stay');
    const resumed = await agent.resume(run.state);
    expect(remove.ran).toEqual([]);
    expect(resumed.toolCalls[0]!.result).toMatchObject({ isError: true, content: 'Error: the call was rejected: system folders stay' });
    expect(resumed.stopReason).toBe('completed');
  });

  it('runs an approved call with edited arguments, validated again like the model’s', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/')] }, { text: 'ok' }, { text: 'ok' }]);
    const agent = new Agent({ model, tools: [remove] });
    const run = await agent.run('clean up');
    run.state.approve('c1', { arguments: { path: '/tmp/only-this' } });
    const resumed = await agent.resume(run.state);
    expect(remove.ran).toEqual(['/tmp/only-this']);
    expect(resumed.toolCalls[0]!.arguments).toBe('{"path":"/tmp/only-this"}');

    const second = await new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c2', 'delete_file', '/')] }, { text: 'ok' }]),
      tools: [remove],
    }).run('x');
    second.state.approve('c2', { arguments: { path: 42 } });
    const bad = await new Agent({ model: new ScriptedModel([{ text: 'ok' }]), tools: [remove] }).resume(second.state);
    expect(bad.toolCalls[0]!.result.isError).toBe(true);
    expect(bad.toolCalls[0]!.result.content).toMatch(/path/);
    expect(remove.ran).toEqual(['/tmp/only-this']);
  });

  it('reports all calls of a turn that need approval together; the others run, in order of their effects', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const read = new PathTool('read_file', 'read');
    const write = new PathTool('write_file', 'write');
    const model = new ScriptedModel([
      {
        toolCalls: [
          call('r1', 'read_file', '/a'),
          call('d1', 'delete_file', '/b'),
          call('r2', 'read_file', '/c'),
          call('d2', 'delete_file', '/d'),
        ],
      },
      { text: 'done' },
    ]);
    const agent = new Agent({ model, tools: [remove, read, write] });
    const run = await agent.run('x');
    expect(run.interruptions.map((item) => item.callId)).toEqual(['d1', 'd2']);
    // r1 runs; r2 comes after the destructive d1 and waits with it.
    expect(read.ran).toEqual(['/a']);
    run.state.approve('d1');
    run.state.reject('d2');
    const resumed = await agent.resume(run.state);
    expect(read.ran).toEqual(['/a', '/c']);
    expect(remove.ran).toEqual(['/b']);
    expect(resumed.toolCalls.map((item) => item.id)).toEqual(['r1', 'd1', 'r2', 'd2']);
  });

  it('returns undecided interruptions again without a model call', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a'), call('c2', 'delete_file', '/b')] }, { text: 'ok' }]);
    const agent = new Agent({ model, tools: [remove] });
    const run = await agent.run('x');
    run.state.approve('c1');
    const again = await agent.resume(run.state);
    expect(again.stopReason).toBe('interrupted');
    expect(again.interruptions.map((item) => item.callId)).toEqual(['c2']);
    expect(model.requests).toHaveLength(1);
    expect(remove.ran).toEqual(['/a']);
  });

  it.each([
    ['destructive', ['delete_file']],
    ['write', ['write_file', 'delete_file']],
    ['all', ['read_file', 'write_file', 'delete_file']],
    ['none', []],
  ] as const)("selects calls by effect with approvals: '%s'", async (approvals, expected) => {
    const tools = [new PathTool('read_file', 'read'), new PathTool('write_file', 'write'), new PathTool('delete_file', 'destructive')];
    const model = new ScriptedModel([
      { toolCalls: [call('a', 'read_file', '/x'), call('b', 'write_file', '/x'), call('c', 'delete_file', '/x')] },
      { text: 'ok' },
    ]);
    const run = await new Agent({ model, tools, approvals }).run('x');
    expect(run.interruptions.map((item) => item.toolName)).toEqual(expected);
  });

  it('lets a tool’s own needsApproval win over the agent policy, and asks a predicate with the decoded arguments', async () => {
    const safe = new PathTool('delete_tmp', 'destructive', { needsApproval: false });
    const predicate = jest.fn((args: { path: string }) => !args.path.startsWith('/tmp/'));
    const guarded = new PathTool('delete_file', 'destructive', { needsApproval: predicate });
    const model = new ScriptedModel([
      { toolCalls: [call('a', 'delete_tmp', '/x'), call('b', 'delete_file', '/tmp/y'), call('c', 'delete_file', '/home/z')] },
      { text: 'ok' },
    ]);
    const run = await new Agent({ model, tools: [safe, guarded], approvals: 'all' }).run('x');
    expect(run.interruptions.map((item) => item.callId)).toEqual(['c']);
    expect(predicate.mock.calls.map(([args]) => args.path).sort()).toEqual(['/home/z', '/tmp/y']);
  });

  it('asks for approval when the predicate throws (the safe answer)', async () => {
    const tool = new PathTool('delete_file', 'destructive', {
      needsApproval: () => {
        throw new Error('policy service down');
      },
    });
    const run = await new Agent({ model: new ScriptedModel([{ toolCalls: [call('a', 'delete_file', '/x')] }]), tools: [tool] }).run('x');
    expect(run.interruptions.map((item) => item.callId)).toEqual(['a']);
    expect(tool.ran).toEqual([]);
  });

  // What a predicate typed loosely (or in JavaScript) may do.
  it.each<[string, () => boolean]>([
    ['rejects', () => Promise.reject(new Error('policy service down')) as unknown as boolean],
    ['answers undefined', () => undefined as unknown as boolean],
    ['answers a string', () => 'no' as unknown as boolean],
  ])('asks for approval when the predicate %s (anything but false asks)', async (_, predicate) => {
    const tool = new PathTool('delete_file', 'destructive', { needsApproval: predicate });
    const run = await new Agent({ model: new ScriptedModel([{ toolCalls: [call('a', 'delete_file', '/x')] }]), tools: [tool] }).run('x');
    expect(run.interruptions.map((item) => item.callId)).toEqual(['a']);
    expect(tool.ran).toEqual([]);
  });

  it('asks for approval when an agent predicate outlasts the call’s time limit, without waiting for the run’s', async () => {
    const tool = new PathTool('delete_file', 'destructive');
    const hanging = () => new Promise<boolean>(() => undefined);
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('a', 'delete_file', '/x')] }]),
      tools: [tool],
      approvals: hanging,
      toolTimeoutMs: 50,
      maxDurationMs: 60_000,
    });
    const started = Date.now();
    const run = await agent.run('x');
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions.map((item) => item.callId)).toEqual(['a']);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(tool.ran).toEqual([]);
  });

  // Arguments past the default limits but within the agent's own (a long note, a deep nesting).
  const beyondDefaults: Array<[string, unknown]> = [
    ['longer than the default 1,000,000 characters', 'x'.repeat(1_100_000)],
    ['nested deeper than the default 32 levels', JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown],
  ];
  it.each(beyondDefaults)(
    'gates a call whose arguments are %s when the agent’s argumentLimits allow them (needsApproval, approvals, predicate)',
    async (_, value) => {
      const noteArgs: JsonSchema = { type: 'object', properties: { note: {} }, required: ['note'] };
      const ran: string[] = [];
      const make = (needsApproval?: boolean) =>
        new (class extends Tool<{ note: unknown }, string> {
          constructor() {
            super({
              argsType: noteArgs,
              name: 'delete_account',
              description: 'deletes',
              effects: 'destructive',
              ...(needsApproval ? { needsApproval } : {}),
            });
          }
          execute(): string {
            ran.push('deleted');
            return 'account deleted';
          }
        })();
      const predicate = jest.fn(() => true);
      for (const [tool, approvals] of [
        [make(true), undefined],
        [make(), 'all'],
        [make(), predicate],
      ] as const) {
        const model = new ScriptedModel([
          { toolCalls: [{ id: 'd', name: 'delete_account', arguments: { note: value } }] },
          { text: 'Done.' },
        ]);
        const agent = new Agent({
          model,
          tools: [tool],
          argumentLimits: { maxLength: 5_000_000, maxDepth: 64 },
          ...(approvals ? { approvals } : {}),
        });
        const run = await agent.run('delete it');
        expect(run.interruptions.map((item) => item.callId)).toEqual(['d']);
      }
      expect(ran).toEqual([]);
      // The predicate was asked, with the arguments decoded as the environment decodes them.
      expect(predicate).toHaveBeenCalledTimes(1);
    },
  );

  it.each([
    ['a predicate', () => jest.fn(() => true)],
    ['needsApproval: true', () => true as const],
  ])(
    'holds no call whose arguments do not decode (%s): it fails validation as it would run, the model gets the error, the tool never runs',
    async (_, make) => {
      const needsApproval = make();
      const tool = new PathTool('delete_file', 'destructive', { needsApproval });
      const model = new ScriptedModel([{ toolCalls: [{ id: 'a', name: 'delete_file', arguments: { path: 42 } }] }, { text: 'ok' }]);
      const agent = new Agent({ model, tools: [tool] });
      const run = await agent.run('x');
      expect(run.interruptions).toEqual([]);
      if (typeof needsApproval === 'function') expect(needsApproval).not.toHaveBeenCalled();
      expect(tool.ran).toEqual([]);
      expect(run.toolCalls[0]!.result.isError).toBe(true);
      expect(run.toolCalls[0]!.result.content).toContain("'path'");
    },
  );

  it('sends an image result to the model as parts through the batch: checkpointed, approved, and across a saved state', async () => {
    const chart = () =>
      new (class extends Tool<{ path: string }, ToolResult.Parts> {
        constructor() {
          super({ argsType: pathArgs, name: 'chart', description: 'draws a chart' });
        }
        execute(): ToolResult.Parts {
          return ToolResult.image('iVBORw0KGgo=', 'image/png');
        }
      })();
    const partsSent = (model: ScriptedModel) => {
      const message = model.requests.at(-1)!.messages.find((item) => item.role === 'tool')!;
      return typeof message.content === 'string' ? message.content : message.content.map((part) => part.type);
    };
    // Checkpointed.
    const checkpointed = new ScriptedModel([{ toolCalls: [call('c', 'chart', '/x')] }, { text: 'Here.' }]);
    await new Agent({ model: checkpointed, tools: [chart()] }).run('chart', { checkpoints: new InMemoryCheckpointStore() });
    expect(partsSent(checkpointed)).toEqual(['image']);
    // Approved, after a JSON round trip, while another call of the turn waited.
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c', 'chart', '/x'), call('d', 'delete_file', '/y')] }, { text: 'Done.' }]);
    const agent = new Agent({ model, tools: [chart(), remove] });
    const run = await agent.run('chart, then delete');
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    state.approve('d');
    const resumed = await agent.resume(state);
    expect(partsSent(model)).toEqual(['image']);
    expect(resumed.toolCalls[0]!.result.parts?.map((part) => part.type)).toEqual(['image']);
  });

  it('takes a call’s gate from its tool at resume, never from the saved state: a removed gate or a swapped tool name runs nothing unapproved', async () => {
    const remove = new PathTool('delete', 'destructive', { needsApproval: true });
    const read = new PathTool('read', 'read');
    const agentFor = (...calls: Array<ReturnType<typeof call>>) =>
      new Agent({ model: new ScriptedModel([{ toolCalls: calls }, { text: 'Done.' }]), tools: [remove, read] });

    const paused = await agentFor(call('c', 'delete', '/prod-db')).run('go');
    const noGate = JSON.parse(JSON.stringify(paused.state)) as { batch: Array<Record<string, unknown>> };
    delete noGate.batch[0]!.gate;
    const resumed = await agentFor(call('c', 'delete', '/prod-db')).resume(RunState.fromJSON(noGate));
    expect(resumed.interruptions).toMatchObject([{ kind: 'approval', callId: 'c', toolName: 'delete' }]);

    const swapped = JSON.parse(JSON.stringify(paused.state)) as { batch: Array<Record<string, unknown>>; messages: unknown[] };
    (swapped.messages.at(-1) as { toolCalls: Array<{ name: string }> }).toolCalls[0]!.name = 'read';
    expect(() => RunState.fromJSON(swapped)).toThrow(/state\.batch\[0\]\.toolName should be 'read'/);

    const edited = JSON.parse(JSON.stringify(paused.state)) as { batch: Array<Record<string, unknown>> };
    edited.batch[0]!.arguments = '{"path":"/backups"}';
    expect(() => RunState.fromJSON(edited)).toThrow(/state\.batch\[0\]\.arguments should be the arguments of the assistant message's call/);
    expect(remove.ran).toEqual([]);
  });

  it('refuses decisions that do not fit, saying what was expected, and leaves the state usable', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const read = new PathTool('read_file', 'read');
    const model = new ScriptedModel([{ toolCalls: [call('r', 'read_file', '/a'), call('d', 'delete_file', '/b')] }, { text: 'ok' }]);
    const agent = new Agent({ model, tools: [remove, read] });
    const run = await agent.run('x');
    expect(() => run.state.approve('nope')).toThrow(RunStateDecisionError);
    expect(() => run.state.approve('nope')).toThrow(
      "Cannot approve tool call 'nope': the run has no such call waiting; it waits on 'd' (approval).",
    );
    expect(() => run.state.approve('r')).toThrow("Cannot approve tool call 'r': its result is already recorded.");
    expect(() => run.state.resolve('d', 1)).toThrow(
      "Cannot resolve tool call 'd': it does not wait for a declaration-only tool's result (it waits for approval).",
    );
    expect(() => run.state.provideCredential('d', 'x')).toThrow(/does not wait for a credential/);
    expect(() => run.state.update('d', 'x')).toThrow(
      "Cannot update tool call 'd': it is not an open long-running call; the open ones are none.",
    );
    expect(() => run.state.approve('d', { arguments: 'path=/c' })).toThrow(
      `Cannot approve tool call 'd': arguments should be a JSON object, but the string is not JSON: "path=/c".`,
    );
    expect(() => run.state.approve('d', { arguments: '["/c"]' })).toThrow(
      "Cannot approve tool call 'd': arguments should be a JSON object, but the string is JSON array.",
    );
    run.state.approve('d');
    expect((await agent.resume(run.state)).stopReason).toBe('completed');
    expect(remove.ran).toEqual(['/b']);
    // Once the run went on, a call that ran is said to have run, not to be unknown.
    expect(() => run.state.approve('d')).toThrow(
      "Cannot approve tool call 'd': the call has run already (its result is in the run's messages) and the run has stopped (completed); it waits on none.",
    );
  });

  it('gives each call of a turn its own result and decision when the model repeats an id', async () => {
    const read = new PathTool('read_file', 'read');
    const plain = await new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'read_file', '/a'), call('c1', 'read_file', '/b')] }, { text: 'ok' }]),
      tools: [read],
    }).run('x');
    expect(plain.toolCalls.map((item) => [item.id, item.result.content])).toEqual([
      ['c1', 'read_file /a'],
      ['c1_2', 'read_file /b'],
    ]);
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('d', 'delete_file', '/a'), call('d', 'delete_file', '/b')] }, { text: 'ok' }]),
      tools: [remove],
    });
    const paused = await agent.run('x');
    expect(paused.interruptions.map((item) => item.callId)).toEqual(['d', 'd_2']);
    paused.state.approve('d');
    paused.state.approve('d_2');
    expect((await agent.resume(paused.state)).stopReason).toBe('completed');
    expect(remove.ran).toEqual(['/a', '/b']);
  });

  it('answers the waiting calls as not run when an interrupted run’s messages are used as history', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const run = await new Agent({ model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }]), tools: [remove] }).run('x');
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model }).run('next question', { history: run.messages });
    expect(model.requests[0]!.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(model.requests[0]!.messages[2]).toMatchObject({ toolCallId: 'c1', isError: true });
    expect(remove.ran).toEqual([]);
  });

  it('refuses an unknown approvals option', () => {
    expect(() => new Agent({ model: new ScriptedModel([]), approvals: 'sometimes' as never })).toThrow(/approvals/);
  });

  it('streams each waiting call as an interruption event before run_completed', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const agent = new Agent({ model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }]), tools: [remove] });
    const stream = agent.stream('x');
    const types: string[] = [];
    for await (const event of stream) {
      types.push(
        event.type === 'interruption' ? `interruption ${event.kind} ${event.callId} ${event.toolName} ${event.arguments}` : event.type,
      );
    }
    expect(types.slice(-2)).toEqual(['interruption approval c1 delete_file {"path":"/a"}', 'run_completed']);
    expect(types).not.toContain('tool_call_started');
    expect((await stream.result).stopReason).toBe('interrupted');
  });
});

describe('call ids are unique across the whole run', () => {
  it('gives a provider that numbers every turn call_0 distinct ids and idempotency keys, and a model id with / one that cannot pass for a sub-run id', async () => {
    const keys: string[] = [];
    const keyed = new (class extends Tool<{ path: string }, string> {
      constructor() {
        super({
          argsType: pathArgs,
          name: 'keyed',
          description: 'records its idempotency key',
          needsApproval: (args) => args.path === '/ask',
        });
      }
      execute(args: { path: string }, context?: unknown): string {
        void context;
        return args.path;
      }
    })();
    const context = new (class extends ContextAwareTool<{ path: string }, string> {
      constructor() {
        super({ argsType: pathArgs, name: 'ctx', description: 'records its idempotency key' });
      }
      execute(args: { path: string }, ctx: AgentContext): string {
        keys.push(ctx.idempotencyKey);
        return args.path;
      }
    })();
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'call_0', name: 'ctx', arguments: { path: '/a' } }] },
      {
        toolCalls: [
          { id: 'call_0', name: 'ctx', arguments: { path: '/b' } },
          { id: 'x/y', name: 'keyed', arguments: { path: '/ask' } },
        ],
      },
      { text: 'ok' },
    ]);
    const agent = new Agent({ model, tools: [keyed, context] });
    const paused = await agent.run('go', { runId: 'run-1' });
    expect(paused.interruptions.map((item) => item.callId)).toEqual(['x_y']);
    paused.state.approve('x_y');
    const done = await agent.resume(paused.state);
    expect(done.toolCalls.map((item) => item.id)).toEqual(['call_0', 'call_0_2', 'x_y']);
    expect(keys).toEqual(['run-1:call_0', 'run-1:call_0_2']);
    // The model saw the ids it is answered with.
    const sent = model.requests[2]!.messages.filter((message) => message.role === 'tool').map(
      (message) => (message as { toolCallId: string }).toolCallId,
    );
    expect(sent).toEqual(['call_0', 'call_0_2', 'x_y']);
  });
});

describe('askApprovalPredicate (shared with @toolcraft/ai-sdk through @toolcraft/core/internal)', () => {
  const context = () => new AgentContext({ runId: 'r', agentName: 'a' });

  it('lets a call run only on false; any other answer, a throw, a rejection or a context that cannot be made asks', async () => {
    expect(await askApprovalPredicate(() => false, {}, context())).toBe(false);
    expect(await askApprovalPredicate(async () => Promise.resolve(false), {}, context)).toBe(false);
    expect(await askApprovalPredicate(() => true, {}, context())).toBe(true);
    expect(await askApprovalPredicate(() => 'no', {}, context())).toBe(true);
    expect(await askApprovalPredicate(() => undefined, {}, context())).toBe(true);
    const thrower = () => {
      throw new Error('down');
    };
    expect(await askApprovalPredicate(thrower, {}, context())).toBe(true);
    expect(await askApprovalPredicate(() => Promise.reject(new Error('down')), {}, context())).toBe(true);
    expect(await askApprovalPredicate(() => false, {}, thrower)).toBe(true);
  });

  it('asks when the predicate passes its time limit, or the context or another signal aborts', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const timed = askApprovalPredicate(() => new Promise(() => undefined), {}, context(), { timeoutMs: 200 });
      await jest.advanceTimersByTimeAsync(200);
      expect(await timed).toBe(true);
    } finally {
      jest.useRealTimers();
    }
    const controller = new AbortController();
    const stopped = askApprovalPredicate(() => new Promise(() => undefined), {}, context(), { signal: controller.signal });
    controller.abort();
    expect(await stopped).toBe(true);
  });
});
