import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { McpToolset, McpToolsetWarning } from '@toolcraft/mcp';
import { z } from 'zod';
import { inMemoryToolset } from '../support/in-memory-toolset';

/** An SDK McpServer with a plain tool, a tool that may run as a task, and one that runs only as a task. */
function taskServer(): McpServer {
  const server = new McpServer(
    { name: 'tasks', version: '1.0.0' },
    { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } }, taskStore: new InMemoryTaskStore() },
  );
  server.registerTool('plain', { description: 'plain', inputSchema: { x: z.string() } }, ({ x }) => ({
    content: [{ type: 'text', text: `plain ${x}` }],
  }));
  const handler = {
    createTask: async (_args: unknown, extra: { taskStore: { createTask(options: { ttl: number }): Promise<unknown> } }) => ({
      task: await extra.taskStore.createTask({ ttl: 60_000 }),
    }),
    getTask: () => {
      throw new Error('not polled in this test');
    },
    getTaskResult: () => {
      throw new Error('not polled in this test');
    },
  };
  for (const taskSupport of ['optional', 'required'] as const) {
    server.experimental.tasks.registerToolTask(
      `task_${taskSupport}`,
      { description: taskSupport, inputSchema: { x: z.string() }, execution: { taskSupport } },
      handler as never,
    );
  }
  return server;
}

describe('McpToolset and tools the server runs as tasks', () => {
  let toolset: McpToolset;
  afterEach(() => toolset.close());

  it("skips a tool whose execution.taskSupport is 'required', with a warning saying why, and imports the others", async () => {
    const warnings: McpToolsetWarning[] = [];
    toolset = inMemoryToolset(taskServer().server, { onWarning: (warning) => warnings.push(warning) });
    expect((await toolset.getTools()).map((tool) => tool.name)).toEqual(['plain', 'task_optional']);
    expect(warnings).toEqual([
      expect.objectContaining({
        toolset: 'in-memory',
        tool: 'task_required',
        message: expect.stringMatching(
          /^tool 'task_required' skipped: the server runs it only as a task \(execution\.taskSupport: 'required'\)/,
        ) as string,
      }),
    ]);
  });
});
