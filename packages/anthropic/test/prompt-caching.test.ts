import type { ChatRequest, ToolDefinition } from '@toolcraft/core';
import { AnthropicChatModel, toAnthropicTools } from '../src/index';
import { FakeAnthropicServer, toolNames } from './support/fake-anthropic-server';
import { messageReply, textBlock } from './support/message-replies';

const tool = (name: string): ToolDefinition => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: {} },
});
const tools = Object.freeze([tool('search'), tool('read'), tool('write')]);
const ephemeral = { type: 'ephemeral' };

function request(messages: ChatRequest['messages']): ChatRequest {
  return { messages: [{ role: 'system', content: 'You are a careful assistant.' }, ...messages], tools: tools as ToolDefinition[] };
}

describe("AnthropicChatModel prompt caching (cache: 'auto', the default)", () => {
  let server: FakeAnthropicServer;
  beforeEach(async () => (server = await FakeAnthropicServer.start()));
  afterEach(() => server.close());

  it('puts breakpoints on the last tool, the last system block and the last block of the last message', async () => {
    const model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 256 });
    server.reply(messageReply([textBlock('ok')]));
    await model.complete(
      request([
        { role: 'user', content: 'Find the report.' },
        { role: 'assistant', content: null, toolCalls: [{ id: 'toolu_1', name: 'search', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'toolu_1', name: 'search', content: 'report.md' },
      ]),
    );
    const [body] = server.bodies;
    expect(body.tools?.map((entry) => ('cache_control' in entry ? entry.cache_control : undefined))).toEqual([
      undefined,
      undefined,
      ephemeral,
    ]);
    expect(body.system).toEqual([{ type: 'text', text: 'You are a careful assistant.', cache_control: ephemeral }]);
    expect(body.messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'report.md', cache_control: ephemeral }],
    });
    // Only the last blocks are marked: the earlier turns are the prefix the cache holds.
    expect(JSON.stringify(body.messages.slice(0, -1))).not.toContain('cache_control');
  });

  it('sends the tools in the same order, with the same breakpoint, on every turn, and never marks the shared converted tools', async () => {
    const model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 256 });
    model.prepareTools(tools);
    server.reply(messageReply([textBlock('one')]), messageReply([textBlock('two')]));
    await model.complete(request([{ role: 'user', content: 'first' }]));
    await model.complete(
      request([
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'one' },
        { role: 'user', content: 'second' },
      ]),
    );
    const [first, second] = server.bodies;
    expect(second.tools).toEqual(first.tools);
    expect(toolNames(first)).toEqual(['search', 'read', 'write']);
    expect(second.tools?.at(-1)).toMatchObject({ name: 'write', cache_control: ephemeral });
    // The conversion the model keeps for these tools is shared and frozen: the breakpoint is on a copy.
    expect(JSON.stringify(toAnthropicTools(tools))).not.toContain('cache_control');
  });

  it("sends no breakpoint with cache: 'off'", async () => {
    const model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 256, cache: 'off' });
    server.reply(messageReply([textBlock('ok')]));
    await model.complete(request([{ role: 'user', content: 'hi' }]));
    expect(JSON.stringify(server.bodies[0])).not.toContain('cache_control');
  });
});
