import type { Agent, SessionStore, ToolDefinition, ToolRegistry } from '@toolcraft/core';

/**
 * Turns tool definitions into what a provider is sent for them, one entry per definition in order
 * (`(definitions) => toOpenAITools(definitions)`).
 */
export type ProviderToolsConverter = (definitions: readonly ToolDefinition[]) => readonly unknown[];

/** Options of `serveDevtools`: what to show, and where. */
export interface DevtoolsOptions {
  /** The agent to chat with and whose tools to show. */
  agent?: Agent;
  /** Tools to show and call without an agent (no chat then); ignored when `agent` is given. */
  registry?: ToolRegistry;
  /** The port on 127.0.0.1; default 4111, `0` for any free port. */
  port?: number;
  /** What each provider is sent for the tools, by provider name, shown beside each tool's own schema. */
  providers?: Readonly<Record<string, ProviderToolsConverter>>;
  /** Where the chat's sessions live; a new in-memory store by default. */
  sessions?: SessionStore;
  /** Where the page's files are (the package's `static/` folder by default). */
  staticDir?: string;
}

/** A running dev UI. */
export interface DevtoolsServer {
  /** The page's address (`http://127.0.0.1:4111/`). */
  readonly url: string;
  /** The port it listens on. */
  readonly port: number;
  /** Aborts the runs still going and stops the server. */
  close(): Promise<void>;
}
