import { mkdirSync, readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  AgentTool,
  CheckpointSaveError,
  ContextAwareTool,
  CorruptSessionError,
  FileSessionStore,
  InMemoryCheckpointStore,
  InMemorySessionStore,
  InvalidRunOptionsError,
  RunState,
  SessionSaveError,
  ToolRegistry,
  type AgentContext,
  type ChatMessage,
  type Session,
  type SessionKey,
  type SessionStore,
} from '@toolcraft/core';
import { call, PathTool } from '../pausing/support';
import { deferred } from '../support/deferred';
import { ReadStateTool, SetStateTool } from '../support/state-tools';

const key: SessionKey = { appName: 'chat', userId: 'ada', sessionId: 'monday' };
const registry = ToolRegistry.of(new SetStateTool());

describe('agent.run with a session', () => {
  let store: SessionStore;
  beforeEach(() => {
    store = new InMemorySessionStore();
  });

  it('starts from the session history and state, and appends the new messages and state delta', async () => {
    const first = new ScriptedModel([
      { toolCalls: [{ name: 'set_state', arguments: { key: 'user:theme', value: 'dark' } }] },
      { toolCalls: [{ name: 'set_state', arguments: { key: 'temp:draft', value: 'x' } }] },
      { text: 'Dark it is.' },
    ]);
    const agent = new Agent({ model: first, registry, instructions: 'Be brief.' });
    const run = await agent.run('I like dark themes.', { session: store.open(key) });
    expect(run.text).toBe('Dark it is.');

    const saved = await store.load(key);
    expect(saved.version).toBe(1);
    expect(saved.state).toEqual({ 'user:theme': 'dark' });
    expect(saved.messages).toEqual(run.messages.slice(1)); // everything but the instructions
    expect(saved.messages[0]).toEqual({ role: 'user', content: 'I like dark themes.' });

    const second = new ScriptedModel([(request) => ({ text: `history of ${request.messages.length} messages` })]);
    const next = await new Agent({ model: second, registry, instructions: 'Be brief.' }).run('And now?', { session: store.open(key) });
    expect(second.requests[0]!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      ...saved.messages,
      { role: 'user', content: 'And now?' },
    ]);
    expect(next.text).toBe(`history of ${saved.messages.length + 2} messages`);
    await expect(store.load(key)).resolves.toMatchObject({ version: 2 });
  });

  it('sends the session’s messages before the history option’s, and lets the state option win over the session’s state', async () => {
    await store.append(key, { messages: [{ role: 'user', content: 'stored' }], stateDelta: { 'user:theme': 'dark', lang: 'en' } });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'read_state', arguments: { key: 'lang' } }] }, { text: 'ok' }]);
    const run = await new Agent({ model, registry: ToolRegistry.of(new ReadStateTool()) }).run('now', {
      session: store.open(key),
      history: [{ role: 'user', content: 'given' }],
      state: { lang: 'fr' },
    });
    expect(model.requests[0]!.messages.map((message) => message.content)).toEqual(['stored', 'given', 'now']);
    expect(run.toolCalls[0]!.result.content).toBe('fr');
  });

  it('saves an interrupted run with its waiting calls answered as not run, so the session’s history stays valid', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/a')] }]);
    const run = await new Agent({ model, tools: [remove] }).run('clean up', { session: store.open(key) });
    expect(run.stopReason).toBe('interrupted');
    const saved = await store.load(key);
    expect(saved.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(saved.messages[2]).toMatchObject({ role: 'tool', toolCallId: 'c1', isError: true });
    expect(remove.ran).toEqual([]);
  });

  it('stops waiting for a session whose load never settles when the caller aborts, without a model call', async () => {
    const loading = deferred();
    const hanging: Session = Object.assign(store.open(key), {
      load: () => {
        loading.resolve();
        return new Promise<never>(() => undefined);
      },
    });
    const model = new ScriptedModel([{ text: 'never' }]);
    const controller = new AbortController();
    const running = new Agent({ model, registry }).run('hi', { session: hanging, signal: controller.signal });
    await loading.promise;
    controller.abort(new Error('gave up'));
    await expect(running).rejects.toThrow('gave up');
    expect(model.requests).toHaveLength(0);
  });

  it('gives up saving after 10 s when the store never answers: SessionSaveError with the result', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const hanging: Session = Object.assign(store.open(key), { append: () => new Promise<never>(() => undefined) });
      const running = new Agent({ model: new ScriptedModel([{ text: 'hello' }]), registry })
        .run('hi', { session: hanging })
        .catch((error: unknown) => error);
      await jest.advanceTimersByTimeAsync(10_000);
      const error = await running;
      expect(SessionSaveError.isInstance(error)).toBe(true);
      expect(String(error)).toMatch(/took longer than 10000 ms/);
      expect(error).toMatchObject({ result: { text: 'hello' } });
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives tools the user: state of another session of the same user, not another user', async () => {
    await store.append(key, { messages: [], stateDelta: { 'user:theme': 'dark', topic: 'monday only' } });
    const seen: unknown[] = [];
    class ReadTool extends ContextAwareTool<Record<string, never>, string> {
      constructor() {
        super({ name: 'read', description: 'Reads state.', argsType: { type: 'object', properties: {} } });
      }
      execute(_args: Record<string, never>, context: AgentContext): string {
        seen.push(context.state.toJSON());
        return 'ok';
      }
    }
    const model = () => new ScriptedModel([{ toolCalls: [{ name: 'read' }] }, { text: 'done' }]);
    const reader = ToolRegistry.of(new ReadTool());
    await new Agent({ model: model(), registry: reader }).run('hi', { session: store.open({ ...key, sessionId: 'tuesday' }) });
    await new Agent({ model: model(), registry: reader }).run('hi', { session: store.open({ ...key, userId: 'bob' }) });
    expect(seen).toEqual([{ 'user:theme': 'dark' }, {}]);
  });

  it('saves what a failed run did before it failed, then rethrows its error', async () => {
    const failure = new Error('model down');
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'set_state', arguments: { key: 'user:lang', value: 'fr' } }] },
      { error: failure },
    ]);
    const agent = new Agent({ model, registry, retry: { maxRetries: 0 } });
    await expect(agent.run('Parle français.', { session: store.open(key) })).rejects.toBe(failure);
    const saved = await store.load(key);
    expect(saved.state).toEqual({ 'user:lang': 'fr' });
    expect(saved.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('saves an aborted run', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'set_state', arguments: { key: 'step', value: 'one' } }] },
      () => {
        controller.abort();
        return new Promise(() => undefined);
      },
    ]);
    const run = await new Agent({ model, registry }).run('go', { session: store.open(key), signal: controller.signal });
    expect(run.stopReason).toBe('aborted');
    await expect(store.load(key)).resolves.toMatchObject({ version: 1, state: { step: 'one' } });
  });

  it('fails with SessionSaveError keeping the result when the run cannot be saved', async () => {
    const broken: SessionStore = Object.assign(new InMemorySessionStore(), {
      append: () => Promise.reject(new Error('disk full')),
    });
    const model = new ScriptedModel([{ text: 'hello' }]);
    const running = new Agent({ model, registry }).run('hi', { session: broken.open(key) });
    await expect(running).rejects.toThrow(SessionSaveError);
    await expect(running).rejects.toThrow(/saving it to session 'chat\/ada\/monday' failed: .*disk full/);
    await expect(running).rejects.toMatchObject({ result: { text: 'hello', stopReason: 'completed' } });
  });

  it('does not run at all when the session cannot be read, and leaves the file untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolcraft-agent-session-'));
    try {
      const files = new FileSessionStore(dir);
      const file = files.sessionFile(key);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, 'not json');
      const model = new ScriptedModel([{ text: 'never' }]);
      await expect(new Agent({ model, registry }).run('hi', { session: files.open(key) })).rejects.toThrow(CorruptSessionError);
      expect(model.requests).toHaveLength(0);
      expect(readFileSync(file, 'utf8')).toBe('not json');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bad session, memory and artifact options', () => {
  it('refuses them with an error naming the option and what was expected', async () => {
    const model = new ScriptedModel([{ text: 'never' }]);
    await expect(new Agent({ model, registry }).run('hi', { session: { appName: 'a' } as never })).rejects.toThrow(
      "Run option 'session' must be a Session from store.open({ appName, userId, sessionId }), but was an object with keys appName.",
    );
    expect(model.requests).toHaveLength(0);
    expect(() => new Agent({ model, registry, memory: { maxMessages: 3 } as never })).toThrow(
      /Agent option 'memory' must be a MemoryStrategy/,
    );
    expect(() => new Agent({ model, registry, artifacts: {} as never })).toThrow(/Agent option 'artifacts' must be an ArtifactStore/);
    expect(() => new Agent({ model, registry, memoryService: 'x' as never })).toThrow(
      /Agent option 'memoryService' must be a MemoryService/,
    );
  });
});

describe('agent.run with a session, when the run pauses', () => {
  it('keeps the calls that ran with their real results; only the waiting call is not executed; the resumed result reaches the next run', async () => {
    const store = new InMemorySessionStore();
    const refunds: string[] = [];
    const refund = new (class extends ContextAwareTool<{ order: string }, string> {
      constructor() {
        super({
          name: 'refund',
          description: 'Refunds an order',
          argsType: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
          effects: 'write',
          needsApproval: true,
        });
      }
      execute(args: { order: string }): string {
        refunds.push(args.order);
        return `refunded ${args.order}`;
      }
    })();
    const lookup = new (class extends ContextAwareTool<{ order: string }, string> {
      constructor() {
        super({
          name: 'lookup',
          description: 'Looks an order up',
          argsType: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
          effects: 'read',
        });
      }
      execute(args: { order: string }): string {
        return `order ${args.order}: 30 EUR`;
      }
    })();
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'l1', name: 'lookup', arguments: { order: '7' } },
          { id: 'r1', name: 'refund', arguments: { order: '7' } },
        ],
      },
      { text: 'Refunded order 7.' },
      { text: 'Yes, it was refunded.' },
    ]);
    const agent = new Agent({ model, tools: [lookup, refund] });
    const paused = await agent.run('Refund order 7', { session: store.open(key) });
    expect(paused.stopReason).toBe('interrupted');
    // The call that ran is reported with its real result, in the result, the transcript and the session.
    expect(paused.toolCalls.map((item) => [item.id, item.result.content])).toEqual([['l1', 'order 7: 30 EUR']]);
    const answers = (messages: readonly { role: string }[]) =>
      messages.filter((message) => message.role === 'tool').map((message) => (message as unknown as { content: string }).content);
    expect(answers(paused.messages)).toEqual([
      'order 7: 30 EUR',
      'Error: not executed: the call is waiting for the host (an approval, a result or a credential).',
    ]);
    expect(answers((await store.load(key)).messages)).toEqual(answers(paused.messages));

    paused.state.approve('r1');
    const resumed = await agent.resume(paused.state, { session: store.open(key) });
    expect(resumed.text).toBe('Refunded order 7.');
    expect(refunds).toEqual(['7']);

    // The next run of the session shows the model the refund that happened: it has no reason to ask again.
    await agent.run('Was it refunded?', { session: store.open(key) });
    const seen = model.requests[2]!.messages.map((message) => (typeof message.content === 'string' ? message.content : ''));
    expect(
      seen.some((text) => text.includes('r1 (refund), which was waiting for the host, has run since') && text.includes('refunded 7')),
    ).toBe(true);
    expect(seen).toContain('Refunded order 7.');
    expect(refunds).toEqual(['7']);
  });

  it('refuses to resume into another session than the run was started with', async () => {
    const store = new InMemorySessionStore();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c', name: 'set_state', arguments: { key: 'k', value: 'v' } }] }]);
    const agent = new Agent({ model, registry, approvals: 'all' });
    const paused = await agent.run('x', { session: store.open(key) });
    await expect(agent.resume(paused.state, { session: store.open({ ...key, sessionId: 'tuesday' }) })).rejects.toThrow(
      "Run option 'session (of resume options)' must be the session the run was started with (chat/ada/monday)",
    );
  });

  it('refuses to resume without the session the state records (its JSON too), naming it', async () => {
    const store = new InMemorySessionStore();
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c', name: 'set_state', arguments: { key: 'k', value: 'v' } }] },
      { text: 'done' },
    ]);
    const agent = new Agent({ model, registry, approvals: 'all' });
    const paused = await agent.run('x', { session: store.open(key) });
    const saved = RunState.fromJSON(JSON.parse(JSON.stringify(paused.state)));
    for (const state of [paused.state, saved]) {
      const resuming = agent.resume(state);
      await expect(resuming).rejects.toThrow(InvalidRunOptionsError);
      await expect(resuming).rejects.toThrow(
        "Run option 'session (of resume options)' must be the session the run was started with (chat/ada/monday), which its state records",
      );
    }
    saved.approve('c');
    const resumed = await agent.resume(saved, { session: store.open(key) });
    expect(resumed.text).toBe('done');
  });
});

/** The session's messages in short: role, the call id of a tool message, the text's start. */
function brief(messages: readonly ChatMessage[]): string[] {
  return messages.map((message) => {
    const text = typeof message.content === 'string' ? message.content : message.content === null ? '' : '[parts]';
    return `${message.role}${message.role === 'tool' ? `(${message.toolCallId})` : ''}: ${text.slice(0, 40)}`;
  });
}

/** How many tool messages the session has per call id. */
function toolMessagesPerCall(messages: readonly ChatMessage[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const message of messages) if (message.role === 'tool') counts[message.toolCallId] = (counts[message.toolCallId] ?? 0) + 1;
  return counts;
}

describe.each([
  ['InMemorySessionStore', () => new InMemorySessionStore()],
  ['FileSessionStore', () => new FileSessionStore(mkdtempSync(join(tmpdir(), 'toolcraft-session-appends-')))],
])('a paused run saved to its session several times (%s)', (_name, makeStore) => {
  it('gives every distinct save its own append id: a save that adds nothing does not make the next one a "re-send"; each call is answered once', async () => {
    const store = makeStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const email = new PathTool('email', 'write', { needsApproval: true });
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'refund', '/o/1'), call('c2', 'email', '/u/1')] },
      { text: 'Done.' },
      { text: 'Hi again.' },
    ]);
    const agent = new Agent({ model, tools: [refund, email] });
    const paused = await agent.run('refund and email', { session: store.open(key) });
    // Resumed without a decision: it stops again at once, and its save adds nothing.
    const again = await agent.resume(paused.state, { session: store.open(key) });
    expect(again.stopReason).toBe('interrupted');
    again.state.approve('c1');
    const half = await agent.resume(again.state, { session: store.open(key) });
    expect(half.interruptions.map((item) => item.callId)).toEqual(['c2']);
    half.state.approve('c2');
    const done = await agent.resume(half.state, { session: store.open(key) });
    expect(done.text).toBe('Done.');
    expect([refund.ran, email.ran]).toEqual([['/o/1'], ['/u/1']]);

    const saved = (await store.load(key)).messages;
    expect(toolMessagesPerCall(saved)).toEqual({ c1: 1, c2: 1 });
    expect(brief(saved)).toEqual([
      'user: refund and email',
      'assistant: ',
      'tool(c1): Error: not executed: the call is waiting',
      'tool(c2): Error: not executed: the call is waiting',
      'user: The tool call c1 (refund), which was wai',
      'user: The tool call c2 (email), which was wait',
      'assistant: Done.',
    ]);
    expect(saved.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(
      expect.arrayContaining([expect.stringContaining('refund /o/1'), expect.stringContaining('email /u/1')]),
    );
  });

  it('keeps the answer of a run recovered after failing twice (the failed recover saved nothing new)', async () => {
    const store = makeStore();
    const checkpoints = new InMemoryCheckpointStore();
    const down = (): { error: Error } => ({ error: Object.assign(new Error('provider down'), { retryable: false }) });
    const lookup = new PathTool('lookup', 'read');
    const first = new Agent({ model: new ScriptedModel([{ toolCalls: [call('l', 'lookup', '/o/7')] }, down()]), tools: [lookup] });
    await expect(first.run('where is order 7?', { runId: 'r7', checkpoints, session: store.open(key) })).rejects.toThrow('provider down');
    const failing = new Agent({ model: new ScriptedModel([down()]), tools: [lookup] });
    await expect(failing.recover('r7', { checkpoints, session: store.open(key) })).rejects.toThrow('provider down');
    const working = new Agent({ model: new ScriptedModel([{ text: 'It ships tomorrow.' }]), tools: [lookup] });
    await expect(working.recover('r7', { checkpoints, session: store.open(key) })).resolves.toMatchObject({ text: 'It ships tomorrow.' });
    expect(brief((await store.load(key)).messages)).toEqual([
      'user: where is order 7?',
      'assistant: ',
      'tool(l): lookup /o/7',
      'assistant: It ships tomorrow.',
    ]);
  });
});

describe('a run with a session whose AgentTool sub-run asks two approvals one after the other', () => {
  it('saves the sub-run’s result and the answer once both ran: the call is answered once, then its real result', async () => {
    const store = new InMemorySessionStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const notify = new PathTool('notify', 'write', { needsApproval: true });
    const clerk = new Agent({
      name: 'clerk',
      tools: [refund, notify],
      model: new ScriptedModel([
        { toolCalls: [call('r', 'refund', '/o/7')] },
        { toolCalls: [call('n', 'notify', '/u/1')] },
        { text: 'Refunded and notified.' },
      ]),
    });
    const parent = new Agent({
      name: 'parent',
      tools: [AgentTool.of(clerk)],
      model: new ScriptedModel([
        { toolCalls: [{ id: 'p', name: 'clerk', arguments: { request: 'Refund order 7 and tell the user' } }] },
        { text: 'Order 7 refunded; the user was told.' },
      ]),
    });
    let run = await parent.run('refund order 7', { session: store.open(key) });
    run.state.approve('p/r');
    run = await parent.resume(run.state, { session: store.open(key) });
    expect(run.interruptions.map((item) => item.callId)).toEqual(['p/n']);
    run.state.approve('p/n');
    run = await parent.resume(run.state, { session: store.open(key) });
    expect(run.text).toBe('Order 7 refunded; the user was told.');
    expect([refund.ran, notify.ran]).toEqual([['/o/7'], ['/u/1']]);
    expect(brief((await store.load(key)).messages)).toEqual([
      'user: refund order 7',
      'assistant: ',
      'tool(p): Error: not executed: the call is waiting',
      'user: The tool call p (clerk), which was waiti',
      'assistant: Order 7 refunded; the user was told.',
    ]);
  });
});

describe('a checkpointed run with a session', () => {
  it('resumed from the state read back from the checkpoint store, saves the resumed part to the session (the checkpoint has the moved session mark)', async () => {
    const store = new InMemorySessionStore();
    const checkpoints = new InMemoryCheckpointStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const model = new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/o/7')] }, { text: 'Refunded order 7.' }]);
    const agent = new Agent({ model, tools: [refund] });
    const paused = await agent.run('refund order 7', { runId: 'cp1', checkpoints, session: store.open(key) });
    expect(paused.stopReason).toBe('interrupted');
    const stored = await checkpoints.load('cp1');
    expect((stored!.checkpoint as { session: { savedMessages: number } }).session.savedMessages).toBe(paused.messages.length - 1);
    // Another process reads the state from the store, approves and resumes.
    const state = RunState.fromJSON(stored!.checkpoint);
    state.approve('c1');
    const done = await agent.resume(state, { checkpoints, session: store.open(key) });
    expect(done.text).toBe('Refunded order 7.');
    expect(brief((await store.load(key)).messages)).toEqual([
      'user: refund order 7',
      'assistant: ',
      'tool(c1): Error: not executed: the call is waiting',
      'user: The tool call c1 (refund), which was wai',
      'assistant: Refunded order 7.',
    ]);
  });

  it('that fails while its session is down keeps the old session mark in its checkpoint: recover saves the whole run', async () => {
    const inner = new InMemorySessionStore();
    let down = false;
    const store: Pick<SessionStore, 'open'> = {
      open: (opened) => ({
        ...opened,
        load: (options) => inner.open(opened).load(options),
        append: (update, options) => (down ? Promise.reject(new Error('session store down')) : inner.open(opened).append(update, options)),
      }),
    };
    const checkpoints = new InMemoryCheckpointStore();
    const lookup = new PathTool('lookup', 'read');
    const failing = new ScriptedModel([
      { toolCalls: [call('l', 'lookup', '/o/7')] },
      () => {
        down = true;
        return { error: Object.assign(new Error('model down'), { retryable: false }) };
      },
    ]);
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      await expect(
        new Agent({ model: failing, tools: [lookup], retry: { maxRetries: 0 } }).run('check order 7', {
          runId: 'cp2',
          checkpoints,
          session: store.open(key),
        }),
      ).rejects.toThrow('model down');
    } finally {
      warnings.mockRestore();
    }
    const stored = (await checkpoints.load('cp2'))!.checkpoint as { session: { savedMessages: number } };
    expect(stored.session.savedMessages).toBe(0); // the session got none of the run's messages
    down = false;
    const agent = new Agent({ model: new ScriptedModel([{ text: 'It is on its way.' }]), tools: [lookup] });
    await agent.recover('cp2', { checkpoints, session: store.open(key) });
    expect(brief((await inner.load(key)).messages)).toEqual([
      'user: check order 7',
      'assistant: ',
      'tool(l): lookup /o/7',
      'assistant: It is on its way.',
    ]);
  });
});

describe('a checkpointed run with a session whose checkpoint save after the session append fails', () => {
  it('resumed elsewhere from its checkpoint, does not send the session the first part again (the planned append is re-sent under its id)', async () => {
    const inner = new InMemoryCheckpointStore();
    const sessions = new InMemorySessionStore();
    let failOnce = true;
    const checkpoints = {
      load: inner.load.bind(inner),
      delete: inner.delete.bind(inner),
      save: (...args: Parameters<InMemoryCheckpointStore['save']>) => {
        // The save carrying the moved session mark fails (as when the process dies between the two awaits).
        if (failOnce && ((args[1] as { session?: { appends?: number } }).session?.appends ?? 0) >= 1) {
          failOnce = false;
          return Promise.reject(new Error('store hiccup'));
        }
        return inner.save(...args);
      },
    };
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const first = new Agent({ model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/o/7')] }]), tools: [refund] });
    await expect(first.run('refund order 7', { runId: 'n2', checkpoints, session: sessions.open(key) })).rejects.toThrow(
      CheckpointSaveError,
    );
    expect((await sessions.load(key)).messages).toHaveLength(3);
    const state = RunState.fromJSON((await inner.load('n2'))!.checkpoint);
    state.approve('c1');
    const other = new Agent({ model: new ScriptedModel([{ text: 'Refunded order 7.' }]), tools: [refund] });
    const done = await other.resume(state, { checkpoints, session: sessions.open(key) });
    expect(done.text).toBe('Refunded order 7.');
    expect(refund.ran).toEqual(['/o/7']);
    const { messages } = await sessions.load(key);
    expect(brief(messages)).toEqual([
      'user: refund order 7',
      'assistant: ',
      'tool(c1): Error: not executed: the call is waiting',
      'user: The tool call c1 (refund), which was wai',
      'assistant: Refunded order 7.',
    ]);
    expect(toolMessagesPerCall(messages)).toEqual({ c1: 1 });
    // The moved mark is saved once the session has the plan: the checkpoint has no plan left.
    expect(JSON.stringify((await inner.load('n2'))!.checkpoint)).not.toContain('"planned"');
  });
});

describe('a checkpointed run with a session resumed elsewhere while its session append is in flight', () => {
  it('gives the session its first part once (the resumer re-sends the planned append under its id)', async () => {
    const sessions = new InMemorySessionStore();
    const checkpoints = new InMemoryCheckpointStore();
    const landed = deferred();
    const held = deferred();
    const session = sessions.open(key);
    const slow: Session = {
      ...session,
      load: (options) => session.load(options),
      append: async (update, options) => {
        const appended = await session.append(update, options);
        landed.resolve();
        await held.promise; // the reply is slow: the run has not moved its mark yet
        return appended;
      },
    };
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const first = new Agent({ model: new ScriptedModel([{ toolCalls: [call('c1', 'refund', '/o/7')] }]), tools: [refund] });
    const running = first.run('refund order 7', { runId: 'race', checkpoints, session: slow }).catch((error: unknown) => error);
    await landed.promise;
    const state = RunState.fromJSON((await checkpoints.load('race'))!.checkpoint);
    state.approve('c1');
    const other = new Agent({ model: new ScriptedModel([{ text: 'Refunded order 7.' }]), tools: [refund] });
    await other.resume(state, { checkpoints, session: sessions.open(key) });
    held.resolve();
    await running;
    const { messages } = await sessions.load(key);
    expect(brief(messages).filter((line) => line === 'user: refund order 7')).toHaveLength(1);
    expect(toolMessagesPerCall(messages)).toEqual({ c1: 1 });
  });
});

describe('a checkpointed run with a session whose last checkpoint save fails', () => {
  it('is saved to its session anyway, then rejects with the CheckpointSaveError carrying the result', async () => {
    const inner = new InMemoryCheckpointStore();
    const sessions = new InMemorySessionStore();
    let saves = 0;
    let failing = false;
    const checkpoints = {
      load: inner.load.bind(inner),
      delete: inner.delete.bind(inner),
      save: (...args: Parameters<InMemoryCheckpointStore['save']>) => {
        saves++;
        return failing ? Promise.reject(new Error('store hiccup')) : inner.save(...args);
      },
    };
    const lookup = new PathTool('lookup', 'read');
    const model = new ScriptedModel([
      { toolCalls: [call('c1', 'lookup', '/order/7')] },
      () => {
        failing = true; // the checkpoint saves after this answer (the last one) fail
        return { text: 'Order 7 ships tomorrow.' };
      },
    ]);
    const running = new Agent({ model, tools: [lookup] }).run('where is order 7?', { checkpoints, session: sessions.open(key) });
    const error = await running.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(CheckpointSaveError.isInstance(error)).toBe(true);
    expect(((error as CheckpointSaveError).result as { text?: string } | undefined)?.text).toBe('Order 7 ships tomorrow.');
    expect(saves).toBeGreaterThan(0);
    expect(brief((await sessions.load(key)).messages)).toEqual([
      'user: where is order 7?',
      'assistant: ',
      'tool(c1): lookup /order/7',
      'assistant: Order 7 ships tomorrow.',
    ]);
  });
});

describe('a resumed run saving its state to the session', () => {
  it('sends only the values the session did not get from it: a newer value another run wrote meanwhile stays', async () => {
    const store = new InMemorySessionStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const first = new Agent({
      model: new ScriptedModel([
        { toolCalls: [{ id: 's', name: 'set_state', arguments: { key: 'plan', value: 'silver' } }] },
        { toolCalls: [call('r', 'refund', '/o/1')] },
        { toolCalls: [{ id: 't', name: 'set_state', arguments: { key: 'tier', value: 'b' } }] },
        { text: 'Refunded.' },
      ]),
      registry: ToolRegistry.of(new SetStateTool()),
      tools: [refund],
    });
    const paused = await first.run('silver, then refund', { session: store.open(key) });
    expect((await store.load(key)).state).toEqual({ plan: 'silver' });
    const other = new Agent({
      model: new ScriptedModel([
        { toolCalls: [{ id: 'g', name: 'set_state', arguments: { key: 'plan', value: 'gold' } }] },
        { text: 'Gold.' },
      ]),
      registry,
    });
    await other.run('make it gold', { session: store.open(key) });
    paused.state.approve('r');
    const done = await first.resume(paused.state, { session: store.open(key) });
    expect(done.stateDelta).toEqual({ plan: 'silver', tier: 'b' }); // the run's own changes, all of them
    expect((await store.load(key)).state).toEqual({ plan: 'gold', tier: 'b' });
  });
});

describe('a resumed run writing a key again with the value it sent before', () => {
  it('saves it: its write is the later one (another run wrote a newer value meanwhile)', async () => {
    const store = new InMemorySessionStore();
    const refund = new PathTool('refund', 'write', { needsApproval: true });
    const first = new Agent({
      model: new ScriptedModel([
        { toolCalls: [{ id: 's', name: 'set_state', arguments: { key: 'plan', value: 'silver' } }] },
        { toolCalls: [call('r', 'refund', '/o/1')] },
        { toolCalls: [{ id: 's2', name: 'set_state', arguments: { key: 'plan', value: 'silver' } }] },
        { text: 'Refunded, and you are on silver.' },
      ]),
      registry: ToolRegistry.of(new SetStateTool()),
      tools: [refund],
    });
    const paused = await first.run('silver, then refund', { session: store.open(key) });
    const other = new Agent({
      model: new ScriptedModel([
        { toolCalls: [{ id: 'g', name: 'set_state', arguments: { key: 'plan', value: 'gold' } }] },
        { text: 'Gold.' },
      ]),
      registry,
    });
    await other.run('make it gold', { session: store.open(key) });
    expect((await store.load(key)).state).toEqual({ plan: 'gold' });
    paused.state.approve('r');
    await first.resume(paused.state, { session: store.open(key) });
    expect((await store.load(key)).state).toEqual({ plan: 'silver' });
  });
});

describe('a session save of a run with any run id', () => {
  it.each([
    ['over 256 characters', 'x'.repeat(300)],
    ['with control characters', 'order\n7'],
  ])('works for a run id %s (the append id is a digest)', async (_what, runId) => {
    const store = new InMemorySessionStore();
    const ids: string[] = [];
    const session = store.open(key);
    const watched: Session = {
      ...session,
      load: (options) => session.load(options),
      append: (update, options) => {
        ids.push(options?.appendId ?? '');
        return session.append(update, options);
      },
    };
    const run = await new Agent({ model: new ScriptedModel([{ text: 'Hi.' }]) }).run('hello', { runId, session: watched });
    expect(run.text).toBe('Hi.');
    expect((await store.load(key)).messages).toHaveLength(2);
    expect(ids[0]).toMatch(/^run:[\w-]{43}$/);
  });
});

describe('a session whose state holds a __proto__ key', () => {
  it('is refused as corrupt, naming the session, before any model call', async () => {
    const store = new InMemorySessionStore();
    const session = store.open(key);
    const odd: Session = {
      ...session,
      load: async (options) => ({
        ...(await session.load(options)),
        state: JSON.parse('{"__proto__": {"x": 1}, "plan": "gold"}') as Record<string, unknown>,
      }),
      append: (update, options) => session.append(update, options),
    };
    const model = new ScriptedModel([{ text: 'never' }]);
    const running = new Agent({ model }).run('hello', { session: odd });
    await expect(running).rejects.toThrow(CorruptSessionError);
    await expect(running).rejects.toThrow("Session record 'chat/ada/monday' is corrupt: its state has a '__proto__' key");
    expect(model.requests).toHaveLength(0);
  });
});

describe('a custom session whose load answers an odd shape', () => {
  const answering = (answer: unknown): Session => ({
    ...key,
    load: () => Promise.resolve(answer as never),
    append: () => Promise.resolve(undefined as never),
  });

  it('with no state starts from an empty state, as before', async () => {
    const run = await new Agent({ model: new ScriptedModel([{ text: 'Hi.' }]) }).run('hello', { session: answering({ messages: [] }) });
    expect(run.text).toBe('Hi.');
  });

  it.each([
    ['state null', { messages: [], state: null }, 'a state that is null'],
    ['state a string', { messages: [], state: 'x' }, 'a state that is string'],
    ['messages null', { messages: null, state: {} }, 'messages that are null'],
    ['nothing', undefined, 'undefined'],
  ])('with %s is refused as corrupt, naming the session, before any model call', async (_what, answer, detail) => {
    const model = new ScriptedModel([{ text: 'never' }]);
    const running = new Agent({ model }).run('hello', { session: answering(answer) });
    await expect(running).rejects.toThrow(CorruptSessionError);
    await expect(running).rejects.toThrow(`Session record 'chat/ada/monday' is corrupt: its load answered ${detail}`);
    expect(model.requests).toHaveLength(0);
  });
});
