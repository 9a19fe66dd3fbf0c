import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMcpHttpHandler, InvalidMcpOptionsError } from '@toolcraft/mcp';
import { listen, mcpHeaders, rawRequest } from '../support/http-server';
import { AddTool, CounterTool, FailTool, ProgressTool } from '../support/test-tools';

const info = { name: 'http-server', version: '1.0.0' };
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('createMcpHttpHandler', () => {
  let http: Awaited<ReturnType<typeof listen>>;
  const clients: Client[] = [];
  const errors: unknown[] = [];
  beforeEach(async () => {
    http = await listen(
      createMcpHttpHandler([new AddTool(), new FailTool(), new CounterTool(), new ProgressTool()], {
        ...info,
        onError: (error) => errors.push(error),
      }),
    );
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await http.close();
    expect(errors).toEqual([]);
  });

  async function connect(): Promise<Client> {
    const client = new Client({ name: 'sdk-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(http.url));
    clients.push(client);
    return client;
  }

  it("serves the SDK's own Client: initialize, tools/list and tools/call, errors as isError results", async () => {
    const client = await connect();
    expect(client.getServerVersion()).toEqual(expect.objectContaining(info));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'fail', 'count', 'progress']);
    expect(await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } })).toEqual({ content: [{ type: 'text', text: '42' }] });
    const failed = await client.callTool({ name: 'fail', arguments: { message: 'no disk' } });
    expect(failed).toEqual({ content: [{ type: 'text', text: "Error: tool 'fail' failed: no disk" }], isError: true });
  });

  it('streams progress notifications of a call on its SSE response', async () => {
    const client = await connect();
    const progress: unknown[] = [];
    const result = await client.callTool({ name: 'progress', arguments: { steps: 2 } }, undefined, {
      onprogress: (report) => progress.push(report),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'done after 2 steps' }]);
    expect(progress).toEqual([1, 2].map((step) => ({ progress: step, total: 2, message: `step ${step}` })));
  });

  it('is stateless: every request gets a fresh server, so no state carries over and many clients are served at once', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    const answers = await Promise.all([first, second, first].map((client) => client.callTool({ name: 'count', arguments: {} })));
    expect(answers.map((answer) => answer.content)).toEqual(Array(3).fill([{ type: 'text', text: 'http-server 1' }]));
  });

  it('refuses a request whose Host header is not a local name (DNS rebinding) with 403 and a JSON-RPC error', async () => {
    const answer = await rawRequest(http.url, { headers: { ...mcpHeaders, host: `evil.example:${http.url.port}` }, body: initialize });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: expect.stringContaining('Host header "evil.example:') },
    });
  });

  it("refuses a browser request from another site's Origin", async () => {
    const answer = await rawRequest(http.url, { headers: { ...mcpHeaders, origin: 'https://evil.example' }, body: initialize });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('Origin header \\"https://evil.example\\" is not allowed');
    const local = await rawRequest(http.url, { headers: { ...mcpHeaders, origin: `http://localhost:${http.url.port}` }, body: initialize });
    expect(local.status).toBe(200);
  });

  it('answers garbage with a JSON-RPC error and keeps serving', async () => {
    const garbage = await rawRequest(http.url, { headers: mcpHeaders, body: '{"jsonrpc": "2.0", "id": 1, "method": ' });
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toEqual(expect.objectContaining({ jsonrpc: '2.0', error: expect.objectContaining({ code: -32700 }) }));
    const notRpc = await rawRequest(http.url, { headers: mcpHeaders, body: '[1, "two", null]' });
    expect(notRpc.status).toBe(400);
    expect(JSON.parse(notRpc.body).error.code).toEqual(expect.any(Number));
    const client = await connect();
    expect((await client.callTool({ name: 'add', arguments: { a: 1, b: 1 } })).content).toEqual([{ type: 'text', text: '2' }]);
  });

  it('answers other methods than POST with 405', async () => {
    const answer = await rawRequest(http.url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
    expect(JSON.parse(answer.body).error.message).toContain('POST only');
  });

  it('serves other host names only when listed, and refuses an empty list at creation', async () => {
    const other = await listen(createMcpHttpHandler([new AddTool()], { ...info, allowedHosts: ['mcp.example.com'] }));
    try {
      const listed = await rawRequest(other.url, { headers: { ...mcpHeaders, host: 'mcp.example.com' }, body: initialize });
      expect(listed.status).toBe(200);
      expect((await rawRequest(other.url, { headers: mcpHeaders, body: initialize })).status).toBe(403);
    } finally {
      await other.close();
    }
    expect(() => createMcpHttpHandler([new AddTool()], { ...info, allowedHosts: [] })).toThrow(InvalidMcpOptionsError);
  });
});
