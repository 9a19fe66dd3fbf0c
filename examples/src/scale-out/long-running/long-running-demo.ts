import { randomUUID } from 'node:crypto';
import { RunState } from '@toolcraft/core';
import { Queue } from 'bullmq';
import { RedisCheckpointStore } from '@toolcraft/redis';
import { Redis } from 'ioredis';
import { bodyRunsKey, releaseKey, type ReportSettings } from './report-setup.js';

/** One process of the demo, as the demo sees it. */
export interface DemoProcess {
  /** Resolves with the first line the process writes that starts with `prefix` (rejects if it exits first). */
  waitForLine(prefix: string): Promise<string>;
  /** Kills the process at once (SIGKILL, a crash) and waits until it is gone. */
  kill(): Promise<void>;
  /** Asks the process to stop (SIGTERM) and waits until it is gone. */
  stop(): Promise<void>;
}

/** Starts one process of the demo: the agent process (`start`, or `recover <runId>`) or the worker process. */
export type StartDemoProcess = (
  script: 'agent-process' | 'worker-process',
  args: string[],
  environment: Record<string, string>,
) => DemoProcess;

/** What the demo saw. */
export interface DemoSummary {
  runId: string;
  ticket: string;
  /** What process C's resumed run answered. */
  finalText: string;
  /** How often the tool's body ran, in all processes. */
  bodyRuns: number;
  /** How many jobs the queue holds (the call's one). */
  jobs: number;
  /** How the run's last checkpoint says it stopped. */
  checkpointStatus: string | undefined;
}

/**
 * Process A starts a run with a `RedisCheckpointStore`; its long-running call becomes a BullMQ job that
 * worker process B runs; A is killed mid-run; process C recovers the run from Redis and finishes it
 * when the job completes. Each process is started by `start`; everything lives under a fresh prefix,
 * deleted at the end.
 * @param start - starts a process of the demo
 * @param log - told what happens, line by line
 * @param redisUrl - the Redis of every process
 * @returns what the demo saw
 */
export async function runLongRunningDemo(start: StartDemoProcess, log: (line: string) => void, redisUrl: string): Promise<DemoSummary> {
  const settings: ReportSettings = { redisUrl, queueName: 'reports', prefix: `toolcraft-example-${randomUUID()}` };
  const environment = { REDIS_URL: settings.redisUrl, QUEUE_NAME: settings.queueName, PREFIX: settings.prefix };
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const started: DemoProcess[] = [];
  try {
    const worker = start('worker-process', [], { ...environment, WAIT_FOR_RELEASE: '1' });
    started.push(worker);
    await worker.waitForLine('ready');
    log('B: the worker is waiting for jobs');

    const first = start('agent-process', ['start'], environment);
    started.push(first);
    const runId = (await first.waitForLine('run ')).slice('run '.length);
    log(`A: started run ${runId}`);
    const bodyStarted = await worker.waitForLine('started ');
    log(`B: ${bodyStarted}`);
    await first.waitForLine('thinking');
    await first.kill();
    log('A: killed mid-run (SIGKILL), while its model was answering');

    const second = start('agent-process', ['recover', runId], environment);
    started.push(second);
    log(`C: ${await second.waitForLine('recovered ')}`);
    await redis.set(releaseKey(settings), '1');
    log('B: the job may finish now');
    const finalText = (await second.waitForLine('final ')).slice('final '.length);
    log(`C: the run finished: ${finalText}`);

    const queue = new Queue(settings.queueName, { connection: redis, prefix: settings.prefix });
    const jobs = await queue.getJobCountByTypes('wait', 'active', 'delayed', 'completed', 'failed');
    const ticket = (await queue.getJobs(['completed']))[0]?.id ?? '';
    await queue.close();
    const checkpoint = await new RedisCheckpointStore({ connection: redis, keyPrefix: `${settings.prefix}:example:` })
      .load(runId)
      .then((stored) => stored?.checkpoint);
    const bodyRuns = Number(await redis.get(bodyRunsKey(settings)));
    log(`the tool's body ran ${bodyRuns} time(s); the queue holds ${jobs} job(s)`);
    return {
      runId,
      ticket,
      finalText,
      bodyRuns,
      jobs,
      checkpointStatus: checkpoint === undefined ? undefined : RunState.fromJSON(checkpoint).stopReason,
    };
  } finally {
    for (const process of started.reverse()) await process.stop();
    const keys = await redis.keys(`${settings.prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}
