import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpElicitationHandler } from './elicitation.js';
import type { McpRemoteTool } from './mcp-remote-tool.js';
import type { McpSamplingOptions } from './sampling.js';

/** A problem an {@link McpToolset} worked around (a tool skipped, a reconnection that failed). */
export interface McpToolsetWarning {
  /** The toolset's name. */
  toolset: string;
  /** The remote tool concerned, when there is one. */
  tool?: string;
  /** What happened and what was done about it. */
  message: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/** Options of every {@link McpToolset}. */
export interface McpToolsetOptions {
  /** The toolset's name, in errors and warnings; default the command's or URL's. */
  name?: string;
  /** Which remote tools to offer: names (as the server calls them) or a predicate; default all. */
  toolFilter?: readonly string[] | ((tool: McpRemoteTool) => boolean);
  /** Put before every remote tool's name (`'github_'`), so two servers' tools cannot clash. */
  prefix?: string;
  /** Each call's time limit, in ms (the tools' `timeoutMs`); default the environment's `toolTimeoutMs`. */
  timeoutMs?: number;
  /** The time limit of connecting and of listing tools, in ms; default 60,000. */
  requestTimeoutMs?: number;
  /** Results longer than this are cut as they arrive, with a marker; default no limit (the environment's `maxResultChars` still applies). */
  maxResultChars?: number;
  /** Told of skipped tools and failed reconnections; default a process warning. A listener that throws is ignored. */
  onWarning?: (warning: McpToolsetWarning) => void;
  /** How this client introduces itself to the server; default `{ name: 'toolcraft', version: '0.1.0' }`. */
  clientInfo?: { name: string; version: string };
  /**
   * Also offer the model two tools of the server's resources: `list_resources` (the resources and
   * resource templates, with their URIs) and `read_resource` (a URI's contents), after the toolset's
   * `prefix`. Default false.
   */
  resourceTools?: boolean;
  /**
   * Answers the server's elicitation requests (a tool asking the user for values while it runs): the
   * client then declares the `elicitation` capability. An accepted answer is checked against the
   * requested schema (its defaults filled in). Default: none, so servers do not elicit.
   */
  elicitation?: McpElicitationHandler;
  /**
   * Lets the server sample (`sampling/createMessage`) through `model`, its answers capped at
   * `maxTokens` (default 1,024) and the number of requests at `maxRequests` (default 25). Default:
   * none, so servers cannot sample (refused: the capability is not declared).
   */
  sampling?: McpSamplingOptions;
}

/** Options of {@link McpToolset.stdio}: the server's command line and environment, and the toolset options. */
export interface McpStdioToolsetOptions extends McpToolsetOptions {
  /** The executable, e.g. `'node'` or `'npx'`. */
  command: string;
  /** Its arguments. */
  args?: readonly string[];
  /** Environment variables, added to a minimal inherited set (`HOME`, `PATH`, `USER`...). */
  env?: Readonly<Record<string, string>>;
  /** The working directory; default the current one. */
  cwd?: string;
  /** Where the server's stderr goes: `'inherit'` (default, this process's stderr) or `'ignore'`; its last lines are kept for error messages either way. */
  stderr?: 'inherit' | 'ignore';
}

/** Options of {@link McpToolset.http}: request headers, OAuth, and the toolset options. */
export interface McpHttpToolsetOptions extends McpToolsetOptions {
  /** Headers sent with every request, e.g. `{ Authorization: 'Bearer ...' }`. */
  headers?: Readonly<Record<string, string>>;
  /**
   * OAuth for servers that require it: the SDK's `OAuthClientProvider` (its client registration,
   * tokens and code verifier; `ClientCredentialsProvider` and `PrivateKeyJwtProvider` of the SDK for
   * machine clients), given to the SDK's HTTP transport, which discovers the authorization server,
   * registers, refreshes tokens and asks for more scopes when the server says so.
   */
  authProvider?: OAuthClientProvider;
  /**
   * For the authorization-code flow: waits for the code the user's authorization ends with (the
   * provider's `redirectToAuthorization` sent them to the authorization page; your redirect URI
   * receives `?code=`). Connecting, or a call the server wants more scopes for, then finishes the
   * authorization with it and tries again, once.
   */
  authorizationCode?: () => Promise<string>;
}
