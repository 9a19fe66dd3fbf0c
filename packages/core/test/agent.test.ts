import 'reflect-metadata';
import { IsInt, IsString } from 'class-validator';
import { ScriptedModel } from '@toolcraft/testing';
import {
  AgentContext,
  ContextAwareTool,
  ModelCallError,
  LLMDescription,
  Tool,
  ToolBase,
  ToolCallMetadata,
  ToolRegistry,
  InvalidToolDefinitionError,
  type ChatMessage,
  type Feature,
  type JsonSchema,
  type Toolset,
} from '../src/index';
import { Agent } from '../src/agent/agent';
import { retainedBy } from './support/signal-retention';

class AddArgs {
  @LLMDescription('The first integer') @IsInt() a!: number;
  @LLMDescription('The second integer') @IsInt() b!: number;
}

class AddTool extends Tool<AddArgs, number> {
  readonly calls: AddArgs[] = [];
  constructor() {
    super({ argsType: AddArgs, name: 'add', description: 'Adds two integers.' });
  }
  async execute(args: AddArgs): Promise<number> {
    this.calls.push(args);
    return args.a + args.b;
  }
}

class NoteArgs {
  @LLMDescription('What to remember') @IsString() text!: string;
}

/** Remembers notes in the run's state, and records the contexts it saw. */
class NoteTool extends ContextAwareTool<NoteArgs, string> {
  readonly contexts: AgentContext[] = [];
  constructor() {
    super({ argsType: NoteArgs, name: 'note', description: 'Remembers a note.' });
  }
  execute(args: NoteArgs, context: AgentContext): string {
    this.contexts.push(context);
    context.state.set('notes', [...(context.state.get<string[]>('notes') ?? []), args.text]);
    context.state.set('temp:scratch', args.text);
    return `noted: ${args.text}`;
  }
}

/** Reports a metadata entry it reads. */
class TenantTool extends ToolBase<Record<string, never>, string> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'tenant', description: 'Says which tenant is calling.' });
  }
  execute(_args: Record<string, never>, metadata: ToolCallMetadata): string {
    return String(metadata.get('tenant'));
  }
}

describe('Agent', () => {
  let add: AddTool;
  let note: NoteTool;
  let registry: ToolRegistry;

  beforeEach(() => {
    add = new AddTool();
    note = new NoteTool();
    registry = ToolRegistry.of(add, note, new TenantTool());
  });

  it('answers a question with a tool call, then returns the model text with stopReason completed', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'add', arguments: { a: 3, b: 4 } }] }, { text: '3 + 4 = 7.' }]);
    const run = await new Agent({ model, registry, instructions: 'You are a helpful assistant.' }).run('What is 3 + 4?');

    expect(run.text).toBe('3 + 4 = 7.');
    expect(run.stopReason).toBe('completed');
    expect(add.calls).toEqual([expect.objectContaining({ a: 3, b: 4 })]);
    expect(run.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'What is 3 + 4?' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":3,"b":4}' }] },
      { role: 'tool', toolCallId: 'call_1', name: 'add', content: '7', isError: false },
      { role: 'assistant', content: '3 + 4 = 7.' },
    ]);
    expect(model.requests[1]!.messages).toEqual(run.messages.slice(0, 4));
  });

  it('sends the system instructions and the user message first, and no system message without instructions', async () => {
    const model = new ScriptedModel([{ text: 'Hi.' }]);
    await new Agent({ model, registry }).run('Hello');

    expect(model.requests[0]!.messages).toEqual([{ role: 'user', content: 'Hello' }]);
  });

  it("shows the model the registry's tools as name, description and input schema", async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model, registry }).run('Hi');

    const tools = model.requests[0]!.tools;
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'note', 'tenant']);
    expect(tools[0]).toEqual({ name: 'add', description: 'Adds two integers.', inputSchema: add.inputSchema });
  });

  it('answers every call of a turn, in call order and by call id, before the next model call', async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'call_b', name: 'add', arguments: { a: 1, b: 2 } },
          { id: 'call_a', name: 'note', arguments: { text: 'milk' } },
          { id: 'call_c', name: 'missing', arguments: {} },
        ],
      },
      { text: 'Done.' },
    ]);
    const run = await new Agent({ model, registry }).run('Do three things.');

    expect(model.requests).toHaveLength(2);
    expect(model.requests[1]!.messages.slice(-3)).toEqual([
      { role: 'tool', toolCallId: 'call_b', name: 'add', content: '3', isError: false },
      { role: 'tool', toolCallId: 'call_a', name: 'note', content: 'noted: milk', isError: false },
      expect.objectContaining({ role: 'tool', toolCallId: 'call_c', name: 'missing', isError: true }),
    ]);
    expect(run.toolCalls.map((call) => [call.id, call.name, call.arguments, call.result.id])).toEqual([
      ['call_b', 'add', '{"a":1,"b":2}', 'call_b'],
      ['call_a', 'note', '{"text":"milk"}', 'call_a'],
      ['call_c', 'missing', '{}', 'call_c'],
    ]);
    expect(run.toolCalls[0]!.result).toMatchObject({ value: 3, isError: false });
  });

  it('gives an id to a tool call the model sent without one, so its answer can refer to it', async () => {
    const model = new ScriptedModel([() => ({ toolCalls: [{ id: '', name: 'add', arguments: '{"a":1,"b":1}' }] }), { text: '2' }]);
    const run = await new Agent({ model, registry }).run('1 + 1?');

    const id = run.toolCalls[0]!.id;
    expect(id).not.toBe('');
    expect(run.messages[1]).toMatchObject({ role: 'assistant', toolCalls: [{ id }] });
    expect(run.messages[2]).toMatchObject({ role: 'tool', toolCallId: id });
  });

  it('gives each run its own context with a unique run id and the agent name', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'note', arguments: { text: 'a' } }] }, { text: 'ok' }], {
      onExhausted: 'repeatLast',
    });
    const agent = new Agent({ model, registry, name: 'notary' });
    const first = await agent.run('one');
    const second = await agent.run('two');

    expect(first.runId).not.toBe(second.runId);
    expect(first.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(note.contexts[0]).toMatchObject({ runId: first.runId, agentName: 'notary', toolCallId: 'call_1' });
  });

  it('starts from the given state and reports its changes in stateDelta, temp: keys excluded', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'note', arguments: { text: 'milk' } }] },
      { toolCalls: [{ name: 'note', arguments: { text: 'eggs' } }] },
      { text: 'Noted.' },
    ]);
    const run = await new Agent({ model, registry }).run('Remember milk and eggs.', { state: { notes: ['bread'], 'user:name': 'Ada' } });

    expect(run.stateDelta).toEqual({ notes: ['bread', 'milk', 'eggs'] });
    expect(note.contexts[1]!.state.get('temp:scratch')).toBe('eggs');
  });

  it('sums the usage of every model call of the run', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }], usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 } },
      { text: 'Three.', usage: { inputTokens: 20, outputTokens: 3, totalTokens: 23 } },
    ]);
    const run = await new Agent({ model, registry }).run('1 + 2?');

    expect(run.usage).toEqual({ inputTokens: 30, outputTokens: 8, totalTokens: 38 });
  });

  it('counts a model call that reports no usage as zero', async () => {
    const run = await new Agent({ model: new ScriptedModel([{ text: 'ok' }]), registry }).run('Hi');

    expect(run.usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
  });

  it('passes the run metadata to every tool call, next to feature metadata it wins over', async () => {
    const feature: Feature = {
      name: 'tenancy',
      install: (pipeline) => pipeline.provideToolCallMetadata(feature, () => ({ tenant: 'from-feature', region: 'eu' })),
    };
    const model = new ScriptedModel([{ toolCalls: [{ name: 'tenant' }] }, { text: 'ok' }]);
    const run = await new Agent({ model, registry, features: [feature] }).run('Who?', { metadata: { tenant: 'acme' } });

    expect(run.toolCalls[0]!.result.content).toBe('acme');
  });

  it("does not let run metadata replace the run's agent context", async () => {
    const foreign = new AgentContext({ runId: 'foreign', agentName: 'intruder' });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'note', arguments: { text: 'x' } }] }, { text: 'ok' }]);
    const run = await new Agent({ model, registry }).run('Note x.', { metadata: [[ContextAwareTool.AgentContextKey, foreign]] });

    expect(note.contexts[0]!.runId).toBe(run.runId);
  });

  it('forwards the agent toolChoice to every model call, and a run toolChoice wins over it', async () => {
    const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }]);
    const agent = new Agent({ model, registry, toolChoice: 'required' });
    await agent.run('first');
    await agent.run('second', { toolChoice: { name: 'add' } });

    expect(model.requests.map((request) => request.toolChoice)).toEqual(['required', { name: 'add' }]);
  });

  it("turns a forced toolChoice back to 'auto' after a turn of tool calls, unless resetToolChoice is false", async () => {
    const script = () => [{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: 'done' }];
    const reset = new ScriptedModel(script());
    await new Agent({ model: reset, registry, toolChoice: 'required' }).run('add');
    expect(reset.requests.map((request) => request.toolChoice)).toEqual(['required', 'auto']);
    const kept = new ScriptedModel(script());
    await new Agent({ model: kept, registry, toolChoice: { name: 'add' }, resetToolChoice: false }).run('add');
    expect(kept.requests.map((request) => request.toolChoice)).toEqual([{ name: 'add' }, { name: 'add' }]);
  });

  it('sends no toolChoice when none is set', async () => {
    const model = new ScriptedModel([{ text: 'a' }]);
    await new Agent({ model, registry }).run('first');

    expect(model.requests[0]).not.toHaveProperty('toolChoice');
  });

  it('continues a conversation from history, dropping its system messages for the instructions', async () => {
    const model = new ScriptedModel([{ text: 'Hello, Ada.' }, { text: 'You are Ada.' }]);
    const agent = new Agent({ model, registry, instructions: 'Be brief.' });
    const first = await agent.run('I am Ada.');
    const second = await agent.run('Who am I?', { history: first.messages });

    expect(model.requests[1]!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'I am Ada.' },
      { role: 'assistant', content: 'Hello, Ada.' },
      { role: 'user', content: 'Who am I?' },
    ]);
    expect(second.text).toBe('You are Ada.');
  });

  it('refuses a history that is not an array, saying what it expects, before the model is asked', async () => {
    const model = new ScriptedModel([{ text: 'a' }]);
    const history = new Set([{ role: 'user' as const, content: 'I am Ada.' }]) as unknown as ChatMessage[];
    await expect(new Agent({ model, registry }).run('Who am I?', { history })).rejects.toThrow(
      "Run option 'history' must be an array of messages (a run's result.messages, say), but was an instance of Set.",
    );
    expect(model.requests).toHaveLength(0);
  });

  it('takes a null history as none, and refuses a state that is not an object, saying what it expects', async () => {
    const model = new ScriptedModel([{ text: 'a' }]);
    const agent = new Agent({ model, registry });
    const noHistory = await agent.run('Who am I?', { history: null as unknown as ChatMessage[] });
    expect(noHistory.messages.map((message) => message.content)).toEqual(['Who am I?', 'a']);
    await expect(agent.run('Who am I?', { state: null as unknown as Record<string, unknown> })).rejects.toThrow(
      "Run option 'state' must be an object of state values (or an AgentState), but was null.",
    );
    expect(model.requests).toHaveLength(1);
  });

  it('fails the run with the model error when the script runs out, saying so', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 1 } }] }]);

    await expect(new Agent({ model, registry }).run('1 + 1?')).rejects.toThrow(/1 turn was scripted/);
  });

  it('rejects impossible limits at construction', () => {
    const model = new ScriptedModel([]);

    expect(() => new Agent({ model, registry, maxIterations: 0 })).toThrow(/'maxIterations' must be an integer of at least 1/);
    expect(() => new Agent({ model, registry, retry: { maxRetries: -1 } })).toThrow(/retry.maxRetries/);
  });

  it('reports how long the run took', async () => {
    const run = await new Agent({ model: new ScriptedModel([{ text: 'ok' }]), registry }).run('Hi');

    expect(run.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps no listener on a long-lived caller signal once its runs end', async () => {
    const shared = new AbortController().signal;
    const agent = new Agent({
      model: new ScriptedModel(
        Array.from({ length: 40 }, (_, index) =>
          index % 2 === 0 ? { toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] } : { text: 'done' },
        ),
      ),
      registry: ToolRegistry.of(new AddTool()),
    });
    for (let run = 0; run < 20; run++) expect((await agent.run('1 + 2?', { signal: shared })).stopReason).toBe('completed');
    expect(retainedBy(shared)).toBe(0);
  });

  it("tells the host when the model's last answer was cut off at the token limit", async () => {
    const model = new ScriptedModel([{ text: 'The answer is', finishReason: 'length' }]);
    const run = await new Agent({ model, registry: ToolRegistry.EMPTY }).run('hi');
    expect(run).toMatchObject({ stopReason: 'completed', text: 'The answer is', finishReason: 'length' });
  });

  describe('with a model whose replies do not keep the ChatModel contract', () => {
    /** A model that resolves with the given replies, one per call, as an untyped adapter could. */
    const replying = (...replies: unknown[]) => ({ complete: async () => replies.shift() as never });

    it('reads usage counts sent as strings as numbers and ignores junk counts', async () => {
      const model = replying(
        {
          message: { role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 'add', arguments: '{"a":1,"b":2}' }] },
          usage: { inputTokens: '10', outputTokens: '7', totalTokens: '17' },
        },
        { message: { role: 'assistant', content: 'Three.' }, usage: { inputTokens: '3', outputTokens: 1, totalTokens: null } },
      );
      const run = await new Agent({ model, registry }).run('1 + 2?');

      expect(run.usage).toEqual({ inputTokens: 13, outputTokens: 8, totalTokens: 21 });
    });

    it('takes an array of text parts as its joined text, and a number as no text', async () => {
      const parts = await new Agent({
        model: replying({ message: { role: 'assistant', content: [{ type: 'text', text: 'Hel' }, 'lo'] } }),
        registry,
      }).run('Hi');
      const number = await new Agent({ model: replying({ message: { role: 'assistant', content: 42 } }), registry }).run('Hi');

      expect(parts.text).toBe('Hello');
      expect(number.text).toBe('');
      expect(number.messages.at(-1)).toEqual({ role: 'assistant', content: null });
    });

    it.each([
      ['undefined', undefined, /the reply is undefined/],
      ['a reply without a message', { text: 'hi' }, /its message is undefined/],
      [
        'toolCalls as an object',
        { message: { role: 'assistant', content: null, toolCalls: { name: 'add' } } },
        /message\.toolCalls is an object, not an array/,
      ],
      ['toolCalls [null]', { message: { role: 'assistant', content: null, toolCalls: [null] } }, /message\.toolCalls\[0\] is null/],
      [
        'a tool call without a name',
        { message: { role: 'assistant', content: null, toolCalls: [{ arguments: '{}' }] } },
        /toolCalls\[0\]\.name is undefined, not a string/,
      ],
    ])('fails the run with a ModelCallError, not retried, for %s', async (_case, reply, message) => {
      let calls = 0;
      const model = { complete: async () => (calls++, reply as never) };
      const failure = await new Agent({ model, registry }).run('Hi').catch((error: unknown) => error);

      expect(ModelCallError.isInstance(failure)).toBe(true);
      expect(failure).toMatchObject({ retryable: false, message: expect.stringMatching(message) });
      expect((failure as Error).message).toContain("expected { message: { role: 'assistant'");
      expect(calls).toBe(1);
    });

    it('fails the run with a ModelCallError when reading the reply throws', async () => {
      const reply = Object.defineProperty({}, 'message', {
        get() {
          throw new Error('boom');
        },
      });
      const failure = await new Agent({ model: replying(reply), registry }).run('Hi').catch((error: unknown) => error);

      expect(failure).toMatchObject({ retryable: false, message: expect.stringContaining('reading it threw: boom') });
    });
  });
});

describe('Agent schemas', () => {
  const address: JsonSchema = {
    $id: 'https://example.com/schemas/agent-address.json',
    type: 'object',
    properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{4}$' } },
    required: ['city'],
  };

  class ShipTool extends Tool<{ to: { city: string } }, string> {
    readonly shipped: Array<{ city: string }> = [];
    constructor() {
      super({
        name: 'ship',
        description: 'Ships a parcel.',
        argsType: { type: 'object', properties: { to: { $ref: 'https://example.com/schemas/agent-address.json' } }, required: ['to'] },
      });
    }
    execute(args: { to: { city: string } }): string {
      this.shipped.push(args.to);
      return `to ${args.to.city}`;
    }
  }

  it("runs a tool whose $ref names the $id of a document in the agent's schemas, checking calls against it", async () => {
    const ship = new ShipTool();
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'ship', arguments: { to: { zip: 'x' } } }] },
      { toolCalls: [{ name: 'ship', arguments: { to: { city: 'Oslo', zip: '0150' } } }] },
      { text: 'Shipped.' },
    ]);
    const run = await new Agent({ model, tools: [ship], schemas: [address] }).run('Ship it to Oslo.');

    expect(run.text).toBe('Shipped.');
    expect(run.toolCalls.map((call) => call.result.isError)).toEqual([true, false]);
    expect(run.toolCalls[0]!.result.content).toContain("'to.city': is required but missing");
    expect(run.toolCalls[0]!.result.content).toContain("'to.zip': must be a string matching /^[0-9]{4}$/");
    expect(run.toolCalls[1]!.result.content).toBe('to Oslo');
    expect(ship.shipped).toEqual([{ city: 'Oslo', zip: '0150' }]);
  });

  it('refuses, when the agent is made, a tool whose $ref names a document not in its schemas', () => {
    expect(() => new Agent({ model: new ScriptedModel([{ text: 'ok' }]), tools: [new ShipTool()] })).toThrow(InvalidToolDefinitionError);
  });

  it("gives a toolset's tools the agent's schemas too", async () => {
    const ship = new ShipTool();
    const toolset: Toolset = { name: 'shipping', getTools: () => [ship] };
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'ship', arguments: { to: { zip: 'x' } } }] },
      { toolCalls: [{ name: 'ship', arguments: { to: { city: 'Oslo' } } }] },
      { text: 'Shipped.' },
    ]);
    const run = await new Agent({ model, tools: [toolset], schemas: [address] }).run('Ship it to Oslo.');
    expect(run.toolCalls.map((call) => call.result.isError)).toEqual([true, false]);
    expect(run.toolCalls[0]!.result.content).toContain("'to.city': is required but missing");
    expect(ship.shipped).toEqual([{ city: 'Oslo' }]);
  });

  it("fails the run clearly when a toolset's tool names a document the agent's schemas do not hold", async () => {
    const toolset: Toolset = { name: 'shipping', getTools: () => [new ShipTool()] };
    const agent = new Agent({ model: new ScriptedModel([{ text: 'ok' }]), tools: [toolset] });
    await expect(agent.run('x')).rejects.toThrow(/agent-address\.json, another document: give it in `schemas`/);
  });
});
