import 'reflect-metadata';
import { AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import {
  BullMQLongRunning,
  LongRunningCallError,
  LongRunningEnqueueError,
  LongRunningOptionsError,
  longRunningJobId,
} from '@toolcraft/bullmq';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { freshQueueName, inspectQueue, redisUrl, testQueues } from './support/test-queue';
import { FlakyTool, WriteReportTool } from './support/tools';

describe('BullMQLongRunning', () => {
  const { prefix, connection, opened } = testQueues('tool');

  function standIn(tool = new WriteReportTool(), queueName = freshQueueName()) {
    const longRunning = BullMQLongRunning.of(tool, { queueName, connection, prefix });
    const queue = inspectQueue(connection, queueName, prefix);
    opened.push(longRunning, queue);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(longRunning) });
    return { longRunning, queue, environment };
  }

  function call(environment: AgentEnvironment, runId: string, id: string, args: unknown) {
    return environment.executeTool({ id, name: 'write_report', arguments: JSON.stringify(args) }, undefined, { runId });
  }

  it('shows the model the tool it stands for: name, description, schema, and longRunning', () => {
    const tool = new WriteReportTool({ effects: 'write' });
    const { longRunning } = standIn(tool);
    expect(longRunning.name).toBe('write_report');
    expect(longRunning.inputSchema).toEqual(tool.inputSchema);
    expect(longRunning.longRunning).toBe(true);
    expect(longRunning.description.startsWith(tool.description)).toBe(true);
    expect(longRunning.description).toMatch(/NOTE: This is a long-running operation/);
    expect(longRunning.descriptor).toMatchObject({ name: 'write_report', effects: 'write', idempotent: true, longRunning: true });
    expect(tool.idempotent).toBe(false);
    expect(longRunning.descriptor.requiredParameters.map((parameter) => parameter.name)).toEqual(['topic', 'pages']);
  });

  it('keeps one long-running note when the tool is long-running itself', () => {
    const tool = new WriteReportTool({ longRunning: true });
    expect(tool.description.match(/NOTE/g)).toHaveLength(1);
    const longRunning = BullMQLongRunning.of(tool, { queueName: 'x', connection });
    expect(longRunning.description).toBe(tool.description);
  });

  it('adds a job named after the tool, with the call and its run, and returns the ticket at once', async () => {
    const { queue, environment } = standIn();
    const result = await call(environment, 'run-1', 'call_1', { topic: 'tides', pages: 2, extra: 'dropped' });
    const ticket = longRunningJobId('run-1:call_1');
    expect(result).toMatchObject({ isError: false, value: { status: 'pending', ticket } });
    expect(JSON.parse(result.content)).toEqual({ status: 'pending', ticket });
    const job = await queue.getJob(ticket);
    expect(job?.name).toBe('write_report');
    expect(job?.data).toEqual({
      toolName: 'write_report',
      arguments: { topic: 'tides', pages: 2 },
      idempotencyKey: 'run-1:call_1',
      runId: 'run-1',
      callId: 'call_1',
    });
    expect(job?.opts.attempts).toBe(1);
  });

  it('adds one job however often the same call is made again (a resumed or recovered run)', async () => {
    const { queue, environment } = standIn();
    const first = await call(environment, 'run-2', 'call_1', { topic: 'tides', pages: 2 });
    const again = await call(environment, 'run-2', 'call_1', { topic: 'tides', pages: 2 });
    const otherCall = await call(environment, 'run-2', 'call_2', { topic: 'tides', pages: 2 });
    expect(again.value).toEqual(first.value);
    expect(otherCall.value).not.toEqual(first.value);
    expect(await queue.getJobCountByTypes('wait', 'active', 'delayed', 'completed', 'failed')).toBe(2);
  });

  it('validates the arguments as the tool does, and adds no job for a bad call', async () => {
    const { queue, environment } = standIn();
    const result = await call(environment, 'run-3', 'call_1', { topic: 'tides', pages: 11 });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/'pages'.*10/);
    expect(await queue.getJobCountByTypes('wait', 'active', 'delayed', 'completed', 'failed')).toBe(0);
  });

  it('refuses a call outside a run, which has no idempotency key', async () => {
    const { queue, environment } = standIn();
    const result = await environment.executeTool({ name: 'write_report', arguments: { topic: 'tides', pages: 1 } });
    expect(result.isError).toBe(true);
    expect(LongRunningCallError.isInstance(result.error)).toBe(true);
    expect(result.content).toMatch(/needs the call's idempotency key/);
    expect(await queue.getJobCountByTypes('wait')).toBe(0);
  });

  it("gives the job the tool's retry as attempts and exponential backoff, for idempotent tools only", () => {
    const idempotent = BullMQLongRunning.of(new FlakyTool({ name: 'a', idempotent: true, failures: 0, retryable: true }), {
      queueName: 'x',
      connection,
    });
    expect(idempotent.jobOptions).toEqual({ attempts: 3, backoff: { type: 'exponential', delay: 20, jitter: 1 } });
    const other = BullMQLongRunning.of(new FlakyTool({ name: 'b', idempotent: false, failures: 0, retryable: true }), {
      queueName: 'x',
      connection,
      jobOptions: { priority: 5 },
    });
    expect(other.jobOptions).toEqual({ priority: 5, attempts: 1 });
  });

  it('says what is wrong with its options', () => {
    const tool = new WriteReportTool();
    const attempt = (options: unknown) => () => BullMQLongRunning.of(tool, options as never);
    expect(attempt({ connection })).toThrow(LongRunningOptionsError);
    expect(attempt({ connection })).toThrow(/'queueName' must be a non-empty string without ':'/);
    expect(attempt({ queueName: 'a:b', connection })).toThrow(/BullMQ refuses ':' in queue names/);
    expect(attempt({ queueName: 'q' })).toThrow(/'connection' must be an ioredis client or ioredis options/);
    expect(attempt({ queueName: 'q', connection, prefix: '' })).toThrow(/'prefix' must be a non-empty string/);
    expect(attempt({ queueName: 'q', connection, jobOptions: { attempts: 5 } })).toThrow(/attempts follow the tool's retry option/);
    expect(attempt({ queueName: 'q', connection, jobOptions: { jobId: 'x' } })).toThrow(/'jobOptions.jobId' must be absent/);
    expect(attempt({ queueName: 'q', connection, jobOptions: { removeOnComplete: true } })).toThrow(/would run the tool again/);
    expect(() => BullMQLongRunning.of({} as never, { queueName: 'q', connection })).toThrow(/'tool' must be a toolcraft tool/);
  });

  it('accepts a connection that fails fast for adding jobs, and tells the model when the job cannot be added', async () => {
    const failFast = new Redis('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
      disconnectTimeout: 50,
    });
    failFast.on('error', () => undefined);
    const tool = BullMQLongRunning.of(new WriteReportTool(), { queueName: freshQueueName(), connection: failFast, prefix });
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    const result = await call(environment, 'run-4', 'call_1', { topic: 'tides', pages: 1 });
    expect(result.isError).toBe(true);
    expect(LongRunningEnqueueError.isInstance(result.error)).toBe(true);
    expect(result.content).toMatch(/could not be added to queue/);
    await tool.close();
    failFast.disconnect();
  });

  it('closes its queue and refuses calls after close, leaving a borrowed connection open', async () => {
    const { longRunning, environment } = standIn();
    await call(environment, 'run-5', 'call_1', { topic: 'tides', pages: 1 });
    await longRunning.close();
    await longRunning.close();
    const after = await call(environment, 'run-5', 'call_2', { topic: 'tides', pages: 1 });
    expect(after.isError).toBe(true);
    expect(await connection.ping()).toBe('PONG');
  });

  it('makes and closes its own connections from ioredis options', async () => {
    const url = new URL(redisUrl);
    const queueName = freshQueueName();
    const tool = BullMQLongRunning.of(new WriteReportTool(), {
      queueName,
      connection: { host: url.hostname, port: Number(url.port) },
      prefix,
    });
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    expect((await call(environment, 'run-6', 'call_1', { topic: 'tides', pages: 1 })).isError).toBe(false);
    await tool.close();
    const queue: Queue = inspectQueue(connection, queueName, prefix);
    opened.push(queue);
    expect(await queue.getJob(longRunningJobId('run-6:call_1'))).toBeDefined();
  });
});
