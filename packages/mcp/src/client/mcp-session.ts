import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  GetPromptResultSchema,
  ProgressNotificationSchema,
  ReadResourceResultSchema,
  ResultSchema,
  TaskStatusNotificationSchema,
  ToolListChangedNotificationSchema,
  type CallToolRequest,
  type ClientCapabilities,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import { describeThrownValue } from '@toolcraft/core';
import { neverAborted } from '@toolcraft/core/internal';
import { McpConnectionError } from '../errors/mcp-connection-error.js';
import type { CallResultLike } from './result-text.js';
import { answerElicitation, type McpElicitationHandler } from './elicitation.js';
import type { SamplingBudget } from './sampling.js';
import { callToolAsTask } from './task-call.js';

/** A transport the SDK client connects over (stdio, Streamable HTTP, in-memory...). */
export type McpClientTransport = Parameters<Client['connect']>[0];

/** What a session needs from its toolset. */
export interface SessionSettings {
  name: string;
  clientInfo: { name: string; version: string };
  requestTimeoutMs: number;
  /** Called when the server says its tools changed. */
  onToolsChanged: (session: McpSession) => void;
  /** Describes the server's last stderr output, if it has any. */
  describeStderr: () => string;
  /** Answers the server's elicitation requests (the client then declares the capability). */
  elicitation?: McpElicitationHandler;
  /** Answers the server's sampling requests (the client then declares the capability). */
  sampling?: SamplingBudget;
  /** Waits for the user's OAuth authorization code, when the server asks for authorization again during the session. */
  authorizationCode?: () => Promise<string>;
}

/** A transport that can finish an OAuth authorization (the SDK's Streamable HTTP client transport with an `authProvider`). */
interface AuthorizingTransport {
  finishAuth(authorizationCode: string): Promise<void>;
}

const maxPages = 100;

/** A progress listener of one open call. */
type ProgressListener = (progress: { progress: number; total?: number; message?: string }) => void;

/** How {@link McpSession.callTool} makes one call. */
export interface CallToolOptions {
  /** Stops the call (`notifications/cancelled`, or `tasks/cancel` for a task). */
  signal?: AbortSignal;
  /** Its time limit, in ms. */
  timeout: number;
  /** Told of the server's progress notifications for the call. */
  onProgress?: ProgressListener;
  /** The request's `_meta` (the idempotency key). */
  meta?: Record<string, unknown>;
  /** Whether to call the tool as an MCP task. */
  task?: boolean;
}

/** How long `close()` waits for the transport to report that it closed (a stdio server: its exit), in ms. */
const closeWaitMs = 6_000;

/**
 * One connection to an MCP server through the SDK's `Client`: connect, list tools (each tool checked
 * by the toolset, not the SDK, so one bad tool does not lose the others), call tools. When the
 * connection ends, `ended` is set before the open calls are rejected. `close()` may be called at any
 * time, while connecting too.
 */
export class McpSession {
  /** Whether the connection has ended (the server exited or closed it, or `close()` was called). */
  ended = false;
  /**
   * Progress listeners by token. The session routes progress itself instead of the SDK's `onprogress`:
   * the SDK drops progress sent just before the response when both arrive in one read
   * (modelcontextprotocol/typescript-sdk#2580); here a listener lives until the call's await resumes,
   * which is after the notifications read with the response were dispatched.
   */
  private readonly progress = new Map<string, ProgressListener>();
  private progressTokens = 0;
  /** The listener of each task being waited for, by task id. */
  private readonly taskListeners = new Map<string, (task: Task) => void>();
  private readonly client: Client;
  private started = false;
  private transport?: McpClientTransport;
  /** Settles when the transport has closed (for stdio: when the server process has exited). */
  private readonly transportClosed: Promise<void>;

  /**
   * A session, not yet connected.
   * @param settings - the toolset's settings
   */
  constructor(private readonly settings: SessionSettings) {
    const capabilities: ClientCapabilities = {};
    if (settings.elicitation !== undefined) capabilities.elicitation = {};
    if (settings.sampling !== undefined) capabilities.sampling = {};
    const client = new Client(settings.clientInfo, { capabilities });
    this.client = client;
    const { elicitation, sampling } = settings;
    if (elicitation !== undefined)
      client.setRequestHandler(ElicitRequestSchema, ({ params }, extra) =>
        answerElicitation(elicitation, settings.name, params, extra.signal),
      );
    if (sampling !== undefined)
      client.setRequestHandler(CreateMessageRequestSchema, ({ params }, extra) => sampling.answer(params, extra.signal));
    this.transportClosed = new Promise<void>((resolve) => {
      client.onclose = () => {
        this.ended = true;
        resolve();
      };
    });
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => settings.onToolsChanged(this));
    client.setNotificationHandler(TaskStatusNotificationSchema, ({ params }) => this.taskListeners.get(params.taskId)?.(params));
    client.setNotificationHandler(ProgressNotificationSchema, ({ params }) => {
      const { progressToken, progress, total, message } = params;
      this.progress.get(String(progressToken))?.({
        progress,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      });
    });
  }

  /**
   * Connects: `initialize`, within `requestTimeoutMs` (or until `close()` is called).
   * @param transport - the transport, not yet started
   * @throws McpConnectionError when the server cannot be started or reached, or does not answer; the
   *   server process (if any) has been ended by then
   */
  async connect(transport: McpClientTransport): Promise<void> {
    this.started = true;
    this.transport = transport;
    try {
      await this.client.connect(transport, { timeout: this.settings.requestTimeoutMs });
    } catch (error) {
      await this.close();
      throw new McpConnectionError(
        this.settings.name,
        `could not connect: ${describeThrownValue(error)}.${this.settings.describeStderr()}`,
        error,
      );
    }
  }

  /**
   * Lists the server's tools, every page, as the server sent them (unchecked).
   * @returns the raw tool entries
   * @throws McpConnectionError when the answer has no tools list
   */
  listTools(): Promise<unknown[]> {
    return this.listAll('tools/list', 'tools');
  }

  /**
   * Lists the server's resources, every page.
   * @returns the resources
   */
  async listResources(): Promise<Resource[]> {
    return (await this.listAll('resources/list', 'resources')) as Resource[];
  }

  /**
   * Lists the server's resource templates, every page.
   * @returns the templates
   */
  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    return (await this.listAll('resources/templates/list', 'resourceTemplates')) as ResourceTemplate[];
  }

  /**
   * Lists the server's prompts, every page.
   * @returns the prompts
   */
  async listPrompts(): Promise<Prompt[]> {
    return (await this.listAll('prompts/list', 'prompts')) as Prompt[];
  }

  /**
   * Reads a resource.
   * @param uri - its URI
   * @param signal - stops the request
   * @returns its contents
   */
  readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return this.authorized(() =>
      this.client.request({ method: 'resources/read', params: { uri } }, ReadResourceResultSchema, {
        timeout: this.settings.requestTimeoutMs,
        ...(signal === undefined ? {} : { signal }),
      }),
    );
  }

  /**
   * Gets a prompt.
   * @param name - its name
   * @param args - its arguments (strings)
   * @returns its messages
   */
  getPrompt(name: string, args: Record<string, string>): Promise<GetPromptResult> {
    return this.authorized(() =>
      this.client.request({ method: 'prompts/get', params: { name, arguments: args } }, GetPromptResultSchema, {
        timeout: this.settings.requestTimeoutMs,
      }),
    );
  }

  /** Every page of a list, as the server sent it (unchecked). */
  private async listAll(method: string, field: string): Promise<unknown[]> {
    const items: unknown[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page++) {
      const params = cursor === undefined ? {} : { cursor };
      const answer = await this.authorized(() =>
        this.client.request({ method, params } as never, ResultSchema, { timeout: this.settings.requestTimeoutMs }),
      );
      const list = answer[field];
      if (!Array.isArray(list))
        throw new McpConnectionError(
          this.settings.name,
          `answered ${method} without a '${field}' array: ${JSON.stringify(answer).slice(0, 200)}`,
        );
      items.push(...(list as unknown[]));
      const next = answer.nextCursor;
      if (typeof next !== 'string' || next === cursor) break;
      cursor = next;
    }
    return items;
  }

  /**
   * Runs a request; when the server asks for (more) authorization on the way (a 403 asking for more
   * scopes, a token gone), and the toolset waits for authorization codes, finishes the authorization
   * with the next code and runs the request again, once.
   */
  private authorized<T>(request: () => Promise<T>): Promise<T> {
    const { authorizationCode } = this.settings;
    if (authorizationCode === undefined) return request();
    return request().catch(async (error: unknown) => {
      const transport = this.transport as Partial<AuthorizingTransport> | undefined;
      if (!(error instanceof UnauthorizedError) || typeof transport?.finishAuth !== 'function') throw error;
      await transport.finishAuth(await authorizationCode());
      return request();
    });
  }

  /** Whether the server runs tools as tasks (it declares `tasks.requests.tools.call`). */
  get taskCalls(): boolean {
    return this.client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
  }

  /**
   * Calls a tool: plainly, or as an MCP task (`task: true`, for a tool the server runs only as one).
   * Not an async function: a call with no progress listener and nothing to cancel it is the SDK
   * request's own promise, with no layer around it.
   * @param name - the tool's name on the server
   * @param args - the arguments
   * @param options - the call's signal, time limit, progress listener, `_meta`, and whether it is a task
   * @returns the result
   */
  callTool(name: string, args: Record<string, unknown>, options: CallToolOptions): Promise<CallResultLike> {
    const { signal, timeout, onProgress, meta, task } = options;
    const progressToken = onProgress === undefined ? undefined : `toolcraft-${++this.progressTokens}`;
    const _meta = progressToken === undefined ? meta : { ...meta, progressToken };
    const params: CallToolRequest['params'] = { name, arguments: args };
    if (_meta !== undefined) params._meta = _meta;
    // A call nothing can cancel (the framework's never-aborted signal) needs no signal: one costs microseconds on Node 20.
    const cancellable = signal !== undefined && signal !== neverAborted;
    if (progressToken === undefined && !cancellable && task !== true) return this.authorized(() => this.requestCall(params, { timeout }));
    if (progressToken !== undefined) this.progress.set(progressToken, onProgress!);
    // The SDK never removes the abort listener it adds to a request's signal: it gets a signal of this
    // call only, so a long-lived signal (a run's) does not collect one per call.
    const controller = cancellable && task !== true ? new AbortController() : undefined;
    const forward = () => controller!.abort(signal!.reason);
    if (controller !== undefined) {
      if (signal!.aborted) forward();
      else signal!.addEventListener('abort', forward, { once: true });
    }
    const done = () => {
      if (controller !== undefined) signal!.removeEventListener('abort', forward);
      if (progressToken !== undefined) this.progress.delete(progressToken);
    };
    const pending =
      task === true
        ? this.authorized(() =>
            callToolAsTask(this.client, {
              params,
              ...(cancellable ? { signal } : {}),
              timeout,
              cancelTimeoutMs: this.settings.requestTimeoutMs,
              watch: (taskId, listener) => this.watchTask(taskId, listener),
            }),
          )
        : this.authorized(() => this.requestCall(params, controller === undefined ? { timeout } : { signal: controller.signal, timeout }));
    // One `then` rather than `finally` (which makes two more promises per call).
    return pending.then(
      (result) => {
        done();
        return result;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  }

  private requestCall(params: CallToolRequest['params'], options: { signal?: AbortSignal; timeout: number }): Promise<CallResultLike> {
    return this.client.request({ method: 'tools/call', params }, CallToolResultSchema, options);
  }

  /** Tells `listener` of the task's status notifications until the returned function is called. */
  private watchTask(taskId: string, listener: (task: Task) => void): () => void {
    this.taskListeners.set(taskId, listener);
    return () => this.taskListeners.delete(taskId);
  }

  /**
   * The error for a call made or open when the connection ended.
   * @param toolName - the tool called
   * @param during - whether the call was open when it ended
   * @returns the error
   */
  endedError(toolName: string, during: boolean): McpConnectionError {
    const what = during ? `closed the connection while '${toolName}' was running` : `is not connected, so '${toolName}' cannot be called`;
    return new McpConnectionError(this.settings.name, `${what}; the server may have exited or crashed.${this.settings.describeStderr()}`);
  }

  /**
   * Ends the connection and, for stdio, the server process (stdin closed, then `SIGTERM`, then
   * `SIGKILL`), and waits until the transport has closed (a few seconds at most). A connection still
   * being made is abandoned at once. Calling it again does no harm.
   */
  async close(): Promise<void> {
    this.ended = true;
    if (!this.started) return;
    await this.client.close().catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.transportClosed, new Promise<void>((resolve) => (timer = setTimeout(resolve, closeWaitMs)))]);
    clearTimeout(timer);
  }
}
