import { describeThrownValue, toolNamePattern } from '@toolcraft/core';
import type { McpRemoteTool } from './mcp-remote-tool.js';
import { McpTool, type McpToolCaller } from './mcp-tool.js';
import type { McpToolsetWarning } from './mcp-toolset-options.js';

/** How a toolset imports the tools a server lists. */
export interface ImportSettings {
  toolset: string;
  prefix: string;
  filter?: readonly string[] | ((tool: McpRemoteTool) => boolean);
  timeoutMs?: number;
  caller: McpToolCaller;
  /** Whether the connected server runs tools as tasks (it declares `tasks.requests.tools.call`). */
  taskCalls: () => boolean;
  warn: (warning: Omit<McpToolsetWarning, 'toolset'>) => void;
}

/**
 * Makes tools of a server's `tools/list` entries. An entry that cannot be a tool (no name, a name
 * toolcraft does not allow, a schema that is not an object schema or does not compile, a second
 * tool of one name, a tool the server runs only as a task but without the tasks capability) is skipped with a warning; the others are imported. An entry unchanged since the
 * last list keeps its tool instance, so the agent's tool definitions stay cached.
 * @param entries - the entries, as the server sent them
 * @param settings - the toolset's prefix, filter, time limit, caller and warning sink
 * @param previous - the tools of the last list, by name
 * @returns the tools, in the server's order
 */
export function importTools(entries: readonly unknown[], settings: ImportSettings, previous: ReadonlyMap<string, McpTool>): McpTool[] {
  const tools: McpTool[] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    const remote = remoteTool(entry, settings);
    if (remote === undefined || !selected(remote, settings)) continue;
    const name = settings.prefix + remote.name;
    if (!toolNamePattern.test(name)) {
      settings.warn({
        tool: remote.name,
        message: `tool ${JSON.stringify(name)} skipped: toolcraft tool names are 1 to 64 letters, digits, '_' or '-' (the model APIs' rule).`,
      });
      continue;
    }
    if (names.has(name)) {
      settings.warn({ tool: remote.name, message: `tool '${name}' skipped: the server lists a second tool of this name.` });
      continue;
    }
    const tool = reuse(previous.get(name), remote) ?? create(remote, name, settings);
    if (tool === undefined) continue;
    names.add(name);
    tools.push(tool);
  }
  return tools;
}

function remoteTool(entry: unknown, settings: ImportSettings): McpRemoteTool | undefined {
  const candidate = entry as Partial<McpRemoteTool> | null;
  if (typeof candidate !== 'object' || candidate === null || typeof candidate.name !== 'string') {
    settings.warn({ message: `an entry of tools/list is not a tool (it has no string 'name'), skipped: ${preview(entry)}` });
    return undefined;
  }
  const schema = candidate.inputSchema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || schema.type !== 'object') {
    settings.warn({
      tool: candidate.name,
      message: `tool '${candidate.name}' skipped: its inputSchema must be a JSON Schema of type "object", got ${preview(schema)}.`,
    });
    return undefined;
  }
  if ((candidate as { execution?: { taskSupport?: unknown } }).execution?.taskSupport === 'required' && !settings.taskCalls()) {
    settings.warn({
      tool: candidate.name,
      message:
        `tool '${candidate.name}' skipped: the server runs it only as a task (execution.taskSupport: 'required'), ` +
        'but does not declare the tasks.requests.tools.call capability, so a client may not call it as one (MCP 2025-11-25).',
    });
    return undefined;
  }
  if (candidate.description !== undefined && typeof candidate.description !== 'string') {
    settings.warn({ tool: candidate.name, message: `tool '${candidate.name}' skipped: its description is not a string.` });
    return undefined;
  }
  return candidate as McpRemoteTool;
}

function selected(remote: McpRemoteTool, settings: ImportSettings): boolean {
  const { filter } = settings;
  if (filter === undefined) return true;
  if (typeof filter !== 'function') return filter.includes(remote.name);
  try {
    return filter(remote) === true;
  } catch (error) {
    settings.warn({
      tool: remote.name,
      message: `tool '${remote.name}' skipped: the toolFilter threw ${describeThrownValue(error)}.`,
      cause: error,
    });
    return false;
  }
}

function reuse(tool: McpTool | undefined, remote: McpRemoteTool): McpTool | undefined {
  return tool !== undefined && JSON.stringify(tool.remote) === JSON.stringify(remote) ? tool : undefined;
}

function create(remote: McpRemoteTool, name: string, settings: ImportSettings): McpTool | undefined {
  try {
    return new McpTool(remote, settings.toolset, name, settings.timeoutMs, settings.caller);
  } catch (error) {
    settings.warn({ tool: remote.name, message: `tool '${name}' skipped: ${describeThrownValue(error)}`, cause: error });
    return undefined;
  }
}

function preview(value: unknown): string {
  try {
    return String(JSON.stringify(value)).slice(0, 200);
  } catch {
    return typeof value;
  }
}
