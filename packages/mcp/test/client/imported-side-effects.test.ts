import 'reflect-metadata';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Agent } from '@toolcraft/core';
import type { McpToolset } from '@toolcraft/mcp';
import { ScriptedModel } from '@toolcraft/testing';
import { inMemoryToolset } from '../support/in-memory-toolset';

/**
 * A server written on the SDK alone whose tools declare only MCP annotations; each call lasts a turn
 * of the event loop (time for any call sent with it to start) and is logged as it starts and ends.
 */
function annotatedServer(log: string[]): Server {
  const tool = (name: string, annotations?: Record<string, boolean>) => ({
    name,
    description: name,
    inputSchema: { type: 'object', properties: {} },
    ...(annotations === undefined ? {} : { annotations }),
  });
  const tools = [
    tool('read_a', { readOnlyHint: true }),
    tool('read_b', { readOnlyHint: true }),
    tool('update', { readOnlyHint: false, destructiveHint: false }),
    tool('delete', { readOnlyHint: false }),
    tool('unannotated'),
  ];
  const server = new Server({ name: 'annotated', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    log.push(`start ${params.name}`);
    await new Promise((resolve) => setImmediate(resolve));
    log.push(`end ${params.name}`);
    return { content: [{ type: 'text', text: params.name }] };
  });
  return server;
}

describe('side effects imported from MCP annotations', () => {
  let toolset: McpToolset;
  afterEach(() => toolset.close());

  it('are the tools’ effects', async () => {
    toolset = inMemoryToolset(annotatedServer([]));
    const effects = (await toolset.getTools()).map((tool) => [tool.name, tool.effects]);
    expect(effects).toEqual([
      ['read_a', 'read'],
      ['read_b', 'read'],
      ['update', 'write'],
      ['delete', 'destructive'],
      ['unannotated', undefined],
    ]);
  });

  it("order an agent's batch: read-only calls overlap, a write or destructive call runs alone, in the model's order", async () => {
    const log: string[] = [];
    toolset = inMemoryToolset(annotatedServer(log));
    const names = ['read_a', 'read_b', 'update', 'read_a', 'unannotated', 'delete', 'read_b'];
    const model = new ScriptedModel([{ toolCalls: names.map((name) => ({ name, arguments: {} })) }, { text: 'done' }]);
    const run = await new Agent({ model, tools: [toolset] }).run('go');

    expect(run.toolCalls.map((call) => call.result.content)).toEqual(names);
    expect(log).toEqual([
      'start read_a',
      'start read_b',
      'end read_a',
      'end read_b',
      'start update',
      'end update',
      'start read_a',
      'start unannotated',
      'end read_a',
      'end unannotated',
      'start delete',
      'end delete',
      'start read_b',
      'end read_b',
    ]);
  });
});
