import 'reflect-metadata';
import {
  Agent,
  CheckpointConflictError,
  type ChatRequest,
  type CheckpointSaveOptions,
  type CheckpointStore,
  InMemoryCheckpointStore,
  InMemorySessionStore,
  type RunResult,
} from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { QueueEvents } from 'bullmq';
import {
  BullMQLongRunning,
  LongRunningOptionsError,
  createLongRunningWorker,
  LongRunningConflictError,
  LongRunningResumerClosedError,
  resumeOnCompletion,
  type LongRunningCompletedUpdate,
  type LongRunningResumer,
  type ResumeOnCompletionOptions,
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
  override async save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options?: CheckpointSaveOptions): Promise<number> {
    this.saved.push(JSON.parse(JSON.stringify(checkpoint)) as Record<string, unknown>);
    return super.save(runId, checkpoint, options);
  }
}

/**
 * A store where, while armed, another process saves the run's checkpoint just before each save of
 * this one, which is then refused as a compare-and-set would refuse it.
 */
class ContestedStore extends InMemoryCheckpointStore {
  conflictsLeft = 0;
  conflicts = 0;
  override async save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options?: CheckpointSaveOptions): Promise<number> {
    if (this.conflictsLeft === 0) return super.save(runId, checkpoint, options);
    this.conflictsLeft--;
    this.conflicts++;
    const stored = await super.load(runId);
    const actual = await super.save(runId, stored!.checkpoint);
    throw new CheckpointConflictError(runId, actual - 1, actual);
  }
}

const finalUpdate = (runId: string, value: string): LongRunningCompletedUpdate => ({
  kind: 'completed',
  runId,
  callId: 'call_1',
  toolName: 'write_report',
  ticket: `ticket-${runId}`,
  value,
  final: true,
});

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
    const startResumer = async (extra: Partial<ResumeOnCompletionOptions> = {}) => {
      const resumer: LongRunningResumer = await resumeOnCompletion({
        ...extra,
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
    expect((await checkpoints.load(run.runId))?.checkpoint.status).toBe('completed');
  });

  it('resumes a run started with a session with its own session (the sessions option): the session gets the result and the answer', async () => {
    const tool = new WriteReportTool();
    const { agent, model, checkpoints, startWorker, startResumer, firstResumed } = setUp(tool, { topic: 'tides', pages: 2 });
    const sessions = new InMemorySessionStore();
    const key = { appName: 'reports', userId: 'ada', sessionId: 'monday' };
    await startResumer({ sessions });
    const run = await agent.run('Write a report on tides', { checkpoints, session: sessions.open(key) });
    expect(run.state.session).toEqual(key);
    startWorker();
    await firstResumed;
    const saved = (await sessions.load(key)).messages.map((message) => (typeof message.content === 'string' ? message.content : ''));
    expect(saved).toContain("Done: Report 'TIDES' written (2 pages).");
    expect(saved.some((text) => text.includes('The final result of the long-running tool call call_1'))).toBe(true);
    expect(model.requests).toHaveLength(3);
  });

  it('refuses to resume a run started with a session when it has no sessions option, naming the session; the update stays deliverable', async () => {
    const tool = new WriteReportTool();
    const { agent, checkpoints, startResumer } = setUp(tool, { topic: 'tides', pages: 2 });
    const sessions = new InMemorySessionStore();
    const key = { appName: 'reports', userId: 'ada', sessionId: 'tuesday' };
    const resumer = await startResumer();
    const run = await agent.run('Write a report on tides', { checkpoints, session: sessions.open(key) });
    const update = finalUpdate(run.runId, "Report 'TIDES' written (2 pages).");
    const delivering = resumer.deliver(update);
    await expect(delivering).rejects.toThrow(LongRunningOptionsError);
    await expect(delivering).rejects.toThrow(`its state records the session reports/ada/tuesday`);
    expect(
      (await sessions.load(key)).messages.some(
        (message) => message.role === 'tool' && typeof message.content === 'string' && message.content.includes('TIDES'),
      ),
    ).toBe(false);
    const withSessions = await startResumer({ sessions });
    const resumed = await withSessions.deliver(update);
    expect(resumed?.text).toContain('Done:');
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

  it('when another process moved the run on first, loads its checkpoint again and delivers the result to it', async () => {
    const store = new ContestedStore();
    const tool = new WriteReportTool();
    const { agent, model, startResumer, resumed } = setUp(tool, { topic: 'tides', pages: 3 }, undefined, store);
    const run = await agent.run('Write a report on tides', { checkpoints: store });
    const resumer = await startResumer();
    store.conflictsLeft = 1;
    const delivered = await resumer.deliver(finalUpdate(run.runId, "Report 'TIDES' written (3 pages)."));
    expect(store.conflicts).toBe(1);
    expect(delivered).toMatchObject({ runId: run.runId, text: "Done: Report 'TIDES' written (3 pages).", pending: [] });
    expect(resumed).toHaveLength(1);
    expect(model.requests.at(-1)!.messages.at(-1)!.content).toContain("Report 'TIDES' written (3 pages).");
    expect((await store.load(run.runId))?.checkpoint.status).toBe('completed');
  });

  it('gives up with LongRunningConflictError after conflictAttempts, and lets the update be delivered again', async () => {
    const store = new ContestedStore();
    const tool = new WriteReportTool();
    const { agent, startResumer, resumed } = setUp(tool, { topic: 'tides', pages: 1 }, undefined, store);
    const run = await agent.run('Write a report on tides', { checkpoints: store });
    const resumer = await startResumer({ conflictAttempts: 2 });
    store.conflictsLeft = 2;
    const update = finalUpdate(run.runId, "Report 'TIDES' written (1 pages).");
    const failed = resumer.deliver(update);
    await expect(failed).rejects.toThrow(LongRunningConflictError);
    await expect(failed).rejects.toThrow(
      `The result of call 'call_1' could not be delivered to run '${run.runId}': another process moved the run on first, 2 times in a row.`,
    );
    await expect(failed).rejects.toMatchObject({ attempts: 2, cause: expect.any(CheckpointConflictError) });
    expect(resumed).toHaveLength(0);
    // The claim was given back: the next delivery of the same update goes through.
    await expect(resumer.deliver(update)).resolves.toMatchObject({ text: "Done: Report 'TIDES' written (1 pages)." });
  });

  it('stops waiting for a checkpoint store whose load never answers when it is closed (each load is bounded too)', async () => {
    const tool = new WriteReportTool();
    let loads = 0;
    const silent: CheckpointStore = {
      save: async () => 1,
      load: () => {
        loads++;
        return new Promise(() => undefined);
      },
      delete: async () => undefined,
    };
    const { startResumer } = setUp(tool, { topic: 'tides', pages: 1 }, undefined, silent);
    const resumer = await startResumer({ waitForRunMs: 500 });
    const delivering = resumer.deliver(finalUpdate('never-answers', 'v')).catch((error: unknown) => error);
    while (loads === 0) await new Promise((resolve) => setImmediate(resolve));
    await resumer.close();
    expect(LongRunningResumerClosedError.isInstance(await delivering)).toBe(true);
  });

  it('says what is wrong with its options', async () => {
    const base = { queueName: 'q', connection, checkpoints: new InMemoryCheckpointStore() };
    await expect(resumeOnCompletion({ ...base, agent: undefined as never })).rejects.toThrow(LongRunningOptionsError);
    await expect(resumeOnCompletion({ ...base, agent: undefined as never })).rejects.toThrow(/'agent' must be the Agent/);
    const agent = new Agent({ model: new ScriptedModel([]) });
    await expect(resumeOnCompletion({ ...base, agent, checkpoints: {} as never })).rejects.toThrow(
      /'checkpoints' must be the CheckpointStore/,
    );
    await expect(resumeOnCompletion({ ...base, agent, sessions: {} as never })).rejects.toThrow(/'sessions' must be the SessionStore/);
    await expect(resumeOnCompletion({ ...base, agent, waitForRunMs: -1 })).rejects.toThrow(
      /'waitForRunMs' must be a number of milliseconds/,
    );
    await expect(resumeOnCompletion({ ...base, agent, conflictAttempts: 0 })).rejects.toThrow(
      /'conflictAttempts' must be a whole number of at least 1/,
    );
  });
});
