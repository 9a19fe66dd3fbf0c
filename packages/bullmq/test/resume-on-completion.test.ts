import 'reflect-metadata';
import { Agent, type ChatRequest, type CheckpointStore, InMemoryCheckpointStore, type RunResult } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { QueueEvents } from 'bullmq';
import {
  BullMQLongRunning,
  LongRunningOptionsError,
  createLongRunningWorker,
  resumeOnCompletion,
  type LongRunningResumer,
} from '@toolcraft/bullmq';
import { blockingClient, freshQueueName, inspectQueue, testQueues } from './support/test-queue';
import { FlakyTool, WriteReportTool } from './support/tools';

/** A model that calls the tool once, says it started, and answers with what the final result says. */
function reportingModel(toolName: string, args: Record<string, unknown>, hold?: Promise<void>) {
  return new ScriptedModel(
    [
      async (request: ChatRequest) => {
        const last = request.messages.at(-1)!;
        if (last.role === 'user' && typeof last.content === 'string' && last.content.includes('final result'))
          return { text: `Done: ${last.content.split('\n').at(-1)}` };
        if (last.role === 'tool') {
          await hold;
          return { text: 'Started; I will tell you when it is ready.' };
        }
        return { toolCalls: [{ id: 'call_1', name: toolName, arguments: args }] };
      },
    ],
    { onExhausted: 'repeatLast' },
  );
}

/** A store that keeps every checkpoint saved, so a test can start from any of them (a crash there). */
class RecordingStore extends InMemoryCheckpointStore {
  readonly saved: Array<Record<string, unknown>> = [];
  override async save(runId: string, checkpoint: Readonly<Record<string, unknown>>): Promise<void> {
    this.saved.push(JSON.parse(JSON.stringify(checkpoint)) as Record<string, unknown>);
    await super.save(runId, checkpoint);
  }
}

describe('resumeOnCompletion', () => {
  const { prefix, connection, opened } = testQueues('resume');

  function setUp(tool: WriteReportTool | FlakyTool, args: Record<string, unknown>, hold?: Promise<void>, store?: CheckpointStore) {
    const queueName = freshQueueName();
    const standIn = BullMQLongRunning.of(tool, { queueName, connection, prefix });
    const model = reportingModel(tool.name, args, hold);
    const agent = new Agent({ name: 'reporter', model, tools: [standIn] });
    const checkpoints = store ?? new InMemoryCheckpointStore();
    opened.push(standIn);
    const startWorker = () => opened.push(createLongRunningWorker({ tools: [tool], queueName, connection, prefix }));
    const resumed: RunResult[] = [];
    let onResumed!: () => void;
    const firstResumed = new Promise<void>((resolve) => (onResumed = resolve));
    const startResumer = async () => {
      const resumer: LongRunningResumer = await resumeOnCompletion({
        queueName,
        connection,
        prefix,
        agent,
        checkpoints,
        onResumed: (run) => {
          resumed.push(run);
          onResumed();
        },
      });
      opened.push(resumer);
      return resumer;
    };
    return { queueName, standIn, agent, model, checkpoints, startWorker, startResumer, resumed, firstResumed };
  }

  it('recovers a run that died in the middle of the call by making the call again: no second job, no question whether it ran', async () => {
    const store = new RecordingStore();
    const tool = new WriteReportTool({ effects: 'write' });
    const { queueName, standIn, agent, checkpoints } = setUp(tool, { topic: 'tides', pages: 1 }, undefined, store);
    const run = await agent.run('Write a report on tides', { checkpoints });
    const midCall = store.saved.find(
      (checkpoint) => (checkpoint.batch as Array<{ started?: boolean; result?: unknown }> | undefined)?.[0]?.started === true,
    );
    expect(midCall).toBeDefined();
    const crashed = new InMemoryCheckpointStore();
    await crashed.save(run.runId, midCall!);
    const again = new Agent({ name: 'reporter', model: reportingModel('write_report', { topic: 'tides', pages: 1 }), tools: [standIn] });
    const recovered = await again.recover(run.runId, { checkpoints: crashed });
    expect(recovered.stopReason).toBe('completed');
    expect(recovered.pending.map((call) => call.callId)).toEqual(['call_1']);
    const queue = inspectQueue(connection, queueName, prefix);
    opened.push(queue);
    expect(await queue.getJobCountByTypes('wait', 'active', 'delayed', 'completed', 'failed')).toBe(1);
  });

  it('continues the run with the final result when the job completes, from its checkpoint', async () => {
    const tool = new WriteReportTool();
    const { agent, model, checkpoints, startWorker, startResumer, resumed, firstResumed } = setUp(tool, { topic: 'tides', pages: 2 });
    await startResumer();
    const run = await agent.run('Write a report on tides', { checkpoints });
    expect(run.text).toBe('Started; I will tell you when it is ready.');
    expect(run.pending.map((call) => call.callId)).toEqual(['call_1']);
    startWorker();
    await firstResumed;
    expect(resumed).toHaveLength(1);
    expect(resumed[0]).toMatchObject({ runId: run.runId, text: "Done: Report 'TIDES' written (2 pages).", pending: [] });
    expect(model.requests.at(-1)!.messages.at(-1)!.content).toBe(
      "The final result of the long-running tool call call_1 (write_report), which was pending:\nReport 'TIDES' written (2 pages).",
    );
    expect(tool.runs).toHaveLength(1);
    expect((await checkpoints.load(run.runId))?.status).toBe('completed');
  });

  it('delivers each result once however many processes listen', async () => {
    const tool = new WriteReportTool();
    const { agent, model, checkpoints, startWorker, startResumer, resumed, firstResumed } = setUp(tool, { topic: 'tides', pages: 1 });
    await Promise.all([startResumer(), startResumer(), startResumer()]);
    const run = await agent.run('Write a report on tides', { checkpoints });
    startWorker();
    await firstResumed;
    const again = await agent.recover(run.runId, { checkpoints });
    expect(again.pending).toEqual([]);
    expect(resumed).toHaveLength(1);
    expect(model.requests).toHaveLength(3);
  });

  it('waits for a run that is still running, then delivers', async () => {
    const tool = new WriteReportTool();
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { agent, checkpoints, startWorker, startResumer, resumed, firstResumed } = setUp(tool, { topic: 'tides', pages: 1 }, hold);
    await startResumer();
    startWorker();
    const running = agent.run('Write a report on tides', { checkpoints });
    while (tool.runs.length === 0) await new Promise((resolve) => setImmediate(resolve));
    release();
    const run = await running;
    await firstResumed;
    expect(resumed[0]).toMatchObject({ runId: run.runId, text: "Done: Report 'TIDES' written (1 pages)." });
  });

  it('delivers a failure as the final result, and catches up on results that arrived while nobody listened', async () => {
    const tool = new FlakyTool({ name: 'flaky', idempotent: false, failures: 1, retryable: false });
    const { queueName, agent, checkpoints, startWorker, startResumer, resumed } = setUp(tool, { topic: 'weather' });
    // BullMQ's own events tell when the job has failed: the result arrives while no resumer listens.
    const eventsConnection = blockingClient();
    const events = new QueueEvents(queueName, { connection: eventsConnection, prefix });
    let caughtUp: RunResult | undefined;
    try {
      await events.waitUntilReady();
      const failed = new Promise<void>((resolve) => events.once('failed', () => resolve()));
      const run = await agent.run('Check the weather', { checkpoints });
      startWorker();
      await failed;
      expect(tool.attempts).toBe(1);
      const resumer = await startResumer();
      caughtUp = await resumer.catchUp(run.runId);
      expect(await resumer.catchUp(run.runId)).toBeUndefined();
    } finally {
      await events.close();
      eventsConnection.disconnect();
    }
    expect(caughtUp?.text).toBe("Done: Error: tool 'flaky' failed: the weather service is down (attempt 1)");
    expect(resumed).toHaveLength(1);
  });

  it('says what is wrong with its options', async () => {
    const base = { queueName: 'q', connection, checkpoints: new InMemoryCheckpointStore() };
    await expect(resumeOnCompletion({ ...base, agent: undefined as never })).rejects.toThrow(LongRunningOptionsError);
    await expect(resumeOnCompletion({ ...base, agent: undefined as never })).rejects.toThrow(/'agent' must be the Agent/);
    const agent = new Agent({ model: new ScriptedModel([]) });
    await expect(resumeOnCompletion({ ...base, agent, checkpoints: {} as never })).rejects.toThrow(
      /'checkpoints' must be the CheckpointStore/,
    );
    await expect(resumeOnCompletion({ ...base, agent, waitForRunMs: -1 })).rejects.toThrow(
      /'waitForRunMs' must be a number of milliseconds/,
    );
  });
});
