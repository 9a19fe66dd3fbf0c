import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic, { type ClientOptions } from '@anthropic-ai/sdk';
import type { MessageCreateParams } from '@anthropic-ai/sdk/resources/messages';

/** One request the fake server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (or the raw text when it is not JSON). */
  body: unknown;
  /** Settles when the server sees the request's connection (or response) close. */
  closed: Promise<void>;
}

/** A JSON answer with a status (default 200) and headers; `cut` drops the connection halfway through the body. */
export interface JsonReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
  cut?: boolean;
}

/** One server-sent event as the Messages API sends it: `event: <type>` and `data: <JSON>`. */
export interface ServerSentEvent {
  type: string;
  [field: string]: unknown;
}

/**
 * A streamed answer: each event as `event: <type>\ndata: <json>\n\n`, then the end of the response;
 * `end: 'hold'` keeps the response open after the events, `end: 'drop'` destroys the connection after them.
 */
export interface SseReply {
  sse: ServerSentEvent[];
  end?: 'hold' | 'drop';
}

/** A reply that never comes: the request hangs until the client gives up or aborts. */
export interface HangingReply {
  hang: true;
}

/** No reply: the connection is destroyed as soon as the request arrived (a reset before any response). */
export interface ResetReply {
  reset: true;
}

/** What the server answers to the next request; a function sees the request first. */
export type ScriptedReply =
  JsonReply | SseReply | HangingReply | ResetReply | ((request: RecordedRequest) => JsonReply | SseReply | HangingReply | ResetReply);

/**
 * A local server speaking the Messages API wire format for tests (127.0.0.1, a free port, no network):
 * it answers each request with the next scripted reply (JSON, or server-sent events with named events),
 * records every request and when its connection closes, and answers 400 with an `invalid_request_error`
 * when the script has run out.
 */
export class FakeAnthropicServer {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  private readonly replies: ScriptedReply[] = [];
  private waiters: Array<() => boolean> = [];

  private constructor(private readonly server: Server) {}

  /** Starts a server on 127.0.0.1 with a free port. */
  static async start(): Promise<FakeAnthropicServer> {
    const server = createServer();
    const fake = new FakeAnthropicServer(server);
    server.on('request', (request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL to give the client (the client adds `/v1/messages`). */
  get baseURL(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** The Messages API request bodies, in order. */
  get bodies(): MessageCreateParams[] {
    return this.requests.filter((request) => request.path === '/v1/messages').map((request) => request.body as MessageCreateParams);
  }

  /** @returns a promise settled when the server has received `count` requests in all */
  received(count = 1): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(() => this.requests.length >= count && (resolve(), true)));
  }

  /** Queues replies for the next requests. */
  reply(...replies: ScriptedReply[]): this {
    this.replies.push(...replies);
    return this;
  }

  /** A real `@anthropic-ai/sdk` client pointed at this server. */
  client(options: ClientOptions = {}): Anthropic {
    return new Anthropic({ apiKey: 'test-key', baseURL: this.baseURL, ...options });
  }

  /** Stops the server and drops open connections. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const closed = new Promise<void>((resolve) => response.on('close', () => resolve()));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: parseJson(Buffer.concat(chunks).toString('utf8')),
      closed,
    };
    this.requests.push(recorded);
    this.waiters = this.waiters.filter((settle) => !settle());
    const next = this.replies.shift();
    const reply = typeof next === 'function' ? next(recorded) : (next ?? outOfScript(recorded));
    if ('hang' in reply) return;
    if ('reset' in reply) {
      request.socket.destroy();
      return;
    }
    if ('sse' in reply) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_test' });
      for (const event of reply.sse) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      if (reply.end === 'drop') response.write(': cut\n\n', () => response.socket?.destroy());
      else if (reply.end !== 'hold') response.end();
      return;
    }
    const { status = 200, headers = {}, body, cut = false } = reply;
    const json = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(json)),
      'request-id': 'req_test',
      ...headers,
    });
    if (!cut) response.end(json);
    else response.write(json.slice(0, Math.floor(json.length / 2)), () => response.socket?.destroy());
  }
}

function outOfScript(request: RecordedRequest): JsonReply {
  const message = `FakeAnthropicServer: no scripted reply left for request ${request.method} ${request.path}`;
  return { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message } } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The names of a request's tools, in order.
 * @param body - a recorded request body
 * @returns each tool's name (`''` for a toolset, which has none)
 */
export function toolNames(body: MessageCreateParams): string[] {
  return (body.tools ?? []).map((tool) => ('name' in tool ? tool.name : ''));
}
