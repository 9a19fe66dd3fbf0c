import { AgentEnvironment, type AgentEnvironmentOptions, ToolRegistry, type ToolsItem } from '@toolcraft/core';
import { Worker, type WorkerOptions } from 'bullmq';
import { BullMQLongRunning } from '../bullmq-long-running.js';
import { LongRunningOptionsError } from '../errors/long-running-options-error.js';
import type { LongRunningJobData } from '../job/long-running-job-data.js';
import type { LongRunningJobResult } from '../job/long-running-job-result.js';
import { checkQueueOptions, type LongRunningQueueOptions } from '../queue/long-running-queue-options.js';
import { runJob } from './run-job.js';

/** BullMQ worker options a long-running worker passes on (lock and stall settings, a name, metrics...). */
export type LongRunningBullMQWorkerOptions = Omit<WorkerOptions, 'connection' | 'prefix' | 'concurrency' | 'autorun'>;

/** Options of {@link createLongRunningWorker}. */
export interface LongRunningWorkerOptions extends LongRunningQueueOptions {
  /** The original tools (never their `BullMQLongRunning` stand-ins): a registry, or tools and services to build one from. */
  tools: ToolRegistry | readonly ToolsItem[];
  /** How many jobs this worker runs at once; default 1. */
  concurrency?: number;
  /** Options of the environment the calls run through (features, `toolTimeoutMs`, `errorDetail`...). */
  environment?: Omit<AgentEnvironmentOptions, 'registry'>;
  /** Further BullMQ worker options (`lockDuration`, `stalledInterval`, `maxStalledCount`, `name`...). */
  worker?: LongRunningBullMQWorkerOptions;
  /** Receives the worker's connection errors (BullMQ reconnects by itself); default a process warning. */
  onError?: (error: Error) => void;
}

/**
 * A BullMQ worker that runs the bodies of long-running calls. Each job's call goes through an
 * `AgentEnvironment` with the original tools, so validation, features, time limits and result
 * formatting apply as in a run. Close it with `close()`: running jobs finish first.
 */
export class LongRunningWorker {
  /** The BullMQ worker (for its events: `worker.worker.on('failed', ...)`). */
  readonly worker: Worker<LongRunningJobData, LongRunningJobResult, string>;
  /** The environment the calls run through. */
  readonly environment: AgentEnvironment;

  /**
   * @param options - the queue, the tools and the worker's options
   * @throws LongRunningOptionsError for a missing or bad option
   */
  constructor(options: LongRunningWorkerOptions) {
    const { queueName, connection, prefix } = checkQueueOptions(options, true);
    const registry = registryOf(options.tools);
    const concurrency = options.concurrency ?? 1;
    if (!Number.isSafeInteger(concurrency) || concurrency < 1)
      throw new LongRunningOptionsError('concurrency', concurrency, 'a whole number of at least 1');
    this.environment = new AgentEnvironment({ ...options.environment, registry });
    const environment = this.environment;
    this.worker = new Worker<LongRunningJobData, LongRunningJobResult, string>(
      queueName,
      (job, _token, signal) => runJob(environment, job, signal),
      { ...options.worker, connection, concurrency, ...(prefix === undefined ? {} : { prefix }) },
    );
    const onError = options.onError ?? ((error: Error) => process.emitWarning(error.message, { type: 'LongRunningWorkerWarning' }));
    this.worker.on('error', (error) => {
      try {
        onError(error);
      } catch {
        // A listener that throws must not take the worker down.
      }
    });
  }

  /** Resolves once the worker is connected and waiting for jobs. */
  async waitUntilReady(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /** Stops taking jobs, lets the running ones finish, and closes the worker's connections (a client passed as `connection` stays open). */
  async close(): Promise<void> {
    await this.worker.close();
  }
}

/**
 * Starts a worker for the long-running calls of a queue.
 * @param options - the queue, the original tools and the worker's options
 * @returns the running worker
 * @throws LongRunningOptionsError for a missing or bad option
 * @example
 * const worker = createLongRunningWorker({
 *   tools: [new RenderVideoTool()],
 *   queueName: 'long-running',
 *   connection: new Redis(url, { maxRetriesPerRequest: null }),
 *   concurrency: 4,
 * });
 * process.on('SIGTERM', () => void worker.close());
 */
export function createLongRunningWorker(options: LongRunningWorkerOptions): LongRunningWorker {
  return new LongRunningWorker(options);
}

function registryOf(tools: unknown): ToolRegistry {
  let registry: ToolRegistry;
  if (tools instanceof ToolRegistry) registry = tools;
  else if (Array.isArray(tools))
    registry = ToolRegistry.builder()
      .tools(tools as ToolsItem[])
      .build();
  else throw new LongRunningOptionsError('tools', tools, 'a ToolRegistry or an array of tools and services');
  const standIn = registry.tools.find((tool) => tool instanceof BullMQLongRunning);
  if (standIn !== undefined)
    throw new LongRunningOptionsError(
      'tools',
      tools,
      `the original tools: '${standIn.name}' is a BullMQLongRunning stand-in, which would only add its job again; give the worker the tool passed to BullMQLongRunning.of`,
    );
  return registry;
}
