import { basename } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { GetPromptResult, Prompt, ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import {
  describeThrownValue,
  FrameworkKeys,
  ToolBase,
  type AnyTool,
  type ReadonlyAgentContext,
  type ToolCallMetadata,
  type Toolset,
} from '@toolcraft/core';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import { McpConnectionError } from '../errors/mcp-connection-error.js';
import { McpToolError } from '../errors/mcp-tool-error.js';
import { idempotencyKeyMeta } from '../server/idempotency-store.js';
import { cancellingFetch } from './cancelling-fetch.js';
import { importTools, type ImportSettings } from './import-tools.js';
import { McpSession, type CallToolOptions, type McpClientTransport } from './mcp-session.js';
import type { McpTool } from './mcp-tool.js';
import { callValue } from './call-value.js';
import type { McpHttpToolsetOptions, McpStdioToolsetOptions, McpToolsetOptions, McpToolsetWarning } from './mcp-toolset-options.js';
import { ListResourcesTool, ReadResourceTool } from './resource-tools.js';
import { SamplingBudget } from './sampling.js';
import { StderrTail } from './stderr-tail.js';
import { validateToolsetOptions } from './validate-toolset-options.js';

/** The longest delay `setTimeout` honours. */
const longestTimer = 2_147_483_647;

/** Makes a fresh transport for each connection (and, for stdio, the tail of the server's stderr). */
type TransportFactory = () => { transport: McpClientTransport; stderr?: StderrTail };

/**
 * The tools of an MCP server, as a `Toolset` (ADK's `McpToolset`): pass it in an agent's `tools`. It
 * connects at the first turn, lists the server's tools (with their schemas and annotations) and
 * offers them; when the server sends `tools/list_changed`, the list is fetched again for the next
 * turn. A tool the server describes badly is skipped with a warning. When the server dies, open calls
 * answer with an `McpConnectionError` and the run goes on; the next turn reconnects (for stdio,
 * starts the server again). `close()` (or `agent.close()`) ends the connection and the server process.
 * @example
 * const github = McpToolset.stdio({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN } });
 * const agent = new Agent({ model, tools: [github] });
 * try { await agent.run('List my open pull requests'); } finally { await agent.close(); }
 */
export class McpToolset implements Toolset {
  /** The toolset's name, in errors and warnings. */
  readonly name: string;
  private session?: McpSession;
  /** The session being connected, until it is (so `close()` can abandon it). */
  private opening?: McpSession;
  private connecting?: Promise<readonly AnyTool[]>;
  private tools?: readonly AnyTool[];
  /** The tools imported from the server's list (the toolset's own resource tools left out). */
  private imported?: McpTool[];
  private ownTools?: AnyTool[];
  private stale = true;
  private closed = false;
  private sampling?: SamplingBudget;
  private readonly importSettings: ImportSettings;

  private constructor(
    name: string,
    private readonly createTransport: TransportFactory,
    private readonly options: McpToolsetOptions,
  ) {
    this.name = options.name ?? name;
    this.importSettings = {
      toolset: this.name,
      prefix: options.prefix ?? '',
      ...(options.toolFilter === undefined ? {} : { filter: options.toolFilter }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      caller: (tool, args, metadata) => this.call(tool, args, metadata),
      taskCalls: () => this.session?.taskCalls === true,
      warn: (warning) => this.warn(warning),
    };
  }

  /**
   * The tools of a server started as a child process, spoken to over stdio (how Claude Desktop runs
   * local servers). The process is started at the first turn and ended by `close()`.
   * @param options - the command line, environment and toolset options
   * @returns the toolset
   * @throws InvalidMcpOptionsError for a missing command or a bad option
   */
  static stdio(options: McpStdioToolsetOptions): McpToolset {
    const subject = 'McpToolset.stdio()';
    if (typeof options?.command !== 'string' || options.command.length === 0)
      throw new InvalidMcpOptionsError(
        subject,
        "'command' must be the server's executable, e.g. { command: 'npx', args: ['-y', 'some-mcp-server'] }.",
      );
    validateToolsetOptions(subject, options);
    const { command, args = [], env, cwd, stderr = 'inherit' } = options;
    const name = [command, ...args]
      .map((part) => basename(part))
      .join(' ')
      .slice(0, 80);
    return new McpToolset(
      name,
      () => {
        const tail = new StderrTail();
        const transport = new StdioClientTransport({
          command,
          args: [...args],
          ...(env === undefined ? {} : { env: { ...env } }),
          ...(cwd === undefined ? {} : { cwd }),
          stderr: 'pipe',
        });
        transport.stderr?.on('data', (chunk: Buffer) => {
          tail.add(chunk);
          if (stderr === 'inherit') process.stderr.write(chunk);
        });
        return { transport, stderr: tail };
      },
      options,
    );
  }

  /**
   * The tools of a server reached over Streamable HTTP.
   * @param url - the server's MCP endpoint, e.g. `'https://mcp.example.com/mcp'`
   * @param options - headers and toolset options
   * @returns the toolset
   * @throws InvalidMcpOptionsError for a URL that is not http(s) or a bad option
   */
  static http(url: string | URL, options: McpHttpToolsetOptions = {}): McpToolset {
    const subject = 'McpToolset.http()';
    let endpoint: URL;
    try {
      endpoint = new URL(url);
    } catch {
      throw new InvalidMcpOptionsError(
        subject,
        `the URL ${JSON.stringify(String(url))} is not a URL; expected e.g. 'http://localhost:3000/mcp'.`,
      );
    }
    if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:')
      throw new InvalidMcpOptionsError(subject, `the URL must be http: or https:, got ${endpoint.protocol}`);
    validateToolsetOptions(subject, options);
    const headers = { ...options.headers };
    return new McpToolset(
      endpoint.host,
      // A fetch of each connection's own, so a cancelled call ends its HTTP exchange (a stateless server's only cancellation).
      () => ({
        transport: new StreamableHTTPClientTransport(endpoint, {
          requestInit: { headers },
          fetch: cancellingFetch(),
          ...(options.authProvider === undefined ? {} : { authProvider: options.authProvider }),
        }),
      }),
      options,
    );
  }

  /**
   * The tools of a server over any SDK client transport (in-memory, WebSocket, a custom one).
   * @param createTransport - makes a fresh, unstarted transport for each connection
   * @param options - the toolset options; `name` is required
   * @returns the toolset
   * @throws InvalidMcpOptionsError for a missing name or a bad option
   */
  static fromTransport(createTransport: () => McpClientTransport, options: McpToolsetOptions & { name: string }): McpToolset {
    validateToolsetOptions('McpToolset.fromTransport()', options);
    if (typeof createTransport !== 'function' || options.name === undefined)
      throw new InvalidMcpOptionsError('McpToolset.fromTransport()', "expected a function making a transport and options with a 'name'.");
    return new McpToolset(options.name, () => ({ transport: createTransport() }), options);
  }

  /**
   * The server's tools for the coming turn: connects (or reconnects) when needed and lists the tools
   * again after `tools/list_changed`; otherwise the same tools as last time, at once.
   * @param _context - the run's read-only context (unused: the server decides its tools)
   * @returns the tools
   * @throws McpConnectionError when the server cannot be started or reached the first time, or the toolset was closed
   */
  getTools(_context?: ReadonlyAgentContext): readonly AnyTool[] | Promise<readonly AnyTool[]> {
    if (this.closed) return Promise.reject(this.closedError());
    const { session, tools } = this;
    if (this.connecting === undefined && tools !== undefined && session !== undefined && !session.ended && !this.stale) return tools;
    this.connecting ??= this.refresh().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /**
   * Lists the server's resources (every page), connecting first if needed.
   * @returns the resources: `uri`, `name`, `title`, `description`, `mimeType`
   * @throws McpConnectionError when the server cannot be reached; the server's JSON-RPC error (an `McpError`) when it refuses
   */
  async listResources(): Promise<Resource[]> {
    return (await this.ready()).listResources();
  }

  /**
   * Lists the server's resource templates (every page), connecting first if needed.
   * @returns the templates: `uriTemplate` (RFC 6570), `name`, `title`, `description`, `mimeType`
   * @throws McpConnectionError when the server cannot be reached; the server's JSON-RPC error when it refuses
   */
  async listResourceTemplates(): Promise<ResourceTemplate[]> {
    return (await this.ready()).listResourceTemplates();
  }

  /**
   * Reads a resource, connecting first if needed.
   * @param uri - its URI
   * @returns its contents (`{ uri, mimeType, text }` or `{ uri, mimeType, blob }` each)
   * @throws McpConnectionError when the server cannot be reached; the server's JSON-RPC error (`-32002` for a URI it does not serve)
   */
  async readResource(uri: string): Promise<ReadResourceResult> {
    return (await this.ready()).readResource(uri);
  }

  /**
   * Lists the server's prompts (every page), connecting first if needed.
   * @returns the prompts: `name`, `title`, `description`, `arguments`
   * @throws McpConnectionError when the server cannot be reached; the server's JSON-RPC error when it refuses
   */
  async listPrompts(): Promise<Prompt[]> {
    return (await this.ready()).listPrompts();
  }

  /**
   * Gets a prompt's messages, connecting first if needed.
   * @param name - the prompt's name (as the server calls it)
   * @param args - its arguments (MCP sends them as strings)
   * @returns its messages (`{ role, content }`, content an MCP content block) and description
   * @throws McpConnectionError when the server cannot be reached; the server's JSON-RPC error (`-32602` for an unknown prompt or bad arguments)
   */
  async getPrompt(name: string, args: Readonly<Record<string, string>> = {}): Promise<GetPromptResult> {
    return (await this.ready()).getPrompt(name, { ...args });
  }

  /**
   * Ends the connection and, for stdio, the server process, and resolves once the process has exited
   * (stdin closed, then `SIGTERM`, then `SIGKILL`: a few seconds at most). A connection or a
   * `tools/list` still pending is abandoned at once; open calls answer that the toolset was closed.
   * Later `getTools` calls fail; calling it again does nothing.
   */
  async close(): Promise<void> {
    this.closed = true;
    const sessions = [this.opening, this.session].filter((session) => session !== undefined);
    this.session = undefined;
    await Promise.all(sessions.map((session) => session.close()));
    await this.connecting?.catch(() => undefined);
  }

  /** The connected session (connecting, or reconnecting, first). */
  private async ready(): Promise<McpSession> {
    await this.getTools();
    const { session } = this;
    if (session === undefined || session.ended) throw new McpConnectionError(this.name, 'is not connected.');
    return session;
  }

  /** The `list_resources` and `read_resource` tools, made once (`resourceTools: true`). */
  private resourceTools(): AnyTool[] {
    if (this.options.resourceTools !== true) return [];
    const prefix = this.options.prefix ?? '';
    const source = {
      listAll: async () => {
        const session = await this.ready();
        const [resources, templates] = await Promise.all([session.listResources(), session.listResourceTemplates()]);
        return { resources, templates };
      },
      read: async (uri: string, signal: AbortSignal | undefined) => (await this.ready()).readResource(uri, signal),
      ...(this.options.maxResultChars === undefined ? {} : { maxResultChars: this.options.maxResultChars }),
    };
    this.ownTools ??= [
      new ListResourcesTool(`${prefix}list_resources`, this.name, source),
      new ReadResourceTool(`${prefix}read_resource`, this.name, source),
    ];
    return this.ownTools;
  }

  private async refresh(): Promise<readonly AnyTool[]> {
    let session = this.session;
    if (session === undefined || session.ended) {
      try {
        session = await this.connect();
      } catch (error) {
        if (this.tools === undefined || this.closed) throw error;
        this.warn({
          message: `could not reconnect (${describeThrownValue(error)}); its tools answer that the server is not connected.`,
          cause: error,
        });
        return this.tools;
      }
    }
    if (this.stale || this.tools === undefined) {
      this.stale = false;
      try {
        const entries = await session.listTools();
        const previous = new Map((this.imported ?? []).map((tool) => [tool.name, tool]));
        this.imported = importTools(entries, this.importSettings, previous);
        const own = this.resourceTools().filter((tool) => {
          if (!this.imported!.some((imported) => imported.name === tool.name)) return true;
          this.warn({ message: `its tool '${tool.name}' is offered instead of resourceTools' own '${tool.name}'.` });
          return false;
        });
        this.tools = Object.freeze([...this.imported, ...own]);
      } catch (error) {
        this.stale = true;
        if (this.closed) throw this.closedError();
        const failure = McpConnectionError.isInstance(error)
          ? error
          : new McpConnectionError(this.name, `tools/list failed: ${describeThrownValue(error)}`, error);
        if (this.tools === undefined) throw failure;
        this.warn({ message: `${failure.message}; the last list of its tools is offered.`, cause: error });
      }
    }
    return this.tools!;
  }

  private async connect(): Promise<McpSession> {
    let session = this.newSession();
    this.opening = session;
    try {
      try {
        await session.connect(session.transportMade);
      } catch (error) {
        // An OAuth server that sent the user to authorize: finish with the code they come back with, and connect again.
        const { authorizationCode } = this.options as McpHttpToolsetOptions;
        const transport = session.transportMade as Partial<StreamableHTTPClientTransport>;
        if (
          this.closed ||
          authorizationCode === undefined ||
          !((error as Error).cause instanceof UnauthorizedError) ||
          transport.finishAuth === undefined
        )
          throw error;
        await transport.finishAuth(await authorizationCode());
        session = this.newSession();
        this.opening = session;
        await session.connect(session.transportMade);
      }
    } catch (error) {
      throw this.closed ? this.closedError() : error;
    } finally {
      this.opening = undefined;
    }
    if (this.closed) {
      await session.close();
      throw this.closedError();
    }
    this.session = session;
    this.stale = true;
    return session;
  }

  /**
   * Calls a remote tool over the current session, as a task when the server runs it only as one. Not
   * an async function: the session's request with one `then`, no layer of its own.
   */
  private call(tool: McpTool, args: Record<string, unknown>, metadata: ToolCallMetadata): Promise<unknown> {
    const { session } = this;
    if (session === undefined || session.ended)
      return Promise.reject(
        session?.endedError(tool.name, false) ?? new McpConnectionError(this.name, `is not connected, so '${tool.name}' cannot be called.`),
      );
    const signal = metadata.get(ToolBase.SignalKey);
    const context = metadata.get(ToolBase.AgentContextKey);
    // A call of a run carries its idempotency key, so a server with an idempotency store answers a retried call without running it again.
    const key = metadata.get(FrameworkKeys.idempotencyKey);
    const { remote } = tool;
    // Set field by field: spreads of conditional objects cost more than the rest of this function.
    const options: CallToolOptions = { timeout: Math.min(tool.timeoutMs ?? longestTimer, longestTimer) };
    if (signal !== undefined) options.signal = signal;
    if (key !== undefined) options.meta = { [idempotencyKeyMeta]: key };
    if (context !== undefined) options.onProgress = ({ progress, total, message }) => relayProgress(context, progress, total, message);
    if (remote.execution?.taskSupport === 'required') options.task = true;
    return session.callTool(remote.name, args, options).then(
      (result) => callValue(tool, result, this.options.maxResultChars),
      (error: unknown) => {
        if (signal?.aborted) throw signal.reason;
        if (this.closed)
          throw new McpConnectionError(this.name, `the toolset was closed (close() was called) while '${tool.name}' was running.`);
        if (session.ended) throw session.endedError(tool.name, true);
        throw new McpToolError(tool.name, `the MCP server answered tools/call with an error: ${describeThrownValue(error)}`, error);
      },
    );
  }

  /** A session, not yet connected, over a new transport. */
  private newSession(): McpSession & { transportMade: McpClientTransport } {
    const { transport, stderr } = this.createTransport();
    const { elicitation, sampling, clientInfo, requestTimeoutMs } = this.options;
    const { authorizationCode } = this.options as McpHttpToolsetOptions;
    const session = new McpSession({
      name: this.name,
      clientInfo: clientInfo ?? { name: 'toolcraft', version: '0.1.0' },
      requestTimeoutMs: requestTimeoutMs ?? 60_000,
      onToolsChanged: (changed) => {
        if (changed === this.session) this.stale = true;
      },
      describeStderr: () => stderr?.describe() ?? '',
      ...(elicitation === undefined ? {} : { elicitation }),
      ...(sampling === undefined ? {} : { sampling: (this.sampling ??= new SamplingBudget(sampling)) }),
      ...(authorizationCode === undefined ? {} : { authorizationCode }),
    });
    return Object.assign(session, { transportMade: transport });
  }

  private warn(warning: Omit<McpToolsetWarning, 'toolset'>): void {
    const full: McpToolsetWarning = { toolset: this.name, ...warning };
    try {
      if (this.options.onWarning) this.options.onWarning(full);
      else process.emitWarning(`MCP toolset '${this.name}': ${full.message}`, { type: 'McpToolsetWarning' });
    } catch {
      // A warning listener that throws must not break the toolset.
    }
  }

  private closedError(): McpConnectionError {
    return new McpConnectionError(this.name, 'the toolset was closed (close() was called); make a new McpToolset to connect again.');
  }
}

/** Relays a remote progress notification to the run; a value `reportProgress` refuses is dropped. */
function relayProgress(
  context: { reportProgress(done: number, total?: number, message?: string): void },
  done: number,
  total?: number,
  message?: string,
): void {
  try {
    context.reportProgress(done, total, message);
  } catch {
    // A server's odd progress values (a total of 0) are not worth failing the call for.
  }
}
