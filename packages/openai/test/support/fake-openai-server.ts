import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';

/** One request the fake server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (or the raw text when it is not JSON). */
  body: unknown;
}

/** A scripted HTTP answer: a JSON body with a status (default 200) and headers. */
export interface HttpReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A streamed answer: each chunk sent as a server-sent event, then `[DONE]`; `hold` keeps the response open after the chunks instead. */
export interface SseReply {
  sse: unknown[];
  hold?: boolean;
}

/** A reply that never comes: the request hangs until the client gives up or aborts. */
export interface HangingReply {
  hang: true;
}

/** What the server answers to the next request; a function sees the request first. */
export type ScriptedReply = HttpReply | HangingReply | SseReply | ((request: RecordedRequest) => HttpReply | HangingReply | SseReply);

/**
 * A local OpenAI-compatible HTTP server for tests (127.0.0.1, a free port, no network).
 * It answers each request with the next scripted reply, records every request, and
 * answers 400 with a clear message when the script has run out.
 */
export class FakeOpenAIServer {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  /** Streamed responses not yet closed (the client's abort closes them). */
  readonly openStreams = new Set<ServerResponse>();
  private readonly replies: ScriptedReply[] = [];
  private requestWaiters: Array<{ count: number; resolve: () => void }> = [];
  private closeWaiters: Array<() => void> = [];

  /** @returns a promise settled when the server has received `count` requests in all */
  received(count = 1): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.requestWaiters.push({ count, resolve }));
  }

  /** @returns a promise settled once no streamed response is open */
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
    for (const waiter of this.requestWaiters.filter((item) => this.requests.length >= item.count)) {
      this.requestWaiters.splice(this.requestWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    const next = this.replies.shift();
    const reply = typeof next === 'function' ? next(recorded) : next;
    if (reply !== undefined && 'hang' in reply) return;
    if (reply !== undefined && 'sse' in reply) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const chunk of reply.sse) response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      this.openStreams.add(response);
      response.on('close', () => {
        this.openStreams.delete(response);
        if (this.openStreams.size > 0) return;
        for (const settle of this.closeWaiters.splice(0)) settle();
      });
      if (!reply.hold) response.end('data: [DONE]\n\n');
      return;
    }
    const { status = 200, headers = {}, body } = reply ?? outOfScript(recorded);
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
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
