import 'reflect-metadata';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import type { CreateTaskRequestHandlerExtra } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { CallToolResult, Task } from '@modelcontextprotocol/sdk/types.js';
import { Agent, AgentContext, AgentEnvironment, ToolRegistry, type ToolProgress } from '@toolcraft/core';
import type { McpToolset, McpToolsetWarning } from '@toolcraft/mcp';
import { ScriptedModel } from '@toolcraft/testing';
import { z } from 'zod';
import { inMemoryToolset } from '../support/in-memory-toolset';

/** A task created, or reaching a status. */
type Event = 'created' | Task['status'];

/** A task store whose tests can wait for a task to be created or reach a status. */
class WatchedTaskStore extends InMemoryTaskStore {
  readonly requests: Array<{ taskId: string; params: unknown }> = [];
  private readonly waiters: Array<{ status: Event; resolve: (taskId: string) => void }> = [];

  override async createTask(...args: Parameters<InMemoryTaskStore['createTask']>): Promise<Task> {
    const task = await super.createTask(...args);
    this.requests.push({ taskId: task.taskId, params: args[2].params });
    this.settle(task.taskId, 'created');
    return task;
  }

  override async updateTaskStatus(taskId: string, status: Task['status'], message?: string, sessionId?: string): Promise<void> {
    await super.updateTaskStatus(taskId, status, message, sessionId);
    this.settle(taskId, status);
  }

  override async storeTaskResult(
    taskId: string,
    status: 'completed' | 'failed',
    result: CallToolResult,
    sessionId?: string,
  ): Promise<void> {
    await super.storeTaskResult(taskId, status, result, sessionId);
    this.settle(taskId, status);
  }

  /** Resolves with the id of the next task to be created or to reach `status`. */
  reached(status: Event): Promise<string> {
    return new Promise((resolve) => this.waiters.push({ status, resolve }));
  }

  private settle(taskId: string, status: Event): void {
    for (const waiter of this.waiters.filter((candidate) => candidate.status === status)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(taskId);
    }
  }
}

/** What the test does with a task the server created: finish it (through the SDK's notifying store, or the raw one), or leave it. */
type Finish = (taskId: string, extra: CreateTaskRequestHandlerExtra, text: string) => void;

/**
 * An SDK McpServer with a plain tool and a `research` tool that runs only as a task; each task is
 * handed to `finish`. It offers `tasks/cancel`.
 */
function taskServer(store: WatchedTaskStore, finish: Finish, pollInterval = 60_000): McpServer {
  const server = new McpServer(
    { name: 'tasks', version: '1.0.0' },
    { capabilities: { tools: {}, tasks: { cancel: {}, list: {}, requests: { tools: { call: {} } } } }, taskStore: store },
  );
  server.registerTool('plain', { description: 'plain', inputSchema: { x: z.string() } }, ({ x }) => ({
    content: [{ type: 'text', text: `plain ${x}` }],
  }));
  server.experimental.tasks.registerToolTask(
    'research',
    { description: 'Researches a topic (long)', inputSchema: { topic: z.string() }, execution: { taskSupport: 'required' } },
    {
      createTask: async ({ topic }, extra) => {
        const task = await extra.taskStore.createTask({ ttl: 60_000, pollInterval });
        finish(task.taskId, extra, topic);
        return { task };
      },
      getTask: async (_args, extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
    },
  );
  return server;
}

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

describe('McpToolset and tools the server runs only as tasks', () => {
  let toolset: McpToolset | undefined;
  let store: WatchedTaskStore;
  beforeEach(() => (store = new WatchedTaskStore()));
  afterEach(async () => {
    jest.useRealTimers();
    await toolset?.close();
    toolset = undefined;
    store.cleanup();
  });

  it('calls such a tool as a task in an agent run: the task is created, its status notification ends the wait, and tasks/result gives the answer', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const server = taskServer(store, (taskId, extra, topic) => {
      void released.then(() => extra.taskStore.storeTaskResult(taskId, 'completed', text(`report on ${topic}`)));
    });
    toolset = inMemoryToolset(server.server);
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'research', arguments: { topic: 'tides' } }] }, { text: 'done' }]);
    const agent = new Agent({ model, tools: [toolset] });
    const created = store.reached('created');
    const running = agent.run('Research tides');
    const taskId = await created;
    release();
    const run = await running;
    expect(model.requests[0]!.tools!.map((tool) => tool.name)).toEqual(['plain', 'research']);
    expect(run.toolCalls.map((call) => [call.name, call.result.isError, call.result.content])).toEqual([
      ['research', false, 'report on tides'],
    ]);
    // The call carried a task (with the call's time limit as its time to live) and the task ended completed.
    expect(store.requests).toEqual([{ taskId, params: expect.objectContaining({ name: 'research', task: expect.any(Object) }) }]);
    expect((await store.getTask(taskId))!.status).toBe('completed');
  });

  it('polls tasks/get at the pollInterval the server gives when no status notification comes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const server = taskServer(store, () => undefined, 5_000);
    toolset = inMemoryToolset(server.server);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    const created = store.reached('created');
    const call = environment.executeTool({ id: 'c1', name: 'research', arguments: { topic: 'moons' } });
    const taskId = await created;
    let settled = false;
    void call.then(() => (settled = true));
    // The client has its CreateTaskResult (status working) and waits; the task ends in the raw store, which sends no notification.
    await jest.advanceTimersByTimeAsync(1_000);
    await store.storeTaskResult(taskId, 'completed', text('report on moons'));
    await jest.advanceTimersByTimeAsync(3_998);
    expect(settled).toBe(false);
    // At the pollInterval, tasks/get finds it completed, and tasks/result gives its result.
    await jest.advanceTimersByTimeAsync(2);
    expect(settled).toBe(true);
    expect(await call).toMatchObject({ isError: false, content: 'report on moons' });
  });

  it("relays the task's progress notifications (on the call's progress token) to context.reportProgress", async () => {
    const server: McpServer = taskServer(store, (taskId, extra) => {
      const progressToken = extra._meta?.progressToken;
      void (async () => {
        for (const done of [1, 2])
          await server.server.notification({
            method: 'notifications/progress',
            params: { progressToken: progressToken!, progress: done, total: 2 },
          });
        await extra.taskStore.storeTaskResult(taskId, 'completed', text('researched'));
      })();
    });
    toolset = inMemoryToolset(server.server);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    const reports: ToolProgress[] = [];
    const result = await environment.executeTool({ id: 'c1', name: 'research', arguments: { topic: 'x' } }, undefined, {
      agentContext: new AgentContext({ runId: 'run-1', agentName: 'agent' }),
      onProgress: (progress) => reports.push(progress),
    });
    expect(result).toMatchObject({ isError: false, content: 'researched' });
    expect(reports).toEqual([1, 2].map((done) => ({ callId: 'c1', toolName: 'research', done, total: 2 })));
  });

  it("answers a failed task's error result as the tool's error, as a plain call's", async () => {
    const server = taskServer(store, (taskId, extra) => {
      void extra.taskStore.storeTaskResult(taskId, 'failed', { ...text('quota exceeded'), isError: true });
    });
    toolset = inMemoryToolset(server.server);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    expect(await environment.executeTool({ id: 'c1', name: 'research', arguments: { topic: 'x' } })).toMatchObject({
      isError: true,
      content: "Error: tool 'research' failed: quota exceeded",
    });
  });

  it('cancels the task (tasks/cancel) when the call is stopped, and the server ends it cancelled', async () => {
    const server = taskServer(store, () => undefined);
    toolset = inMemoryToolset(server.server);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    const controller = new AbortController();
    const created = store.reached('created');
    const call = environment.executeTool({ id: 'c1', name: 'research', arguments: { topic: 'x' } }, undefined, {
      signal: controller.signal,
    });
    const taskId = await created;
    const cancelled = store.reached('cancelled');
    controller.abort(new Error('the user stopped it'));
    expect(await call).toMatchObject({ isError: true });
    expect(await cancelled).toBe(taskId);
  });

  it('cancels the task when the call passes its time limit', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const server = taskServer(store, () => undefined);
    toolset = inMemoryToolset(server.server, { timeoutMs: 2_000 });
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    const created = store.reached('created');
    const call = environment.executeTool({ id: 'c1', name: 'research', arguments: { topic: 'x' } });
    const taskId = await created;
    const cancelled = store.reached('cancelled');
    await jest.advanceTimersByTimeAsync(2_000);
    expect(await call).toMatchObject({ isError: true, content: "Error: Tool 'research' did not finish within 2000 ms and was stopped." });
    expect(await cancelled).toBe(taskId);
  });

  it('answers a task the server cancels with an error saying so', async () => {
    const server = taskServer(store, (taskId, extra) => void extra.taskStore.updateTaskStatus(taskId, 'cancelled', 'shutting down'));
    toolset = inMemoryToolset(server.server);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    expect(await environment.executeTool({ id: 'c1', name: 'research', arguments: { topic: 'x' } })).toMatchObject({
      isError: true,
      content: expect.stringMatching(/the server cancelled the task \w+ \(shutting down\)/) as string,
    });
  });

  it('skips a task-only tool of a server that does not declare the tasks capability, with a warning saying why', async () => {
    const server = new Server({ name: 'no-tasks', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.fallbackRequestHandler = async () => ({
      tools: [
        { name: 'plain', inputSchema: { type: 'object' } },
        { name: 'research', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } },
      ],
    });
    const warnings: McpToolsetWarning[] = [];
    toolset = inMemoryToolset(server, { onWarning: (warning) => warnings.push(warning) });
    expect((await toolset.getTools()).map((tool) => tool.name)).toEqual(['plain']);
    expect(warnings).toEqual([
      expect.objectContaining({
        tool: 'research',
        message: expect.stringMatching(/^tool 'research' skipped: .*taskSupport: 'required'.*tasks\.requests\.tools\.call/) as string,
      }),
    ]);
  });
});
