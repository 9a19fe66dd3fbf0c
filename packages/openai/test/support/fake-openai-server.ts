import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';

/** One request the fake server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (or the raw text when it is not JSON). */
  body: unknown;
}

/** A scripted HTTP answer: a JSON body with a status (default 200) and headers; `cut` drops the connection halfway through the body. */
export interface HttpReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
  cut?: boolean;
}

/**
 * A streamed answer: each chunk sent as a server-sent event, then `[DONE]`; `hold` keeps the response
 * open after the chunks instead; `end: 'quietly'` ends the response after the chunks without `[DONE]`,
 * `end: 'drop'` drops the connection after them.
 */
export interface SseReply {
  sse: unknown[];
  hold?: boolean;
  end?: 'quietly' | 'drop';
}

/**
 * A streamed Responses API answer: each event sent as the API sends it, `event: <type>` then
 * `data: <json>`, and the response ended after the last one (the Responses API sends no `[DONE]`);
 * `hold` keeps the response open after the events instead, `end: 'drop'` drops the connection after them.
 */
export interface EventsReply {
  events: Array<{ type: string }>;
  hold?: boolean;
  end?: 'drop';
}

/** A reply that never comes: the request hangs until the client gives up or aborts. */
export interface HangingReply {
  hang: true;
}

/** Any one scripted answer. */
type Reply = HttpReply | HangingReply | SseReply | EventsReply;

/** What the server answers to the next request; a function sees the request first. */
export type ScriptedReply = Reply | ((request: RecordedRequest) => Reply);

/**
 * A local OpenAI-compatible HTTP server for tests (127.0.0.1, a free port, no network).
 * It answers each request with the next scripted reply, records every request, and
 * answers 400 with a clear message when the script has run out.
 */
export class FakeOpenAIServer {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  /** Streamed and hanging responses not yet closed (the client's abort closes them). */
  readonly openStreams = new Set<ServerResponse>();
  private readonly replies: ScriptedReply[] = [];
  private requestWaiters: Array<() => boolean> = [];
  private closeWaiters: Array<() => void> = [];

  /** @returns a promise settled when the server has received `count` requests in all */
  received(count = 1): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.requestWaiters.push(() => this.requests.length >= count && (resolve(), true)));
  }

  /** @returns a promise settled once no streamed or hanging response is open */
  streamsClosed(): Promise<void> {
    if (this.openStreams.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.closeWaiters.push(resolve));
  }

  private constructor(private readonly server: Server) {}

  /** Starts a server on 127.0.0.1 with a free port. */
  static async start(): Promise<FakeOpenAIServer> {
    const server = createServer();
    const fake = new FakeOpenAIServer(server);
    server.on('request', (request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL to give the `openai` client (ends in `/v1`). */
  get baseURL(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** The Chat Completions requests' bodies, in order. */
  get chatBodies(): ChatCompletionCreateParamsNonStreaming[] {
    return this.requests
      .filter((request) => request.path.endsWith('/chat/completions'))
      .map((request) => request.body as ChatCompletionCreateParamsNonStreaming);
  }

  /** The Responses API requests' bodies, in order. */
  get responsesBodies(): ResponseCreateParamsNonStreaming[] {
    return this.requests
      .filter((request) => request.path.endsWith('/responses'))
      .map((request) => request.body as ResponseCreateParamsNonStreaming);
  }

  /** Queues replies for the next requests. */
  reply(...replies: ScriptedReply[]): this {
    this.replies.push(...replies);
    return this;
  }

  /** A real `openai` client pointed at this server (client retries left at their default). */
  client(options: ConstructorParameters<typeof OpenAI>[0] = {}): OpenAI {
    return new OpenAI({ apiKey: 'test-key', baseURL: this.baseURL, ...options });
  }

  /** Stops the server and drops hanging connections. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: parseJson(text),
    };
    this.requests.push(recorded);
    this.requestWaiters = this.requestWaiters.filter((settle) => !settle());
    const next = this.replies.shift();
    const reply = typeof next === 'function' ? next(recorded) : next;
    if (reply !== undefined && 'hang' in reply) {
      this.watchClose(response);
      return;
    }
    if (reply !== undefined && 'events' in reply) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of reply.events) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      this.watchClose(response);
      if (reply.end === 'drop') response.write(': cut\n\n', () => response.socket?.destroy());
      else if (!reply.hold) response.end();
      return;
    }
    if (reply !== undefined && 'sse' in reply) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const chunk of reply.sse) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      this.watchClose(response);
      if (reply.end === 'quietly') response.end();
      else if (reply.end === 'drop') response.write(': cut\n\n', () => response.socket?.destroy());
      else if (!reply.hold) response.end('data: [DONE]\n\n');
      return;
    }
    const { status = 200, headers = {}, body, cut = false } = reply ?? outOfScript(recorded);
    const json = JSON.stringify(body);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(json)), ...headers });
    if (!cut) response.end(json);
    else response.write(json.slice(0, json.length / 2), () => response.socket?.destroy());
  }

  /** Counts a response as open until its connection closes. */
  private watchClose(response: ServerResponse): void {
    this.openStreams.add(response);
    response.on('close', () => {
      this.openStreams.delete(response);
      if (this.openStreams.size > 0) return;
      for (const settle of this.closeWaiters.splice(0)) settle();
    });
  }
}

function outOfScript(request: RecordedRequest): HttpReply {
  const message = `FakeOpenAIServer: no scripted reply left for request ${request.method} ${request.path}`;
  return { status: 400, body: { error: { message, type: 'invalid_request_error' } } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
