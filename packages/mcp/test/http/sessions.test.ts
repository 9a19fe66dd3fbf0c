import 'reflect-metadata';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { AgentContext } from '@toolcraft/core';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';
import { createMcpHttpHandler, InMemoryMcpSessionStore, mcpRequestOf, type McpHttpEndpoint, type McpSessionStore } from '@toolcraft/mcp';
import { mcpHeaders, rawRequest } from '../support/http-server';
import { CounterTool } from '../support/test-tools';

const info = { name: 'sessions', version: '1.0.0' };

class Session {
  @Tool()
  @LLMDescription('Asks the user their name')
  async askName(context: AgentContext): Promise<string> {
    const answer = await context.elicit<{ name: string }>(
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      'Name?',
    );
    return answer.content?.name ?? answer.action;
  }

  @Tool()
  @LLMDescription('Closes its stream, then answers (the client resumes with Last-Event-ID)')
  async reconnect(context: AgentContext): Promise<string> {
    const request = mcpRequestOf(context);
    context.log('info', 'before the stream closes');
    request?.closeStream?.();
    await new Promise((resolve) => setImmediate(resolve));
    context.log('info', 'after the stream closed');
    return `resumed in session ${request?.sessionId === undefined ? 'none' : 'yes'}`;
  }
}

/** A handler on a local port, recording the requests it got. */
async function serve(handler: McpHttpEndpoint) {
  const seen: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    seen.push(request);
    void handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  const close = async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, seen, close };
}

describe('createMcpHttpHandler with sessions', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function start(store: McpSessionStore = new InMemoryMcpSessionStore()) {
    const http = await serve(createMcpHttpHandler([new Session(), new CounterTool()], { ...info, sessions: store, retryIntervalMs: 5 }));
    closers.push(http.close);
    return http;
  }

  async function connect(url: URL, capabilities = {}): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
    const transport = new StreamableHTTPClientTransport(url);
    await client.connect(transport);
    closers.push(() => client.close());
    return { client, transport };
  }

  it('gives each client a session id, keeps its state across requests, and keeps sessions apart', async () => {
    const { url } = await start();
    const first = await connect(url);
    const second = await connect(url);
    expect(first.transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.transport.sessionId).not.toBe(first.transport.sessionId);
    const count = async (client: Client) =>
      ((await client.callTool({ name: 'count', arguments: {} })).content as Array<{ text: string }>)[0]!.text;
    expect(await count(first.client)).toBe('sessions 1');
    expect(await count(first.client)).toBe('sessions 2');
    expect(await count(second.client)).toBe('sessions 1');
  });

  it('lets a tool elicit over HTTP: the client’s answer comes back in the same session', async () => {
    const { url } = await start();
    const { client } = await connect(url, { elicitation: {} });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Ada' } }));
    expect(await client.callTool({ name: 'askName', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'Ada' }] });
  });

  it('resumes a stream the server closed mid-call: the client reconnects with Last-Event-ID and gets the rest', async () => {
    const { url, seen } = await start();
    const { client } = await connect(url);
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => void logs.push(String(params.data)));
    expect(await client.callTool({ name: 'reconnect', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'resumed in session yes' }],
    });
    expect(logs).toEqual(['before the stream closes', 'after the stream closed']);
    expect(seen.some((request) => request.method === 'GET' && typeof request.headers['last-event-id'] === 'string')).toBe(true);
  });

  it('serves a session opened on another instance sharing the store, with the client’s capabilities restored', async () => {
    const store = new InMemoryMcpSessionStore();
    const a = await start(store);
    const b = await start(store);
    const { client, transport } = await connect(a.url, { elicitation: {} });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Bo' } }));
    expect((await client.callTool({ name: 'count', arguments: {} })).content).toEqual([{ type: 'text', text: 'sessions 1' }]);
    // The same session, its requests sent to the other instance: it is restored from the store there.
    const moved = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    moved.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Bo' } }));
    await moved.connect(new StreamableHTTPClientTransport(b.url, { sessionId: transport.sessionId! }));
    closers.push(() => moved.close());
    expect((await moved.listTools()).tools.map((tool) => tool.name)).toEqual(['askName', 'reconnect', 'count']);
    // The restored server knows the client offers elicitation (from the initialize it replayed).
    expect(await moved.callTool({ name: 'askName', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'Bo' }] });
  });

  it('ends a session on DELETE: later requests of it get 404', async () => {
    const { url } = await start();
    const { transport } = await connect(url);
    const sessionId = transport.sessionId!;
    await transport.terminateSession();
    const after = await rawRequest(url, {
      headers: { ...mcpHeaders, 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    expect(after.status).toBe(404);
    expect(JSON.parse(after.body)).toEqual({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
  });

  it('refuses a request without a session that is not an initialize, and an unknown session', async () => {
    const { url } = await start();
    const without = await rawRequest(url, { headers: mcpHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(without.status).toBe(400);
    expect(without.body).toContain('a session starts with an initialize request');
    const unknown = await rawRequest(url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': 'nope' } });
    expect(unknown.status).toBe(404);
    const bad = await rawRequest(url, { headers: mcpHeaders, body: '{not json' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe(-32700);
  });
});
