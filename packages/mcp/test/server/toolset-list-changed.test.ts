import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Tool, type AnyTool, type Toolset } from '@toolcraft/core';
import { createMcpServer } from '@toolcraft/mcp';
import { AddTool, Count, RepeatTool } from '../support/test-tools';

/** Unlocks the `repeat` tool of its toolset when called. */
class UnlockTool extends Tool<Record<string, never>, string> {
  constructor(private readonly unlock: () => void) {
    super({ name: 'unlock', description: 'Unlocks more tools.', argsType: { type: 'object', properties: {} } });
  }
  execute(): string {
    this.unlock();
    return 'unlocked';
  }
}

describe('createMcpServer: a toolset whose tools change', () => {
  let client: Client;
  afterEach(() => client?.close());

  it('lists the toolset’s tools as they are, and sends notifications/tools/list_changed when a call changed them', async () => {
    const repeat = new RepeatTool();
    let unlocked = false;
    const unlock = new UnlockTool(() => (unlocked = true));
    const toolset: Toolset = { name: 'locked', getTools: async () => (unlocked ? [unlock, repeat] : [unlock]) as AnyTool[] };
    const server = createMcpServer([new AddTool(), toolset], { name: 'changing', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' });
    const changes = new Count();
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => changes.add());
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'unlock']);
    expect(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).toEqual({ content: [{ type: 'text', text: '3' }] });
    expect(changes.current).toBe(0);
    await client.callTool({ name: 'unlock', arguments: {} });
    await changes.reached(1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'unlock', 'repeat']);
    expect(await client.callTool({ name: 'repeat', arguments: { text: 'ab', times: 2 } })).toEqual({
      content: [{ type: 'text', text: 'abab' }],
    });
    expect(changes.current).toBe(1);
  });

  it('answers tools/list with an error naming the clash when a toolset’s tool shares a fixed tool’s name', async () => {
    const toolset: Toolset = { name: 'clash', getTools: () => [new AddTool()] };
    const server = createMcpServer([new AddTool(), toolset], { name: 'clash', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    await expect(client.listTools()).rejects.toThrow(/add/);
  });

  it('refuses to list, or to call, a toolset’s tool that needs approval, saying why and how to serve it', async () => {
    const refund = Tool.declaration({ name: 'refund', description: 'Refunds.', inputSchema: { type: 'object' }, needsApproval: true });
    const toolset: Toolset = { name: 'billing', getTools: () => [refund] as AnyTool[] };
    const server = createMcpServer([new AddTool(), toolset], { name: 'billing', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const refusal = /'refund' declares needsApproval, which an MCP server cannot enforce: .*approvals: 'leave-to-client'/;
    await expect(client.listTools()).rejects.toThrow(refusal);
    await expect(client.callTool({ name: 'refund', arguments: {} })).rejects.toThrow(refusal);
  });
});
