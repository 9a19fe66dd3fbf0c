import 'reflect-metadata';
import { Agent, ToolRegistry } from '@toolcraft/core';
import { OpenAIChatModel } from '../src/index';
import { completionReply, textReply, toolCallsReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { functionTool, lastMessage, textOf, toolNames } from './support/request-inspection';
import { AddTool, GreetTool } from './support/test-tools';

describe('Agent with OpenAIChatModel: tool calling', () => {
  let server: FakeOpenAIServer;
  let add: AddTool;
  let greet: GreetTool;

  function agent(options: { strict?: boolean } = {}): Agent {
    const model = new OpenAIChatModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-4o-mini', strict: options.strict });
    return new Agent({
      model,
      registry: ToolRegistry.of(add, greet),
      instructions: 'You are a helpful assistant.',
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    });
  }

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    add = new AddTool();
    greet = new GreetTool();
  });
  afterEach(() => server.close());

  it('runs a two-turn exchange: a tool call, its result sent back, then the answer', async () => {
    server.reply(toolCallsReply({ id: 'call_1', name: 'add', arguments: '{"a":3,"b":4}' }), textReply('3 + 4 = 7.'));
    const run = await agent().run('What is 3 + 4?');

    expect(run.text).toBe('3 + 4 = 7.');
    expect(run.stopReason).toBe('completed');
    expect(run.usage).toEqual({ inputTokens: 20, outputTokens: 10, totalTokens: 30 });
    expect(add.calls).toEqual([expect.objectContaining({ a: 3, b: 4 })]);
    const [first, second] = server.chatBodies;
    expect(first.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'What is 3 + 4?' },
    ]);
    expect(toolNames(first)).toEqual(['add', 'greet']);
    expect(second.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":3,"b":4}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '7' },
    ]);
  });

  it('answers two parallel tool calls of one turn before the next model call, in order', async () => {
    server.reply(
      toolCallsReply(
        { id: 'call_a', name: 'add', arguments: '{"a":1,"b":2}' },
        { id: 'call_b', name: 'greet', arguments: '{"name":"Ada"}' },
      ),
      textReply('Done.'),
    );
    const run = await agent().run('Add 1 and 2, and greet Ada.');

    expect(run.stopReason).toBe('completed');
    expect(server.chatBodies).toHaveLength(2);
    expect(server.chatBodies[1].messages.slice(3)).toEqual([
      { role: 'tool', tool_call_id: 'call_a', content: '3' },
      { role: 'tool', tool_call_id: 'call_b', content: 'Hello, Ada!' },
    ]);
  });

  it('answers malformed tool-call JSON with an error result and goes on', async () => {
    server.reply(toolCallsReply({ id: 'call_bad', name: 'add', arguments: '{"a": 3, "b":' }), textReply('Sorry, let me retry.'));
    const run = await agent().run('What is 3 + 4?');

    expect(run.stopReason).toBe('completed');
    expect(add.calls).toEqual([]);
    const toolMessage = run.messages.find((message) => message.role === 'tool');
    expect(toolMessage).toMatchObject({ role: 'tool', toolCallId: 'call_bad', name: 'add', isError: true });
    expect(lastMessage(server.chatBodies[1])).toMatchObject({ role: 'tool', tool_call_id: 'call_bad' });
    expect(textOf(lastMessage(server.chatBodies[1]))).toMatch(/add/);
  });

  it('answers a call to an unknown tool with an error result naming the tool and goes on', async () => {
    server.reply(toolCallsReply({ id: 'call_x', name: 'multiply', arguments: '{"a":3,"b":4}' }), textReply('I cannot multiply.'));
    const run = await agent().run('What is 3 * 4?');

    expect(run.text).toBe('I cannot multiply.');
    expect(run.messages.find((message) => message.role === 'tool')).toMatchObject({ toolCallId: 'call_x', isError: true });
    const content = textOf(lastMessage(server.chatBodies[1]));
    expect(content).toMatch(/multiply/);
    expect(content).toMatch(/add/);
  });

  it('in strict mode, passes an optional argument the model sends as null to the tool as absent', async () => {
    server.reply(toolCallsReply({ id: 'call_1', name: 'greet', arguments: '{"name":"Ada","title":null}' }), textReply('Greeted.'));
    const run = await agent({ strict: true }).run('Greet Ada.');

    expect(run.stopReason).toBe('completed');
    expect(greet.calls).toHaveLength(1);
    expect(greet.calls[0].name).toBe('Ada');
    expect(greet.calls[0].title).toBeUndefined();
    expect(lastMessage(server.chatBodies[1])).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'Hello, Ada!' });
    expect(functionTool(server.chatBodies[0], 'greet')).toMatchObject({
      strict: true,
      parameters: { required: ['name', 'title'], additionalProperties: false },
    });
  });

  it('returns text and tool calls of one turn together, answering the calls', async () => {
    server.reply(
      completionReply({ content: 'Let me add.', toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":2,"b":2}' }] }),
      textReply('4.'),
    );
    const run = await agent().run('2 + 2?');
    expect(run.text).toBe('4.');
    expect(server.chatBodies[1].messages[2]).toMatchObject({ role: 'assistant', content: 'Let me add.' });
  });
});
