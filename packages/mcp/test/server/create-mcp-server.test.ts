import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { AgentEnvironment, Tool, ToolRegistry, type Feature } from '@toolcraft/core';
import { createMcpHttpHandler, createMcpServer, InvalidMcpOptionsError } from '@toolcraft/mcp';
import { connectClient } from '../support/connect';
import { AddTool, CounterTool, FailTool, GatedTool, MetadataTool, ProgressTool, RepeatTool, WaitTool } from '../support/test-tools';

const info = { name: 'test-server', version: '1.2.3' };

describe('createMcpServer', () => {
  let client: Client;
  afterEach(() => client?.close());

  it('lists every tool with its name, description and JSON Schema, and tells clients its name and version', async () => {
    client = await connectClient(createMcpServer(ToolRegistry.of(new AddTool(), new FailTool()), info));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'fail']);
    expect(tools[0]).toEqual({
      name: 'add',
      description: 'Adds two integers.',
      inputSchema: expect.objectContaining({
        type: 'object',
        properties: { a: { type: 'integer', description: 'first' }, b: { type: 'integer', description: 'second' } },
        required: ['a', 'b'],
      }),
    });
    expect(tools[0]!.annotations).toBeUndefined();
    expect(client.getServerVersion()).toEqual(expect.objectContaining(info));
  });

  it('accepts a list of tools as well as a registry', async () => {
    client = await connectClient(createMcpServer([new AddTool()], info));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add']);
  });

  it('answers a call with the tool result as text', async () => {
    client = await connectClient(createMcpServer([new AddTool()], info));
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(result).toEqual({ content: [{ type: 'text', text: '5' }] });
  });

  it('answers bad arguments, unknown tools and tool errors with isError results in the words the model sees in an agent', async () => {
    const registry = ToolRegistry.of(new AddTool(), new FailTool());
    const environment = new AgentEnvironment({ registry });
    client = await connectClient(createMcpServer(registry, info));
    for (const call of [
      { name: 'add', arguments: { a: 2, b: 'three' } },
      { name: 'ad', arguments: {} },
      { name: 'fail', arguments: { message: 'disk full' } },
    ]) {
      const expected = await environment.executeTool(call);
      expect(expected.isError).toBe(true);
      expect(await client.callTool(call)).toEqual({ content: [{ type: 'text', text: expected.content }], isError: true });
    }
    const unknown = await client.callTool({ name: 'ad', arguments: {} });
    expect(JSON.stringify(unknown)).toContain("'add'");
  });

  it('applies the environment options: errorDetail and maxResultChars', async () => {
    const options = { errorDetail: 'generic', maxResultChars: 40 } as const;
    const registry = ToolRegistry.of(new FailTool(), new RepeatTool());
    client = await connectClient(createMcpServer(registry, { ...info, ...options }));
    const failed = await client.callTool({ name: 'fail', arguments: { message: 'secret path /etc/x' } });
    expect(JSON.stringify(failed)).not.toContain('secret');
    const call = { name: 'repeat', arguments: { text: 'abc', times: 1000 } };
    const long = await client.callTool(call);
    const expected = await new AgentEnvironment({ registry, ...options }).executeTool(call);
    expect(expected.content.length).toBeLessThan(200);
    expect(long.content).toEqual([{ type: 'text', text: expected.content }]);
  });

  it('runs the features of an environment given as the source', async () => {
    const seen: string[] = [];
    const feature: Feature = {
      name: 'audit',
      install(pipeline) {
        pipeline.onToolCallStarting(this, (event) => void seen.push(event.call.name));
        pipeline.provideToolCallMetadata(this, () => ({ tenant: 'acme' }));
      },
    };
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool(), new MetadataTool()), features: [feature] });
    client = await connectClient(createMcpServer(environment, info));
    await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
    const tenant = await client.callTool({ name: 'read_meta', arguments: { key: 'tenant' } });
    expect(seen).toEqual(['add', 'read_meta']);
    expect(tenant.content).toEqual([{ type: 'text', text: '"acme"' }]);
  });

  it("passes the request's _meta to the tool as the caller's metadata", async () => {
    client = await connectClient(createMcpServer([new MetadataTool()], info));
    const result = await client.callTool({
      name: 'read_meta',
      arguments: { key: 'example.com/user' },
      _meta: { 'example.com/user': 'ada' },
    });
    expect(result.content).toEqual([{ type: 'text', text: '"ada"' }]);
  });

  it("gives context-aware tools a context per connection: the server's name as the agent name, state kept between calls", async () => {
    const server = createMcpServer([new CounterTool()], info);
    client = await connectClient(server);
    await client.callTool({ name: 'count', arguments: {} });
    expect((await client.callTool({ name: 'count', arguments: {} })).content).toEqual([{ type: 'text', text: 'test-server 2' }]);
  });

  it("aborts the call's signal when the client cancels the request, and answers later calls", async () => {
    const wait = new WaitTool();
    client = await connectClient(createMcpServer([wait, new AddTool()], info));
    const controller = new AbortController();
    const pending = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal });
    await wait.starts.reached(1);
    controller.abort(new Error('user pressed stop'));
    await expect(pending).rejects.toThrow('user pressed stop');
    await wait.aborts.reached(1);
    expect(String(wait.aborted[0])).toContain('cancel');
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).content).toEqual([{ type: 'text', text: '3' }]);
  });

  it('sends nothing for a cancelled call of a tool that cannot see the cancellation, once it ends, and answers later calls', async () => {
    let release!: (value: number) => void;
    const gated = new GatedTool(new Promise<number>((resolve) => (release = resolve)));
    client = await connectClient(createMcpServer([gated, new AddTool()], info));
    const errors: unknown[] = [];
    client.onerror = (error) => void errors.push(error);
    const controller = new AbortController();
    const pending = client.callTool({ name: 'gated', arguments: {} }, undefined, { signal: controller.signal });
    await gated.starts.reached(1);
    controller.abort(new Error('user pressed stop'));
    await expect(pending).rejects.toThrow('user pressed stop');
    release(1);
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).content).toEqual([{ type: 'text', text: '3' }]);
    expect(errors).toEqual([]);
  });

  it('answers a call that outlives the time limit with an isError result saying so', async () => {
    client = await connectClient(createMcpServer([new WaitTool()], { ...info, toolTimeoutMs: 20 }));
    const result = await client.callTool({ name: 'wait', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('did not finish within 20 ms');
  });

  it('sends progress notifications of context.reportProgress when the client asked for them (a progress token)', async () => {
    client = await connectClient(createMcpServer([new ProgressTool()], info));
    const progress: unknown[] = [];
    const result = await client.callTool({ name: 'progress', arguments: { steps: 3 } }, undefined, {
      onprogress: (report) => progress.push(report),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'done after 3 steps' }]);
    expect(progress).toEqual([1, 2, 3].map((step) => ({ progress: step, total: 3, message: `step ${step}` })));
  });

  it('sends no progress notification to a client that sent no progress token', async () => {
    client = await connectClient(createMcpServer([new ProgressTool()], info));
    const notifications: string[] = [];
    client.fallbackNotificationHandler = async (notification) => void notifications.push(notification.method);
    expect((await client.callTool({ name: 'progress', arguments: { steps: 2 } })).content).toEqual([
      { type: 'text', text: 'done after 2 steps' },
    ]);
    expect(notifications).toEqual([]);
  });

  it('answers a tools/call without a tool name with a JSON-RPC InvalidParams error, and goes on serving', async () => {
    client = await connectClient(createMcpServer([new AddTool()], info));
    const request = client.request({ method: 'tools/call', params: { arguments: {} } } as never, CallToolResultSchema);
    await expect(request).rejects.toThrow(
      expect.objectContaining({ code: ErrorCode.InvalidParams, message: expect.stringContaining('params.name') }),
    );
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).content).toEqual([{ type: 'text', text: '3' }]);
  });

  it('refuses to serve a tool that needs approval, saying why and how to serve it, from a list or an environment', () => {
    const refund = Tool.declaration({ name: 'refund', description: 'Refunds.', inputSchema: { type: 'object' }, needsApproval: true });
    const large = Tool.declaration({
      name: 'transfer',
      description: 'Transfers.',
      inputSchema: { type: 'object', properties: { amount: { type: 'number' } } },
      needsApproval: (args: { amount?: number }) => (args.amount ?? 0) > 100,
    });
    const refusal =
      /'refund', 'transfer' declare needsApproval, which an MCP server cannot enforce: .*AgentTool.*approvals: 'leave-to-client'/;
    expect(() => createMcpServer([new AddTool(), refund, large], info)).toThrow(InvalidMcpOptionsError);
    expect(() => createMcpServer([new AddTool(), refund, large], info)).toThrow(refusal);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(refund) });
    expect(() => createMcpServer(environment, info)).toThrow(/'refund' declares needsApproval/);
    expect(() => createMcpHttpHandler([refund], info)).toThrow(/'refund' declares needsApproval/);
    expect(() => createMcpServer([refund], { ...info, approvals: 'ask' as never })).toThrow(
      `'approvals' must be 'refuse' or 'leave-to-client', got "ask"`,
    );
  });

  it("serves a tool that needs approval with approvals: 'leave-to-client', the client deciding", async () => {
    const refund = new (class extends Tool<Record<string, never>, string> {
      constructor() {
        super({ name: 'refund', description: 'Refunds.', argsType: { type: 'object', properties: {} }, needsApproval: true });
      }
      execute(): string {
        return 'refunded';
      }
    })();
    client = await connectClient(createMcpServer([refund], { ...info, approvals: 'leave-to-client' }));
    expect(await client.callTool({ name: 'refund', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'refunded' }] });
  });

  it('refuses options without a name or version, saying what is expected', () => {
    expect(() => createMcpServer([new AddTool()], { name: '', version: '1' })).toThrow(InvalidMcpOptionsError);
    expect(() => createMcpServer([new AddTool()], { name: 'x' } as never)).toThrow("'version' must be a non-empty string");
  });
});
