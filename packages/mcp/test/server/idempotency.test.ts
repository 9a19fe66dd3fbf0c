import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { type AgentContext, AgentEnvironment, ContextAwareTool, ToolRegistry } from '@toolcraft/core';
import { createMcpServer, idempotencyKeyMeta, InMemoryMcpIdempotencyStore, InvalidMcpOptionsError, replayedMeta } from '@toolcraft/mcp';
import { connectClient } from '../support/connect';
import { inMemoryToolset } from '../support/in-memory-toolset';
import { Count, MetadataTool } from '../support/test-tools';

/** Charges a card: counts its runs, and waits for its gate when one is set. */
class ChargeTool extends ContextAwareTool<{ cents: number }, string> {
  readonly runs = new Count();
  gate?: Promise<void>;
  constructor() {
    super({
      name: 'charge',
      description: 'Charges a card.',
      argsType: { type: 'object', properties: { cents: { type: 'integer' } }, required: ['cents'] },
      effects: 'write',
    });
  }
  async execute({ cents }: { cents: number }, context: AgentContext): Promise<string> {
    this.runs.add();
    if (this.gate !== undefined)
      await Promise.race([
        this.gate,
        new Promise((_, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason as Error))),
      ]);
    return `charged ${cents} (run ${this.runs.current})`;
  }
}

const info = { name: 'payments', version: '1.0.0' };
const call = (key: string, cents = 500) => ({ name: 'charge', arguments: { cents }, _meta: { [idempotencyKeyMeta]: key } });

describe('createMcpServer({ idempotency }): exactly once across MCP', () => {
  let client: Client;
  afterEach(() => client?.close());

  it('answers a repeated key with the recorded result, marked replayed, without running the tool again', async () => {
    const charge = new ChargeTool();
    client = await connectClient(createMcpServer([charge], { ...info, idempotency: new InMemoryMcpIdempotencyStore() }));
    const first = await client.callTool(call('run-1:call-1'));
    expect(first).toEqual({ content: [{ type: 'text', text: 'charged 500 (run 1)' }] });
    const again = await client.callTool(call('run-1:call-1'));
    expect(again).toEqual({ content: [{ type: 'text', text: 'charged 500 (run 1)' }], _meta: { [replayedMeta]: true } });
    expect(charge.runs.current).toBe(1);
    // Another key, or none, runs the tool.
    expect((await client.callTool(call('run-1:call-2'))).content).toEqual([{ type: 'text', text: 'charged 500 (run 2)' }]);
    expect((await client.callTool({ name: 'charge', arguments: { cents: 500 } })).content).toEqual([
      { type: 'text', text: 'charged 500 (run 3)' },
    ]);
  });

  it('refuses a key reused for another call, without running it', async () => {
    const charge = new ChargeTool();
    client = await connectClient(createMcpServer([charge], { ...info, idempotency: new InMemoryMcpIdempotencyStore() }));
    await client.callTool(call('k', 500));
    expect(await client.callTool(call('k', 900))).toEqual({
      content: [
        {
          type: 'text',
          text: 'Error: tool \'charge\' was not run: the idempotency key "k" was used for another call (another tool or other arguments).',
        },
      ],
      isError: true,
    });
    expect(charge.runs.current).toBe(1);
  });

  it('makes a call with a key that is running wait for its result, so the tool runs once', async () => {
    const charge = new ChargeTool();
    let open!: () => void;
    charge.gate = new Promise<void>((resolve) => (open = resolve));
    client = await connectClient(createMcpServer([charge], { ...info, idempotency: new InMemoryMcpIdempotencyStore() }));
    const first = client.callTool(call('k'));
    await charge.runs.reached(1);
    const second = client.callTool(call('k'));
    open();
    expect((await first).content).toEqual([{ type: 'text', text: 'charged 500 (run 1)' }]);
    expect((await second).content).toEqual([{ type: 'text', text: 'charged 500 (run 1)' }]);
    expect(charge.runs.current).toBe(1);
  });

  it('lets a cancelled call’s key go: the retry runs the tool', async () => {
    const charge = new ChargeTool();
    charge.gate = new Promise<void>(() => undefined);
    client = await connectClient(createMcpServer([charge], { ...info, idempotency: new InMemoryMcpIdempotencyStore() }));
    const controller = new AbortController();
    const cancelled = client.request({ method: 'tools/call', params: call('k') }, CallToolResultSchema, { signal: controller.signal });
    await charge.runs.reached(1);
    controller.abort(new Error('the user left'));
    await expect(cancelled).rejects.toThrow('the user left');
    charge.gate = undefined;
    expect((await client.callTool(call('k'))).content).toEqual([{ type: 'text', text: 'charged 500 (run 2)' }]);
  });

  it('a toolcraft run’s call through McpToolset carries its idempotency key, so its retry is answered from the record', async () => {
    const charge = new ChargeTool();
    const server = createMcpServer([charge, new MetadataTool()], { ...info, idempotency: new InMemoryMcpIdempotencyStore() });
    const toolset = inMemoryToolset(server);
    try {
      const environment = new AgentEnvironment({ registry: ToolRegistry.of(...(await toolset.getTools())) });
      const sent = await environment.executeTool({ id: 'c1', name: 'read_meta', arguments: { key: idempotencyKeyMeta } }, undefined, {
        runId: 'run-9',
      });
      expect(sent.content).toBe('"run-9:c1"');
      const once = await environment.executeTool({ id: 'c2', name: 'charge', arguments: { cents: 100 } }, undefined, { runId: 'run-9' });
      const retried = await environment.executeTool({ id: 'c2', name: 'charge', arguments: { cents: 100 } }, undefined, { runId: 'run-9' });
      expect([once.content, retried.content]).toEqual(['charged 100 (run 1)', 'charged 100 (run 1)']);
      expect(charge.runs.current).toBe(1);
      // Outside a run (no run id) there is no key to send.
      const unkeyed = await environment.executeTool({ id: 'c3', name: 'read_meta', arguments: { key: idempotencyKeyMeta } });
      expect(unkeyed.content).toBe('null');
    } finally {
      await toolset.close();
    }
  });

  it('refuses an idempotency option that is not a store', () => {
    expect(() => createMcpServer([new ChargeTool()], { ...info, idempotency: {} as never })).toThrow(InvalidMcpOptionsError);
  });
});
