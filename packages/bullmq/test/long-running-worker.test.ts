import 'reflect-metadata';
import { Agent, AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import {
  BullMQLongRunning,
  LongRunningInDoubtError,
  LongRunningJobError,
  LongRunningOptionsError,
  createLongRunningWorker,
  longRunningJobId,
  type LongRunningWorker,
} from '@toolcraft/bullmq';
import { type Job, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { freshQueueName, inspectQueue, redisUrl, testQueues } from './support/test-queue';
import { ScriptProcess } from './support/child-process';
import { FlakyTool, WriteReportTool } from './support/tools';

describe('createLongRunningWorker', () => {
  const { prefix, connection, opened } = testQueues('worker');

  /** A queue of its own for one test: the stand-in, a worker with the original tool, and the queue's events. */
  async function setUp<TTool extends WriteReportTool | FlakyTool>(
    tool: TTool,
    worker: Partial<Parameters<typeof createLongRunningWorker>[0]> = {},
  ) {
    const queueName = freshQueueName();
    const standIn = BullMQLongRunning.of(tool, { queueName, connection, prefix });
    const running = createLongRunningWorker({ tools: [tool], queueName, connection, prefix, ...worker });
    const events = new QueueEvents(queueName, { connection, prefix });
    const queue = inspectQueue(connection, queueName, prefix);
    opened.push(standIn, running, events, queue);
    await Promise.all([running.waitUntilReady(), events.waitUntilReady()]);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(standIn) });
    const call = async (runId: string, callId: string, args: Record<string, unknown>) => {
      const result = await environment.executeTool({ id: callId, name: tool.name, arguments: args }, undefined, { runId });
      expect(result.isError).toBe(false);
      return (await queue.getJob(longRunningJobId(`${runId}:${callId}`))) as Job;
    };
    return { standIn, worker: running, events, queue, call };
  }

  it('runs the body once per job, through the environment, as the run would: validated arguments, run, call and idempotency key', async () => {
    const tool = new WriteReportTool();
    const { worker, events, standIn, queue } = await setUp(tool);
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'call_7', name: 'write_report', arguments: { topic: 'tides', pages: 3 } }] },
      { text: 'The report is being written.' },
    ]);
    const run = await new Agent({ name: 'reporter', model, tools: [standIn] }).run('Write a report on tides');
    expect(run.text).toBe('The report is being written.');
    const job = (await queue.getJob(longRunningJobId(`${run.runId}:call_7`)))!;
    const returned = await job.waitUntilFinished(events);
    expect(returned).toEqual({ content: "Report 'TIDES' written (3 pages).", value: { pages: 3, title: 'TIDES' } });
    expect(tool.runs).toEqual([
      {
        topic: 'tides',
        pages: 3,
        idempotencyKey: `${run.runId}:call_7`,
        runId: run.runId,
        toolCallId: 'call_7',
        agentName: 'reporter',
        isArgsInstance: true,
      },
    ]);
    expect(worker.environment.registry.names).toEqual(['write_report']);
  });

  it('records each context.reportProgress(...) as job progress', async () => {
    const { events, call, queue } = await setUp(new WriteReportTool());
    const job = await call('run-p', 'call_1', { topic: 'tides', pages: 3 });
    await job.waitUntilFinished(events);
    expect((await queue.getJob(job.id!))?.progress).toEqual({ done: 3, total: 3, message: 'page 3' });
  });

  it("retries a failing idempotent tool as its retry says, then fails the job with the model's text", async () => {
    const tool = new FlakyTool({ name: 'flaky', idempotent: true, failures: 5, retryable: true });
    const { events, call, queue } = await setUp(tool);
    const job = await call('run-r', 'call_1', { topic: 'weather' });
    await expect(job.waitUntilFinished(events)).rejects.toThrow("Error: tool 'flaky' failed: the weather service is down (attempt 3)");
    expect(tool.attempts).toBe(3);
    const failed = (await queue.getJob(job.id!))!;
    expect(failed.attemptsMade).toBe(3);
    expect(failed.failedReason).toBe("Error: tool 'flaky' failed: the weather service is down (attempt 3)");
  });

  it('completes a job whose retry succeeded, with each attempt running the body once', async () => {
    const tool = new FlakyTool({ name: 'flaky', idempotent: true, failures: 1, retryable: true });
    const { events, call } = await setUp(tool);
    const job = await call('run-r2', 'call_1', { topic: 'weather' });
    expect(await job.waitUntilFinished(events)).toEqual({
      content: 'done with weather after 2 attempts',
      value: 'done with weather after 2 attempts',
    });
    expect(tool.attempts).toBe(2);
  });

  it('does not retry an error that is not retryable, even on an idempotent tool', async () => {
    const tool = new FlakyTool({ name: 'flaky', idempotent: true, failures: 5, retryable: false });
    const { events, call, worker } = await setUp(tool);
    const failed = new Promise<Error>((resolve) => worker.worker.once('failed', (_job, error) => resolve(error)));
    const job = await call('run-n', 'call_1', { topic: 'weather' });
    await expect(job.waitUntilFinished(events)).rejects.toThrow(/attempt 1/);
    expect(tool.attempts).toBe(1);
    const cause = (await failed).cause;
    expect(LongRunningJobError.isInstance(cause)).toBe(true);
    expect(cause).toMatchObject({ toolName: 'flaky', ticket: job.id, retryable: false });
  });

  it('never retries a tool that is not idempotent', async () => {
    const tool = new FlakyTool({ name: 'once', idempotent: false, failures: 5, retryable: true });
    const { events, call } = await setUp(tool);
    const job = await call('run-o', 'call_1', { topic: 'payments' });
    expect(job.opts.attempts).toBe(1);
    await expect(job.waitUntilFinished(events)).rejects.toThrow("Error: tool 'once' failed: the payments service is down (attempt 1)");
    expect(tool.attempts).toBe(1);
  });

  it('fails a job whose data is not a long-running call, saying why', async () => {
    const { events, queue } = await setUp(new WriteReportTool());
    const job = await queue.add('write_report', { something: 'else' });
    await expect(job.waitUntilFinished(events)).rejects.toThrow(/cannot be run: its data has no 'toolName' string/);
  });

  describe('after a worker process died mid-job', () => {
    /** Starts a call's job on a worker process that is killed mid-job; returns a second worker, in this process, that finds it stalled. */
    async function killMidJob(tool: FlakyTool) {
      const queueName = freshQueueName();
      const standIn = BullMQLongRunning.of(tool, { queueName, connection, prefix });
      opened.push(standIn);
      const dying = ScriptProcess.start('packages/bullmq/test/fixtures/stalling-worker.ts', {
        REDIS_URL: redisUrl,
        QUEUE_NAME: queueName,
        PREFIX: prefix,
        TOOL_NAME: tool.name,
        IDEMPOTENT: String(tool.idempotent),
        LOCK_MS: '1000',
      });
      await dying.waitForLine('ready');
      const environment = new AgentEnvironment({ registry: ToolRegistry.of(standIn) });
      await environment.executeTool({ id: 'call_1', name: tool.name, arguments: { topic: 'x' } }, undefined, { runId: 'run-s' });
      await dying.waitForLine('started');
      await dying.kill();
      const events = new QueueEvents(queueName, { connection, prefix });
      const next = createLongRunningWorker({ tools: [tool], queueName, connection, prefix, worker: { stalledInterval: 300 } });
      const failed = new Promise<Error>((resolve) => next.worker.once('failed', (_job, error) => resolve(error)));
      const queue = inspectQueue(connection, queueName, prefix);
      opened.push(next, events, queue);
      const job = (await queue.getJob(longRunningJobId('run-s:call_1')))!;
      return { job, events, failed };
    }

    it('runs the job of an idempotent tool again', async () => {
      const tool = new FlakyTool({ name: 'lookup', idempotent: true, failures: 0, retryable: false });
      const { job, events } = await killMidJob(tool);
      await expect(job.waitUntilFinished(events)).resolves.toMatchObject({ content: 'done with x after 1 attempts' });
      expect(tool.attempts).toBe(1);
    }, 30_000);

    it('fails the job of a tool that is not idempotent as in doubt, without running it again', async () => {
      const tool = new FlakyTool({ name: 'charge', idempotent: false, failures: 0, retryable: false });
      const { job, events, failed } = await killMidJob(tool);
      await expect(job.waitUntilFinished(events)).rejects.toThrow(/Error: tool 'charge' is in doubt/);
      expect(tool.attempts).toBe(0);
      expect(LongRunningInDoubtError.isInstance((await failed).cause)).toBe(true);
    }, 30_000);
  });

  it('says what is wrong with its options', () => {
    const tool = new WriteReportTool();
    const attempt = (options: object) => () => createLongRunningWorker({ tools: [tool], queueName: 'q', connection, ...options } as never);
    const failFast = new Redis(redisUrl, { lazyConnect: true });
    expect(attempt({ connection: failFast })).toThrow(LongRunningOptionsError);
    expect(attempt({ connection: failFast })).toThrow(
      /'connection.maxRetriesPerRequest' must be null: a BullMQ worker .* blocking commands/,
    );
    expect(attempt({ connection: { host: '127.0.0.1', maxRetriesPerRequest: 3 } })).toThrow(/maxRetriesPerRequest' must be null/);
    expect(attempt({ queueName: undefined })).toThrow(/'queueName' must be a non-empty string/);
    expect(attempt({ concurrency: 0 })).toThrow(/'concurrency' must be a whole number of at least 1, but was 0/);
    expect(attempt({ tools: 'write_report' })).toThrow(/'tools' must be a ToolRegistry or an array/);
    const standIn = BullMQLongRunning.of(tool, { queueName: 'q', connection });
    expect(attempt({ tools: [standIn] })).toThrow(/'write_report' is a BullMQLongRunning stand-in/);
    failFast.disconnect();
  });

  it('closes cleanly, leaving a borrowed connection open', async () => {
    let worker: LongRunningWorker | undefined = createLongRunningWorker({
      tools: [new WriteReportTool()],
      queueName: freshQueueName(),
      connection,
      prefix,
    });
    await worker.waitUntilReady();
    await worker.close();
    worker = undefined;
    expect(await connection.ping()).toBe('PONG');
  });
});
