import type { McpIdempotencyStore } from './idempotency-store.js';
import type { McpResourceUpdates } from './resource-updates.js';
import type { AgentEnvironment, AgentEnvironmentOptions, CheckedToolsItem, ToolRegistry, Toolset, ToolsItem } from '@toolcraft/core';

/**
 * One item of the list of tools an MCP server exposes: a tool, a `@Tool` / `@Prompt` / `@Resource`
 * service instance, a `ToolRegistry`, a `Toolset` (its tools asked at each `tools/list`, and
 * `notifications/tools/list_changed` sent when they change), or a list of them.
 */
export type McpToolsItem = ToolsItem | ToolRegistry | Toolset;

/**
 * The tools an MCP server exposes: a registry, a list of tools, services, registries and toolsets, or
 * an `AgentEnvironment` whose registry, features and limits are used as they are.
 */
export type McpToolSource = ToolRegistry | AgentEnvironment | readonly McpToolsItem[];

/**
 * Checks one item of an MCP server's list of tools at compile time: a tool, a service instance, a
 * registry or a toolset is kept, a list is checked item by item, and what the server cannot serve
 * becomes `never`, so passing it does not compile: an `AgentEnvironment` (it must be the whole
 * source), a class, a string or another primitive.
 */
export type CheckedMcpToolsItem<TItem> = TItem extends AgentEnvironment | string
  ? never
  : TItem extends ToolRegistry | Toolset
    ? TItem
    : TItem extends Iterable<infer TInner>
      ? Iterable<CheckedMcpToolsItem<TInner>>
      : CheckedToolsItem<TItem>;

/** The checked list of tools of `createMcpServer([...])`, `serveMcpStdio([...])` and `createMcpHttpHandler([...])`. */
export type CheckedMcpToolsItems<TItems extends readonly unknown[]> = { [K in keyof TItems]: CheckedMcpToolsItem<TItems[K]> };

/**
 * What `createMcpServer`, `serveMcpStdio` and `createMcpHttpHandler` take, checked at compile time: a
 * registry, an `AgentEnvironment`, or a list whose items pass {@link CheckedMcpToolsItem}.
 */
export type CheckedMcpToolSource<TItems extends readonly unknown[]> = ToolRegistry | AgentEnvironment | CheckedMcpToolsItems<TItems>;

/**
 * Options of `createMcpServer` and `serveMcpStdio`: the server's name and version (sent to clients
 * in `initialize`), and the options of the `AgentEnvironment` its calls go through (features,
 * `toolTimeoutMs`, `errorDetail`, `maxResultChars`...; ignored when the source is an environment).
 */
export interface McpServerOptions extends Omit<AgentEnvironmentOptions, 'registry'> {
  /** The server's name, e.g. `'weather'`. */
  name: string;
  /** The server's version, e.g. `'1.0.0'`. */
  version: string;
  /** A human-readable title for clients' menus. */
  title?: string;
  /** How to use the server, sent to the client in `initialize` (clients may add it to the model's prompt). */
  instructions?: string;
  /**
   * What to do with tools that declare `needsApproval`, which an MCP server cannot ask a person for
   * (the client calls `tools/call` directly): `'refuse'` (the default) refuses to serve them;
   * `'leave-to-client'` serves them, trusting the client to ask its user before each call (as MCP
   * hosts that confirm every tool call do). To have toolcraft enforce the approval, serve an agent
   * whose run pauses for it instead (an `AgentTool` of that agent, or a tool that runs it).
   */
  approvals?: 'refuse' | 'leave-to-client';
  /**
   * How long `context.elicit` and `context.sample` wait for the client's answer, in ms (a person
   * answers them); default 300,000. The call's own time limit and cancellation bound them too.
   */
  clientRequestTimeoutMs?: number;
  /**
   * Where the server learns that resources changed: with it, the server offers `resources.subscribe`
   * and sends `notifications/resources/updated` to the clients subscribed to a URI when
   * `updates.updated(uri)` is called.
   */
  resourceUpdates?: McpResourceUpdates;
  /**
   * Exactly once across MCP: a `tools/call` whose `_meta` carries `io.toolcraft/idempotency-key` (as a
   * toolcraft client's calls do) is recorded here, and the same key sent again is answered with the
   * recorded result instead of running the tool again. `new InMemoryMcpIdempotencyStore()`, or
   * `RedisMcpIdempotencyStore` of `@toolcraft/redis` behind a load balancer. Default: none.
   */
  idempotency?: McpIdempotencyStore;
}
