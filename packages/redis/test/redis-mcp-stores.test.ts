import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { type AgentContext, ContextAwareTool } from '@toolcraft/core';
import {
  createMcpHttpHandler,
  createMcpServer,
  idempotencyKeyMeta,
  mcpRequestOf,
  replayedMeta,
  type McpHttpEndpoint,
} from '@toolcraft/mcp';
import { RedisMcpIdempotencyStore, RedisMcpSessionStore, RedisStoreInputError } from '@toolcraft/redis';
import { deleteKeysUnder, keysUnder, sharedRedis, uniqueKeyPrefix } from './support/test-redis';

/** Elicits a name, or (with `close: true`) closes its stream and answers after that. */
class SessionTool extends ContextAwareTool<{ close?: boolean }, string> {
  runs = 0;
  constructor() {
    super({
      name: 'session_tool',
      description: 'Elicits or closes its stream.',
      argsType: { type: 'object', properties: { close: { type: 'boolean' } } },
    });
  }
  async execute({ close }: { close?: boolean }, context: AgentContext): Promise<string> {
    this.runs++;
    if (close === true) {
      mcpRequestOf(context)?.closeStream?.();
      await new Promise((resolve) => setImmediate(resolve));
      return 'answered after the stream closed';
    }
    const answer = await context.elicit<{ name: string }>(
      { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      'Name?',
    );
    return `hello ${answer.content?.name ?? answer.action}`;
  }
}

async function serve(handler: McpHttpEndpoint): Promise<{ url: URL; close: () => Promise<void> }> {
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  return {
    url,
    close: async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The events of an SSE body, read to its end. */
async function sseEvents(response: Response): Promise<Array<{ id?: string; data: string }>> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      const lines = block.split('\n');
      const id = lines.find((line) => line.startsWith('id: '))?.slice(4);
      const data = lines
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('\n');
      return id === undefined ? { data } : { id, data };
    })
    .filter((event) => event.id !== undefined || event.data.length > 0);
}

describe('Redis stores of @toolcraft/mcp', () => {
  const keyPrefix = uniqueKeyPrefix('mcp');
  let client: Redis;
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(() => {
    client = sharedRedis();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await deleteKeysUnder(client, keyPrefix);
    client.disconnect();
  });

  function instance(tool: SessionTool): Promise<{ url: URL; close: () => Promise<void> }> {
    const sessions = new RedisMcpSessionStore({ connection: client, keyPrefix, ttlSeconds: 600 });
    return serve(createMcpHttpHandler([tool], { name: 'redis-sessions', version: '1.0.0', sessions, retryIntervalMs: 5 }));
  }

  it('serves a session opened on one instance from another, which knows the client’s capabilities', async () => {
    const tool = new SessionTool();
    const a = await instance(tool);
    const b = await instance(tool);
    cleanups.push(a.close, b.close);
    const first = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    const transport = new StreamableHTTPClientTransport(a.url);
    await first.connect(transport);
    cleanups.push(() => first.close());
    const sessionId = transport.sessionId!;
    expect(await keysUnder(client, `${keyPrefix}mcp-session:`)).toEqual([`${keyPrefix}mcp-session:${sessionId}`]);

    const moved = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    moved.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: 'Ada' } }));
    await moved.connect(new StreamableHTTPClientTransport(b.url, { sessionId }));
    cleanups.push(() => moved.close());
    expect(await moved.callTool({ name: 'session_tool', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'hello Ada' }] });
  });

  it('resumes on another instance, with Last-Event-ID, the events a stream closed mid-call left in the store', async () => {
    const tool = new SessionTool();
    const a = await instance(tool);
    const b = await instance(tool);
    cleanups.push(a.close, b.close);
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const init = await fetch(a.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    const sessionId = init.headers.get('mcp-session-id')!;
    await init.text();
    const session = { ...headers, 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const call = await fetch(a.url, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'session_tool', arguments: { close: true } } }),
    });
    const before = await sseEvents(call);
    // The stream closed after its priming event: the answer is not on it.
    expect(before.some((event) => event.data.includes('answered after'))).toBe(false);
    const lastEventId = before[before.length - 1]!.id!;
    // The call's answer is stored (the stream closed, the call went on).
    await new Promise((resolve) => setImmediate(resolve));
    const resumed = await fetch(b.url, {
      method: 'GET',
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
        'last-event-id': lastEventId,
      },
    });
    expect(resumed.status).toBe(200);
    const reader = resumed.body!.getReader();
    let text = '';
    while (!text.includes('answered after the stream closed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString('utf8');
    }
    await reader.cancel();
    expect(text).toContain('"id":2');
    expect(text).toContain('answered after the stream closed');
  });

  it('deletes a session’s record and its streams’ events on DELETE', async () => {
    const tool = new SessionTool();
    const a = await instance(tool);
    cleanups.push(a.close);
    const sdk = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(a.url);
    await sdk.connect(transport);
    await sdk.listTools();
    const sessionId = transport.sessionId!;
    expect((await keysUnder(client, keyPrefix)).some((key) => key.includes(sessionId))).toBe(true);
    await transport.terminateSession();
    await sdk.close();
    expect(
      (await keysUnder(client, keyPrefix)).filter((key) => key.includes(encodeURIComponent(sessionId)) || key.includes(sessionId)),
    ).toEqual([]);
  });

  it('runs a tool once for a key sent to two servers sharing the store, at once or one after the other', async () => {
    let runs = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    class Charge extends ContextAwareTool<{ cents: number }, string> {
      constructor() {
        super({
          name: 'charge',
          description: 'Charges.',
          argsType: { type: 'object', properties: { cents: { type: 'integer' } }, required: ['cents'] },
        });
      }
      async execute({ cents }: { cents: number }): Promise<string> {
        runs++;
        await gate;
        return `charged ${cents} once (run ${runs})`;
      }
    }
    const connect = async () => {
      const idempotency = new RedisMcpIdempotencyStore({ connection: client, keyPrefix, pollMs: 5 });
      const server = createMcpServer([new Charge()], { name: 'pay', version: '1.0.0', idempotency });
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const sdk = new Client({ name: 'test', version: '1.0.0' });
      await Promise.all([server.connect(serverSide), sdk.connect(clientSide)]);
      cleanups.push(async () => {
        await sdk.close();
        await idempotency.close();
      });
      return sdk;
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    const call = { name: 'charge', arguments: { cents: 100 }, _meta: { [idempotencyKeyMeta]: 'run-1:call-1' } };
    const first = a.callTool(call);
    while (runs === 0) await new Promise((resolve) => setImmediate(resolve));
    const second = b.callTool(call);
    open();
    expect((await first).content).toEqual([{ type: 'text', text: 'charged 100 once (run 1)' }]);
    expect(await second).toEqual({ content: [{ type: 'text', text: 'charged 100 once (run 1)' }], _meta: { [replayedMeta]: true } });
    expect((await a.callTool(call))._meta).toEqual({ [replayedMeta]: true });
    expect(runs).toBe(1);
  });

  it('refuses impossible options', () => {
    expect(() => new RedisMcpSessionStore({ connection: client, maxEventsPerStream: 0 })).toThrow(RedisStoreInputError);
    expect(() => new RedisMcpIdempotencyStore({ connection: client, claimMs: -1 })).toThrow(RedisStoreInputError);
  });
});
