import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  type CreateMessageRequest,
  type ElicitRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { AgentContext } from '@toolcraft/core';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';
import { createMcpServer, type McpServerOptions } from '@toolcraft/mcp';

const info: McpServerOptions = { name: 'asking', version: '1.0.0' };

const contactSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Your name' },
    age: { type: 'integer', minimum: 0, default: 30 },
  },
  required: ['name'],
} as const;

class Asking {
  @Tool()
  @LLMDescription('Asks the user who they are')
  async whoAreYou(context: AgentContext): Promise<string> {
    const answer = await context.elicit<{ name: string; age: number }>(contactSchema, 'Who are you?');
    return answer.action === 'accept' ? `${answer.content!.name}, ${answer.content!.age}` : `no answer (${answer.action})`;
  }

  @Tool()
  @LLMDescription('Asks the client’s model')
  async summarise(@LLMDescription('Text') text: string, context: AgentContext): Promise<string> {
    const answer = await context.sample({ messages: `Summarise: ${text}`, maxTokens: 50, systemPrompt: 'Be brief.' });
    return `${answer.model} said: ${answer.text} (${answer.stopReason ?? 'no reason'})`;
  }
}

/** A client over the in-memory transport with the capabilities and request handlers given. */
async function connect(
  capabilities: ClientCapabilities,
  handlers: { elicit?: (request: ElicitRequest) => unknown; sample?: (request: CreateMessageRequest) => unknown },
  options: Partial<McpServerOptions> = {},
): Promise<Client> {
  const server = createMcpServer([new Asking()], { ...info, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  if (handlers.elicit) client.setRequestHandler(ElicitRequestSchema, handlers.elicit as never);
  if (handlers.sample) client.setRequestHandler(CreateMessageRequestSchema, handlers.sample as never);
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

function text(result: unknown): string {
  return ((result as { content: Array<{ text: string }> }).content[0] ?? { text: '' }).text;
}

describe('createMcpServer: context.elicit and context.sample', () => {
  let client: Client;
  afterEach(() => client?.close());

  it('asks the client for values, checks the answer against the schema and fills its defaults', async () => {
    const asked: ElicitRequest['params'][] = [];
    client = await connect(
      { elicitation: {} },
      { elicit: ({ params }) => (asked.push(params), { action: 'accept', content: { name: 'Ada' } }) },
    );
    expect(text(await client.callTool({ name: 'whoAreYou', arguments: {} }))).toBe('Ada, 30');
    expect(asked).toEqual([expect.objectContaining({ message: 'Who are you?', requestedSchema: contactSchema })]);
  });

  it('returns a declined answer as it is', async () => {
    client = await connect({ elicitation: {} }, { elicit: () => ({ action: 'decline' }) });
    expect(text(await client.callTool({ name: 'whoAreYou', arguments: {} }))).toBe('no answer (decline)');
  });

  it('ends the call with a clear error for an answer that breaks the schema, and the connection goes on', async () => {
    let answers = 0;
    client = await connect(
      { elicitation: {} },
      {
        elicit: () =>
          answers++ === 0 ? { action: 'accept', content: { name: 'Ada', age: -1 } } : { action: 'accept', content: { name: 'Bo' } },
      },
    );
    const failed = await client.callTool({ name: 'whoAreYou', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(text(failed)).toContain("failed: The MCP client's elicitation failed: ");
    expect(text(failed)).toMatch(/'age': .*(minimum|at least|>= 0)/);
    expect(text(await client.callTool({ name: 'whoAreYou', arguments: {} }))).toBe('Bo, 30');
  });

  it('refuses, with a clear error, to elicit from a client that did not declare the capability', async () => {
    client = await connect({}, {});
    const result = await client.callTool({ name: 'whoAreYou', arguments: {} });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: "Error: tool 'whoAreYou' failed: This call cannot ask for elicitation: the MCP client did not declare the elicitation capability when it connected.",
        },
      ],
      isError: true,
    });
  });

  it('ends the call with an error naming the time limit when the client does not answer in time', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      let reached!: () => void;
      const asked = new Promise<void>((resolve) => (reached = resolve));
      client = await connect(
        { elicitation: {} },
        { elicit: () => (reached(), new Promise(() => undefined)) },
        { clientRequestTimeoutMs: 1_000 },
      );
      const call = client.callTool({ name: 'whoAreYou', arguments: {} }, undefined, { timeout: 60_000 });
      await asked;
      jest.advanceTimersByTime(1_000);
      const result = await call;
      expect(text(result)).toBe(
        "Error: tool 'whoAreYou' failed: The MCP client's elicitation failed: the client did not answer within 1000 ms.",
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('samples through the client’s model, with the messages, system prompt and token limit asked for', async () => {
    const asked: CreateMessageRequest['params'][] = [];
    client = await connect(
      { sampling: {} },
      {
        sample: ({ params }) => (
          asked.push(params),
          { role: 'assistant', content: { type: 'text', text: 'short' }, model: 'test-model', stopReason: 'endTurn' }
        ),
      },
    );
    expect(text(await client.callTool({ name: 'summarise', arguments: { text: 'a long text' } }))).toBe('test-model said: short (endTurn)');
    expect(asked).toEqual([
      expect.objectContaining({
        messages: [{ role: 'user', content: { type: 'text', text: 'Summarise: a long text' } }],
        maxTokens: 50,
        systemPrompt: 'Be brief.',
      }),
    ]);
  });

  it('ends the call with the client’s refusal, and refuses to sample from a client without the capability', async () => {
    client = await connect({ sampling: {} }, { sample: () => Promise.reject(new Error('the user said no')) });
    expect(text(await client.callTool({ name: 'summarise', arguments: { text: 'x' } }))).toBe(
      "Error: tool 'summarise' failed: The MCP client's sampling failed: the client answered with an error: MCP error -32603: the user said no",
    );
    await client.close();
    client = await connect({}, {});
    expect(text(await client.callTool({ name: 'summarise', arguments: { text: 'x' } }))).toBe(
      "Error: tool 'summarise' failed: This call cannot ask for sampling: the MCP client did not declare the sampling capability when it connected.",
    );
  });
});
