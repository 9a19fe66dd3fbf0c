import 'reflect-metadata';
import { Agent, ProviderSchemaError, Tool, ToolRegistry } from '@toolcraft/core';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { OpenAIResponsesModel, StrictSchemaError } from '../src/index';
import { FakeOpenAIServer } from './support/fake-openai-server';
import {
  functionCallItem,
  messageItem,
  reasoningItem,
  responseObject,
  responseReply,
  streamedReply,
  usageOf,
} from './support/responses-replies';
import { AddTool, GreetTool } from './support/test-tools';

/** A tool whose arguments are a free-form map: fine for OpenAI without strict mode, refused with it. */
class TagTool extends Tool<{ labels: Record<string, string> }, string> {
  constructor() {
    super({
      argsType: {
        type: 'object',
        properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
        required: ['labels'],
      },
      name: 'tag',
      description: 'Tags a document.',
    });
  }
  execute(): string {
    return 'tagged';
  }
}

/** A tool whose root is a union: no OpenAI function takes it. */
class EitherTool extends Tool<Record<string, unknown>, string> {
  constructor() {
    super({
      argsType: {
        type: 'object',
        anyOf: [
          { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
          { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        ],
      },
      name: 'either',
      description: 'Finds by id or name.',
    });
  }
  execute(): string {
    return 'found';
  }
}

describe('Agent with OpenAIResponsesModel', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => (server = await FakeOpenAIServer.start()));
  afterEach(() => server.close());

  const toolTurn = () =>
    responseReply([reasoningItem('rs_1', 'Add them.', 'gAAAA-e'), functionCallItem('call_1', 'add', '{"a":3,"b":4}')], {
      usage: usageOf(50, 20, { reasoning: 15 }),
    });
  const answerTurn = () => responseReply([messageItem('3 + 4 = 7.')], { usage: usageOf(80, 6, { cached: 48 }) });

  it('runs a real tool: the call, its output and the answer, with the tool definitions sent as Responses function tools', async () => {
    server.reply(toolTurn(), answerTurn());
    const add = new AddTool();
    const agent = new Agent({
      model: new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini' }),
      registry: ToolRegistry.of(add),
    });
    const run = await agent.run('What is 3 + 4?');
    expect([run.text, run.stopReason]).toEqual(['3 + 4 = 7.', 'completed']);
    expect(add.calls).toEqual([{ a: 3, b: 4 }]);
    expect(run.usage).toMatchObject({ inputTokens: 130, outputTokens: 26, totalTokens: 156 });
    const [first, second] = server.responsesBodies;
    expect(first!.tools).toEqual([
      expect.objectContaining({
        type: 'function',
        name: 'add',
        strict: false,
        parameters: expect.objectContaining({ required: ['a', 'b'] }) as object,
      }),
    ]);
    const input = second!.input as ResponseInputItem[];
    expect(input.filter((item) => 'type' in item && (item.type === 'function_call' || item.type === 'function_call_output'))).toEqual([
      { type: 'function_call', call_id: 'call_1', name: 'add', arguments: '{"a":3,"b":4}' },
      { type: 'function_call_output', call_id: 'call_1', output: '7' },
    ]);
  });

  it('sends the reasoning item back with its encrypted content on the next turn of a run', async () => {
    server.reply(toolTurn(), answerTurn());
    const agent = new Agent({
      model: new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini' }),
      registry: ToolRegistry.of(new AddTool()),
    });
    await agent.run('What is 3 + 4?');
    expect(server.responsesBodies[1]!.input).toContainEqual({
      type: 'reasoning',
      id: 'rs_1',
      summary: [{ type: 'summary_text', text: 'Add them.' }],
      encrypted_content: 'gAAAA-e',
    });
  });

  it('streams a run that calls a tool, parallel calls included, and answers', async () => {
    server.reply(
      streamedReply(
        responseObject([
          functionCallItem('call_a', 'greet', '{"name":"Ada"}'),
          functionCallItem('call_b', 'greet', '{"name":"Alan","title":"Dr"}'),
        ]),
      ),
      streamedReply(responseObject([messageItem('Greeted both.')])),
    );
    const greet = new GreetTool();
    const model = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini', parameters: { parallel_tool_calls: true } });
    const stream = new Agent({ model, registry: ToolRegistry.of(greet) }).stream('Greet Ada and Dr Alan');
    for await (const _event of stream) void _event;
    const run = await stream.result;
    expect(run.text).toBe('Greeted both.');
    expect(run.toolCalls.map((call) => [call.id, call.result.content])).toEqual([
      ['call_a', 'Hello, Ada!'],
      ['call_b', 'Hello, Dr Alan!'],
    ]);
    expect(server.responsesBodies[0]).toMatchObject({ parallel_tool_calls: true, stream: true });
  });

  it('in strict mode, passes an optional argument the model sends as null to the tool as absent', async () => {
    server.reply(
      responseReply([functionCallItem('call_1', 'greet', '{"name":"Ada","title":null}')]),
      responseReply([messageItem('Done.')]),
    );
    const greet = new GreetTool();
    const model = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini', strict: true });
    await new Agent({ model, registry: ToolRegistry.of(greet) }).run('Greet Ada');
    expect(greet.calls).toEqual([{ name: 'Ada' }]);
    expect(server.responsesBodies[0]!.tools![0]).toMatchObject({
      strict: true,
      parameters: { required: ['name', 'title'], additionalProperties: false },
    });
  });

  it('refuses in new Agent, before any request, a tool schema strict mode cannot take', () => {
    const model = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini', strict: true });
    const build = () => new Agent({ model, registry: ToolRegistry.of(new AddTool(), new TagTool()) });
    expect(build).toThrow(ProviderSchemaError);
    let caught: unknown;
    try {
      build();
    } catch (error) {
      caught = error;
    }
    expect(StrictSchemaError.isInstance(caught) && ProviderSchemaError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ provider: 'openai', toolName: 'tag', path: '$.labels', keyword: 'additionalProperties' });
    expect(
      () =>
        new Agent({
          model: new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini' }),
          registry: ToolRegistry.of(new TagTool()),
        }),
    ).not.toThrow();
    expect(server.requests).toHaveLength(0);
  });

  it('refuses in new Agent a tool whose root is a union, in either mode', () => {
    for (const strict of [false, true]) {
      const model = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini', strict });
      expect(() => new Agent({ model, registry: ToolRegistry.of(new EitherTool()) })).toThrow(
        expect.objectContaining({
          name: strict ? 'StrictSchemaError' : 'ProviderSchemaError',
          toolName: 'either',
          keyword: 'anyOf',
        }) as Error,
      );
    }
  });
});
