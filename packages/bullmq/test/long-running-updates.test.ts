import 'reflect-metadata';
import { AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import {
  BullMQLongRunning,
  LongRunningOptionsError,
  LongRunningUpdateError,
  LongRunningUpdates,
  createLongRunningWorker,
  longRunningJobId,
  type LongRunningUpdate,
} from '@toolcraft/bullmq';
import { QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { freshQueueName, inspectQueue, redisUrl, testQueues } from './support/test-queue';
import { FlakyTool, WriteReportTool } from './support/tools';

describe('LongRunningUpdates', () => {
  const { prefix, connection, opened } = testQueues('updates');

  /** A queue of its own: the stand-in of a tool, a worker with the tool, and a way to call it in a run. */
  function setUp(tool: WriteReportTool | FlakyTool, queueName = freshQueueName()) {
    const standIn = BullMQLongRunning.of(tool, { queueName, connection, prefix });
    opened.push(standIn);
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(standIn) });
    const startWorker = () => {
      const worker = createLongRunningWorker({ tools: [tool], queueName, connection, prefix });
      opened.push(worker);
      return worker;
    };
    const call = async (runId: string, callId: string, args: Record<string, unknown>) =>
      (await environment.executeTool({ id: callId, name: tool.name, arguments: args }, undefined, { runId })).value as { ticket: string };
    return { queueName, startWorker, call };
  }

  /** Collects updates until `count` final ones arrived. */
  function collector(finals: number) {
    const updates: LongRunningUpdate[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const listener = (update: LongRunningUpdate) => {
      updates.push(update);
      if (updates.filter((item) => item.final).length === finals) done();
    };
    return { updates, finished, listener };
  }

  it('delivers progress, then the completion, naming the run and the call', async () => {
    const { queueName, startWorker, call } = setUp(new WriteReportTool());
    const { updates, finished, listener } = collector(1);
    opened.push(await LongRunningUpdates.listen({ queueName, connection, prefix }, listener));
    startWorker();
    const { ticket } = await call('run-1', 'call_1', { topic: 'tides', pages: 2 });
    await finished;
    const routing = { runId: 'run-1', callId: 'call_1', toolName: 'write_report', ticket };
    expect(updates).toEqual([
      { ...routing, kind: 'progress', value: { done: 1, total: 2, message: 'page 1' }, final: false },
      { ...routing, kind: 'progress', value: { done: 2, total: 2, message: 'page 2' }, final: false },
      { ...routing, kind: 'completed', value: "Report 'TIDES' written (2 pages).", result: { pages: 2, title: 'TIDES' }, final: true },
    ]);
  });

  it('delivers a failure once, after the last attempt, as the text the model reads', async () => {
    const tool = new FlakyTool({ name: 'flaky', idempotent: true, failures: 9, retryable: true });
    const { queueName, startWorker, call } = setUp(tool);
    const { updates, finished, listener } = collector(1);
    opened.push(await LongRunningUpdates.listen({ queueName, connection, prefix }, listener));
    startWorker();
    const { ticket } = await call('run-2', 'call_9', { topic: 'weather' });
    await finished;
    expect(updates).toEqual([
      {
        runId: 'run-2',
        callId: 'call_9',
        toolName: 'flaky',
        ticket,
        kind: 'failed',
        value: "Error: tool 'flaky' failed: the weather service is down (attempt 3)",
        final: true,
      },
    ]);
    expect(tool.attempts).toBe(3);
  });

  it('delivers the updates of one call in order, waiting for the listener, and those of other calls meanwhile', async () => {
    const { queueName, startWorker, call } = setUp(new WriteReportTool());
    const log: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let otherDone!: () => void;
    const otherFinished = new Promise<void>((resolve) => (otherDone = resolve));
    let allDone!: () => void;
    const finished = new Promise<void>((resolve) => (allDone = resolve));
    opened.push(
      await LongRunningUpdates.listen({ queueName, connection, prefix }, async (update) => {
        log.push(`${update.callId} ${update.kind}${update.kind === 'progress' ? ` ${update.value.done}` : ''}`);
        if (update.callId === 'slow' && update.kind === 'progress' && update.value.done === 1) await firstHeld;
        if (update.callId === 'fast' && update.final) otherDone();
        if (update.callId === 'slow' && update.final) allDone();
      }),
    );
    await call('run-3', 'slow', { topic: 'a', pages: 2 });
    startWorker();
    await call('run-3', 'fast', { topic: 'b', pages: 1 });
    await otherFinished;
    expect(log.filter((line) => line.startsWith('slow'))).toEqual(['slow progress 1']);
    releaseFirst();
    await finished;
    expect(log.filter((line) => line.startsWith('slow'))).toEqual(['slow progress 1', 'slow progress 2', 'slow completed']);
    expect(log.filter((line) => line.startsWith('fast'))).toEqual(['fast progress 1', 'fast completed']);
  });

  it('tells how a call that ended while nobody listened ended, and nothing for one still waiting', async () => {
    const { queueName, startWorker, call } = setUp(new WriteReportTool());
    const queue = inspectQueue(connection, queueName, prefix);
    const queueEvents = new QueueEvents(queueName, { connection, prefix });
    opened.push(queue, queueEvents);
    await queueEvents.waitUntilReady();
    const { ticket } = await call('run-4', 'call_1', { topic: 'tides', pages: 1 });
    const worker = startWorker();
    await (await queue.getJob(ticket))!.waitUntilFinished(queueEvents);
    await worker.close();
    const updates = await LongRunningUpdates.listen({ queueName, connection, prefix }, () => undefined);
    opened.push(updates);
    expect(await updates.finalUpdate(ticket)).toEqual({
      runId: 'run-4',
      callId: 'call_1',
      toolName: 'write_report',
      ticket,
      kind: 'completed',
      value: "Report 'TIDES' written (1 pages).",
      result: { pages: 1, title: 'TIDES' },
      final: true,
    });
    const { ticket: waiting } = await call('run-4', 'call_2', { topic: 'tides', pages: 1 });
    expect(await updates.finalUpdate(waiting)).toBeUndefined();
    expect(await updates.finalUpdate(longRunningJobId('run-4:never'))).toBeUndefined();
  });

  it('reports a listener that throws, and an update whose job is gone, to onError, and goes on', async () => {
    const { queueName, startWorker, call } = setUp(new WriteReportTool());
    const errors: unknown[] = [];
    const waiting: Array<() => void> = [];
    const reported = (count: number) => new Promise<void>((resolve) => (errors.length >= count ? resolve() : waiting.push(resolve)));
    const onError = (error: unknown) => {
      errors.push(error);
      waiting.splice(0).forEach((resolve) => resolve());
    };
    const { updates, finished, listener } = collector(2);
    const throwing = (update: LongRunningUpdate) => {
      listener(update);
      if (update.callId === 'call_1' && update.final) throw new Error('the run store is down');
    };
    opened.push(await LongRunningUpdates.listen({ queueName, connection, prefix, onError }, throwing));
    startWorker();
    await call('run-5', 'call_1', { topic: 'a', pages: 1 });
    await call('run-5', 'call_2', { topic: 'b', pages: 1 });
    await Promise.all([finished, reported(1)]);
    expect(updates.filter((update) => update.final).map((update) => update.callId)).toEqual(['call_1', 'call_2']);
    expect(errors).toEqual([new Error('the run store is down')]);
    const queue = inspectQueue(connection, queueName, prefix);
    opened.push(queue);
    // The completion of a job removed before the listener could read it.
    await connection.xadd(queue.keys.events, '*', 'event', 'completed', 'jobId', 'gone-job', 'returnvalue', '{}');
    await reported(2);
    expect(LongRunningUpdateError.isInstance(errors[1])).toBe(true);
    expect(errors[1]).toMatchObject({ ticket: 'gone-job', queueName });
  });

  it('says what is wrong with its options', async () => {
    const failFast = new Redis(redisUrl, { lazyConnect: true });
    await expect(LongRunningUpdates.listen({ queueName: 'q', connection: failFast }, () => undefined)).rejects.toThrow(
      /'connection.maxRetriesPerRequest' must be null/,
    );
    await expect(LongRunningUpdates.listen({ queueName: 'q', connection }, 'listener' as never)).rejects.toThrow(LongRunningOptionsError);
    await expect(LongRunningUpdates.listen({ queueName: '', connection }, () => undefined)).rejects.toThrow(/'queueName'/);
    failFast.disconnect();
  });

  it('closes cleanly and is idempotent, leaving a borrowed connection open', async () => {
    const updates = await LongRunningUpdates.listen({ queueName: freshQueueName(), connection, prefix }, () => undefined);
    await Promise.all([updates.close(), updates.close()]);
    expect(await connection.ping()).toBe('PONG');
  });
});
