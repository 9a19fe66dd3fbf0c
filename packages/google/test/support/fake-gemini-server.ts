import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GoogleGenAI, type GoogleGenAIOptions } from '@google/genai';

/** One request the fake server received. */
export interface RecordedRequest {
  method: string;
  /** The path with the query (`/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`). */
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (or the raw text when it is not JSON). */
  body: unknown;
  /** Settles when the client closes the connection (an abort), or the server ends the response. */
  closed: Promise<void>;
}

/** A JSON answer: a body with a status (default 200) and headers; `cut` drops the connection halfway through the body. */
export interface HttpReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
  cut?: boolean;
}

/**
 * A streamed answer (`?alt=sse`): each chunk sent as a server-sent event (`data: {json}\r\n\r\n`, as
 * the Gemini API frames them), then the end of the response; `hold` keeps the response open after
 * the chunks, `end: 'drop'` drops the connection after them, `end: 'midway'` sends half of one more
 * event and then drops it.
 */
export interface SseReply {
  sse: unknown[];
  hold?: boolean;
  end?: 'drop' | 'midway';
}

/** A reply that never comes: the request hangs until the client gives up or aborts. */
export interface HangingReply {
  hang: true;
}

/** What the server answers to the next request; a function sees the request first. */
export type ScriptedReply = HttpReply | HangingReply | SseReply | ((request: RecordedRequest) => HttpReply | HangingReply | SseReply);

/**
 * A local server speaking the Gemini API's `generateContent` and `streamGenerateContent` wire
 * format for tests (127.0.0.1, a free port, no network). It answers each request with the next
 * scripted reply, records every request, and answers 400 with a Google error body when the script
 * has run out.
 */
export class FakeGeminiServer {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  private readonly replies: ScriptedReply[] = [];
  private waiters: Array<() => boolean> = [];

  private constructor(private readonly server: Server) {}

  /** Starts a server on 127.0.0.1 with a free port. */
  static async start(): Promise<FakeGeminiServer> {
    const server = createServer();
    const fake = new FakeGeminiServer(server);
    server.on('request', (request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL to give the SDK (`httpOptions.baseUrl`). */
  get baseUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** The request bodies, in order. */
  get bodies(): Array<Record<string, unknown>> {
    return this.requests.map((request) => request.body as Record<string, unknown>);
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

  /**
   * A real `@google/genai` client pointed at this server (no retries of its own). It is given the
   * global `fetch` explicitly: without one the SDK routes requests through undici's global
   * dispatcher, which lives on Node's real global object, not on the sandbox's jest runs tests in.
   */
  client(options: GoogleGenAIOptions = {}): GoogleGenAI {
    return new GoogleGenAI({
      apiKey: 'test-key',
      ...options,
      httpOptions: { baseUrl: this.baseUrl, fetch: (input, init) => fetch(input, init), ...options.httpOptions },
    });
  }

  /** Stops the server and drops open connections. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const closed = new Promise<void>((resolve) => response.on('close', () => resolve()));
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      body: parseJson(text),
      closed,
    };
    this.requests.push(recorded);
    this.waiters = this.waiters.filter((settle) => !settle());
    const next = this.replies.shift();
    const reply = typeof next === 'function' ? next(recorded) : next;
    if (reply !== undefined && 'hang' in reply) return;
    if (reply !== undefined && 'sse' in reply) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of reply.sse) response.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
      if (reply.end === 'drop') response.write('', () => response.socket?.destroy());
      else if (reply.end === 'midway')
        response.write('data: {"candidates": [{"content": {"parts": [{"te', () => response.socket?.destroy());
      else if (!reply.hold) response.end();
      return;
    }
    const { status = 200, headers = {}, body, cut = false } = reply ?? outOfScript(recorded);
    const json = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': String(Buffer.byteLength(json)),
      ...headers,
    });
    if (!cut) response.end(json);
    else response.write(json.slice(0, json.length / 2), () => response.socket?.destroy());
  }
}

function outOfScript(request: RecordedRequest): HttpReply {
  const message = `FakeGeminiServer: no scripted reply left for request ${request.method} ${request.path}`;
  return { status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
