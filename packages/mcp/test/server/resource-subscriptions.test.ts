import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpHttpHandler, createMcpServer, InMemoryMcpSessionStore, McpResourceUpdates } from '@toolcraft/mcp';
import { connectClient } from '../support/connect';
import { Notes } from '../support/notes-service';

const info = { name: 'notes', version: '1.0.0' };

/** The URIs of the `notifications/resources/updated` a client receives, and a promise of the next one. */
function updatesOf(client: Client): { uris: string[]; next: () => Promise<string> } {
  const uris: string[] = [];
  let waiting: ((uri: string) => void) | undefined;
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => {
    uris.push(params.uri);
    waiting?.(params.uri);
    waiting = undefined;
  });
  return { uris, next: () => new Promise((resolve) => (waiting = resolve)) };
}

describe('resource subscriptions (resources/subscribe, notifications/resources/updated), seen by the SDK Client', () => {
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  async function connected(updates?: McpResourceUpdates): Promise<Client> {
    const client = await connectClient(
      createMcpServer([new Notes()], { ...info, ...(updates === undefined ? {} : { resourceUpdates: updates }) }),
    );
    clients.push(client);
    return client;
  }

  it('offers resources.subscribe only with resourceUpdates; without it resources/subscribe is an unknown method', async () => {
    expect((await connected(new McpResourceUpdates())).getServerCapabilities()?.resources).toEqual({ subscribe: true });
    const plain = await connected();
    expect(plain.getServerCapabilities()?.resources).toEqual({});
    await expect(plain.subscribeResource({ uri: 'notes://1' })).rejects.toMatchObject({ code: ErrorCode.MethodNotFound });
  });

  it('tells a subscribed client that its resource changed, and nothing of resources it did not subscribe to', async () => {
    const updates = new McpResourceUpdates();
    const client = await connected(updates);
    const seen = updatesOf(client);
    await client.subscribeResource({ uri: 'notes://1' });
    const next = seen.next();
    updates.updated('notes://2');
    updates.updated('notes://1');
    // Messages keep their order on the connection: had notes://2 been sent, it would have come first.
    expect(await next).toBe('notes://1');
    expect(seen.uris).toEqual(['notes://1']);
  });

  it('tells only the connections that subscribed, and stops after resources/unsubscribe', async () => {
    const updates = new McpResourceUpdates();
    const [reader, other] = [await connected(updates), await connected(updates)];
    const [readerSeen, otherSeen] = [updatesOf(reader), updatesOf(other)];
    await reader.subscribeResource({ uri: 'notes://1' });
    await other.subscribeResource({ uri: 'notes://index' });
    let next = readerSeen.next();
    updates.updated('notes://1');
    expect(await next).toBe('notes://1');

    await reader.unsubscribeResource({ uri: 'notes://1' });
    await reader.subscribeResource({ uri: 'notes://index' });
    next = readerSeen.next();
    const otherNext = otherSeen.next();
    updates.updated('notes://1');
    updates.updated('notes://index');
    expect(await next).toBe('notes://index');
    expect(await otherNext).toBe('notes://index');
    expect(readerSeen.uris).toEqual(['notes://1', 'notes://index']);
    expect(otherSeen.uris).toEqual(['notes://index']);
  });

  it('answers a subscription without a URI with InvalidParams, and an update after the client left reaches no one and throws nothing', async () => {
    const updates = new McpResourceUpdates();
    const client = await connected(updates);
    await expect(
      client.request({ method: 'resources/subscribe', params: {} } as never, ResourceUpdatedNotificationSchema),
    ).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('params.uri must be the resource') as string,
    });
    await client.subscribeResource({ uri: 'notes://1' });
    await client.close();
    expect(() => updates.updated('notes://1')).not.toThrow();
  });

  it("over Streamable HTTP with sessions, sends the update on the session's GET stream", async () => {
    const updates = new McpResourceUpdates();
    const handler = createMcpHttpHandler([new Notes()], { ...info, sessions: new InMemoryMcpSessionStore(), resourceUpdates: updates });
    // The GET stream is open once its response's head is written (the transport has registered it by then).
    let streamOpen!: () => void;
    const opened = new Promise<void>((resolve) => (streamOpen = resolve));
    const server = createServer((request, response) => {
      if (request.method === 'GET') {
        const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => typeof response;
        response.writeHead = ((...args: unknown[]) => {
          const written = writeHead(...args);
          streamOpen();
          return written;
        }) as typeof response.writeHead;
      }
      void handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new Client({ name: 'test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`)));
      const seen = updatesOf(client);
      await client.subscribeResource({ uri: 'notes://2' });
      await opened;
      const next = seen.next();
      updates.updated('notes://2');
      expect(await next).toBe('notes://2');
      expect((await client.readResource({ uri: 'notes://2' })).contents[0]).toMatchObject({
        uri: 'notes://2',
        text: '# Ideas\nan MCP server of decorators',
      });
    } finally {
      await client.close();
      await handler.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
