import 'reflect-metadata';
import { Agent, ContextAwareTool, ProviderSchemaError, ToolRegistry, type AgentEvent } from '@toolcraft/core';
import { AnthropicChatModel } from '../src/index';
import { FakeAnthropicServer, toolNames } from './support/fake-anthropic-server';
import { messageReply, streamReply, textBlock, thinkingBlock, toolUseBlock, message, usage } from './support/message-replies';
import { AddTool, GreetTool } from './support/test-tools';

/** A tool whose schema the Messages API refuses: a top-level property name with brackets. */
class FilterTool extends ContextAwareTool<Record<string, string>, string> {
  constructor() {
    super({
      argsType: { type: 'object', properties: { 'filter[name]': { type: 'string' } } },
      name: 'list_apps',
      description: 'Lists apps.',
    });
  }
  execute(): string {
    return '[]';
  }
}

describe('Agent with AnthropicChatModel', () => {
  let server: FakeAnthropicServer;
  let add: AddTool;
  let greet: GreetTool;

  function agent(options: { thinking?: boolean } = {}): Agent {
    const model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 2048 });
    return new Agent({
      model,
      registry: ToolRegistry.of(add, greet),
      instructions: 'You are a helpful assistant.',
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 },
      ...(options.thinking === true ? { providerOptions: { anthropic: { thinking: { type: 'enabled', budget_tokens: 1024 } } } } : {}),
    });
  }

  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
    add = new AddTool();
    greet = new GreetTool();
  });
  afterEach(() => server.close());

  it('runs a tool call and its answer end to end; the next turn sends the thinking with its signature first, then the tool_use, then the tool_result', async () => {
    server.reply(
      messageReply([thinkingBlock('Add them.', 'sig-1'), toolUseBlock('toolu_1', 'add', { a: 3, b: 4 })], 'tool_use'),
      messageReply([textBlock('3 + 4 = 7.')], 'end_turn', { usage: usage({ input_tokens: 30, output_tokens: 8 }) }),
    );
    const run = await agent({ thinking: true }).run('What is 3 + 4?');
    expect(run.text).toBe('3 + 4 = 7.');
    expect(run.stopReason).toBe('completed');
    expect(add.calls).toEqual([expect.objectContaining({ a: 3, b: 4 })]);
    expect(run.usage).toMatchObject({ inputTokens: 42, outputTokens: 15 });
    const [first, second] = server.bodies;
    expect(first).toMatchObject({
      thinking: { type: 'enabled', budget_tokens: 1024 },
      system: [{ type: 'text', text: 'You are a helpful assistant.' }],
    });
    expect(toolNames(first)).toEqual(['add', 'greet']);
    expect(second.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is 3 + 4?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Add them.', signature: 'sig-1' },
          { type: 'tool_use', id: 'toolu_1', name: 'add', input: { a: 3, b: 4 } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '7', cache_control: { type: 'ephemeral' } }] },
    ]);
  });

  it('answers parallel calls of one turn in one user message, in order, before the next model call', async () => {
    server.reply(
      messageReply([toolUseBlock('toolu_a', 'add', { a: 1, b: 2 }), toolUseBlock('toolu_b', 'greet', { name: 'Ada' })], 'tool_use'),
      messageReply([textBlock('Done.')]),
    );
    const run = await agent().run('Add 1 and 2, and greet Ada.');
    expect(run.text).toBe('Done.');
    const results = server.bodies[1].messages.at(-1);
    expect(results).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_a', content: '3' },
        { type: 'tool_result', tool_use_id: 'toolu_b', content: 'Hello, Ada!', cache_control: { type: 'ephemeral' } },
      ],
    });
  });

  it('sends a failed call back with is_error, for the model to correct', async () => {
    server.reply(messageReply([toolUseBlock('toolu_a', 'add', { a: 'one', b: 2 })], 'tool_use'), messageReply([textBlock('Sorry.')]));
    await agent().run('Add one and 2.');
    expect(server.bodies[1].messages.at(-1)).toMatchObject({ content: [{ type: 'tool_result', tool_use_id: 'toolu_a', is_error: true }] });
  });

  it('streams a run: the text as it arrives, the tool call in between', async () => {
    server.reply(
      streamReply(message([toolUseBlock('toolu_1', 'add', { a: 2, b: 2 })], 'tool_use')),
      streamReply(message([textBlock('2 + 2 = 4.')])),
    );
    const events: AgentEvent[] = [];
    const stream = agent().stream('What is 2 + 2?');
    for await (const event of stream) events.push(event);
    const deltas = events.flatMap((event) => (event.type === 'text_delta' ? [event.delta] : []));
    expect(deltas.join('')).toBe('2 + 2 = 4.');
    expect(add.calls).toEqual([expect.objectContaining({ a: 2, b: 2 })]);
    expect(server.bodies.every((body) => body.stream === true)).toBe(true);
  });

  it('retries a 529 overloaded answer and then succeeds', async () => {
    server.reply(
      { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      messageReply([textBlock('Hello!')]),
    );
    const run = await agent().run('Hi');
    expect(run.text).toBe('Hello!');
    expect(server.requests).toHaveLength(2);
  });

  it('refuses, in new Agent, a tool whose schema the Messages API would reject, before any request', () => {
    const model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 256 });
    let thrown: unknown;
    try {
      new Agent({ model, tools: [new FilterTool()] });
    } catch (error) {
      thrown = error;
    }
    expect(ProviderSchemaError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      provider: 'anthropic',
      toolName: 'list_apps',
      path: '$.properties["filter[name]"]',
      keyword: 'properties',
    });
    expect(server.requests).toHaveLength(0);
  });
});
