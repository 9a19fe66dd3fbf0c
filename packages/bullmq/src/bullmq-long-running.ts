import { type AnyTool, type ApprovalPredicate, FrameworkKeys, type ToolCallMetadata, ToolBase } from '@toolcraft/core';
import { standInOptions } from '@toolcraft/core/internal';
import { type JobsOptions, Queue } from 'bullmq';
import { LongRunningCallError } from './errors/long-running-call-error.js';
import { LongRunningEnqueueError } from './errors/long-running-enqueue-error.js';
import { LongRunningOptionsError } from './errors/long-running-options-error.js';
import type { LongRunningJobData } from './job/long-running-job-data.js';
import { longRunningJobId } from './job/long-running-job-id.js';
import { jobOptionsFor, type LongRunningJobOptions } from './job/long-running-job-options.js';
import { type CheckedQueueOptions, checkQueueOptions, type LongRunningQueueOptions } from './queue/long-running-queue-options.js';

/** Options of {@link BullMQLongRunning.of}: the queue, and the options of its jobs. */
export interface BullMQLongRunningOptions extends LongRunningQueueOptions {
  /** BullMQ options of every job (priority, delay, how long finished jobs are kept...). */
  jobOptions?: LongRunningJobOptions;
}

/** The first result of a BullMQ long-running call, which the model sees at once. */
export interface LongRunningTicket {
  /** Always `'pending'`: the final result arrives later, as an update of the run. */
  status: 'pending';
  /** The BullMQ job's id ({@link longRunningJobId} of the call's idempotency key). */
  ticket: string;
}

/**
 * A long-running tool whose body runs as a BullMQ job, in whichever process runs a
 * `createLongRunningWorker` for the queue. It has the name, description and argument schema of the
 * tool it stands for, and `longRunning: true`; its calls are validated as that tool's are. A call
 * adds a job (data {@link LongRunningJobData}, id derived from the call's idempotency key) and
 * returns `{ status: 'pending', ticket }` at once; the same call repeated (a resumed or recovered
 * run) names the same job, which BullMQ does not add twice, so the stand-in is idempotent whatever
 * the tool is. The job's attempts and backoff follow the tool's `retry`, for idempotent tools only. Close it with `close()` when done.
 * @example
 * const render = BullMQLongRunning.of(new RenderVideoTool(), {
 *   queueName: 'long-running',
 *   connection: new Redis(url),
 * });
 * const agent = new Agent({ model, tools: [render] });
 * // elsewhere: createLongRunningWorker({ tools: [new RenderVideoTool()], queueName: 'long-running', connection });
 */
export class BullMQLongRunning extends ToolBase<Record<string, unknown>, LongRunningTicket> {
  /** The tool whose body the jobs run (in a worker, not here). */
  readonly tool: AnyTool;
  /** The queue's name. */
  readonly queueName: string;
  /** The options of every job, attempts and backoff included. */
  readonly jobOptions: Readonly<JobsOptions>;
  private readonly queueOptions: CheckedQueueOptions;
  private queue: Queue<LongRunningJobData, unknown, string> | undefined;
  private closed = false;

  private constructor(tool: AnyTool, queueOptions: CheckedQueueOptions, jobOptions: JobsOptions) {
    const { effects, openWorld } = tool.descriptor;
    super(
      standInOptions<LongRunningTicket>(tool, {
        longRunning: true,
        // The same call made again names the same job, which BullMQ does not add twice: a run recovered
        // after a crash mid-call makes it again instead of asking whether it ran. The tool's own
        // idempotence decides the job's retries.
        idempotent: true,
        ...(effects !== undefined ? { effects } : {}),
        ...(openWorld !== undefined ? { openWorld } : {}),
        ...(tool.needsApproval !== undefined
          ? { needsApproval: tool.needsApproval as boolean | ApprovalPredicate<Record<string, unknown>> }
          : {}),
        ...(tool.maxInvocations !== undefined ? { maxInvocations: tool.maxInvocations } : {}),
        ...(tool.maxFailures !== undefined ? { maxFailures: tool.maxFailures } : {}),
      }),
    );
    this.tool = tool;
    this.queueName = queueOptions.queueName;
    this.queueOptions = queueOptions;
    this.jobOptions = jobOptions;
  }

  /**
   * Makes the BullMQ stand-in of a tool. Nothing connects to Redis until the first call.
   * @param tool - the tool whose body runs in a worker (give the same tool to `createLongRunningWorker`)
   * @param options - the queue, its connection and prefix, and job options
   * @returns the tool to register with an agent in place of `tool`
   * @throws LongRunningOptionsError for a missing or bad option
   * @example
   * const tool = BullMQLongRunning.of(new RenderVideoTool(), { queueName: 'long-running', connection });
   */
  static of(tool: AnyTool, options: BullMQLongRunningOptions): BullMQLongRunning {
    if (typeof tool !== 'object' || tool === null || typeof tool.name !== 'string' || typeof tool.inputSchema !== 'object')
      throw new LongRunningOptionsError('tool', tool, 'a toolcraft tool (Tool, SimpleTool, ContextAwareTool, ToolBase or an @Tool method)');
    if (tool instanceof BullMQLongRunning)
      throw new LongRunningOptionsError('tool', tool, 'a tool that is not already a BullMQLongRunning');
    const queueOptions = checkQueueOptions(options, false);
    return new BullMQLongRunning(tool, queueOptions, jobOptionsFor(tool, options.jobOptions));
  }

  /**
   * Adds the call's job (once per idempotency key) and returns its ticket.
   * @param args - the validated arguments, as JSON data
   * @param metadata - the call's metadata (its run id, call id and idempotency key)
   * @returns `{ status: 'pending', ticket }`
   * @throws LongRunningCallError outside a run (no idempotency key)
   * @throws LongRunningEnqueueError when the job cannot be added
   */
  async execute(args: Record<string, unknown>, metadata: ToolCallMetadata): Promise<LongRunningTicket> {
    const idempotencyKey = metadata.get(FrameworkKeys.idempotencyKey);
    const runId = metadata.get(FrameworkKeys.runId);
    const callId = metadata.get(FrameworkKeys.toolCallId);
    if (idempotencyKey === undefined || runId === undefined || callId === undefined) throw new LongRunningCallError(this.name);
    const agentName = metadata.get(FrameworkKeys.agentContext)?.agentName;
    const ticket = longRunningJobId(idempotencyKey);
    const data: LongRunningJobData = {
      toolName: this.name,
      arguments: args,
      idempotencyKey,
      runId,
      callId,
      ...(agentName !== undefined ? { agentName } : {}),
    };
    try {
      // An existing job with this id (a repeated call) is left as it is: BullMQ adds no second one.
      await this.openQueue().add(this.name, data, { ...this.jobOptions, jobId: ticket });
    } catch (error) {
      throw new LongRunningEnqueueError(this.name, this.queueName, error);
    }
    return { status: 'pending', ticket };
  }

  /** Closes the tool's BullMQ queue (an ioredis client passed as `connection` stays open). Idempotent; later calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    const queue = this.queue;
    this.queue = undefined;
    await queue?.close();
  }

  private openQueue(): Queue<LongRunningJobData, unknown, string> {
    if (this.closed) throw new Error('the tool was closed');
    if (this.queue === undefined) {
      const { queueName, connection, prefix } = this.queueOptions;
      const queue = new Queue<LongRunningJobData, unknown, string>(queueName, { connection, ...(prefix === undefined ? {} : { prefix }) });
      // Connection trouble surfaces as the failed add of the call concerned; the event itself needs no listener.
      queue.on('error', () => undefined);
      this.queue = queue;
    }
    return this.queue;
  }
}
