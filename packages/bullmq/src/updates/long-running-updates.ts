import { Queue, QueueEvents } from 'bullmq';
import { LongRunningOptionsError } from '../errors/long-running-options-error.js';
import { LongRunningUpdateError } from '../errors/long-running-update-error.js';
import { checkQueueOptions, type LongRunningQueueOptions } from '../queue/long-running-queue-options.js';
import { redisClientOf } from '../queue/redis-client-of.js';
import { latestEventId } from './latest-event-id.js';
import type { LongRunningUpdate, LongRunningUpdateBase, LongRunningUpdateListener } from './long-running-update.js';
import { completedUpdate, failedUpdate, progressOf, routingOf } from './updates-from-jobs.js';

/** Options of {@link LongRunningUpdates.listen}: the queue, and where problems are told. */
export interface LongRunningUpdatesOptions extends LongRunningQueueOptions {
  /**
   * Receives what went wrong while delivering: a listener that threw or rejected, an event whose job
   * is gone, a connection error (BullMQ reconnects by itself). Default: a process warning.
   */
  onError?: (error: unknown) => void;
}

/**
 * Delivers the progress, completion and failure of a queue's long-running calls, read from
 * BullMQ's `QueueEvents`, to a listener, each as a {@link LongRunningUpdate} naming its run and
 * call. The updates of one call arrive in order, one at a time (a listener's promise is awaited);
 * those of different calls do not wait for each other. Only what happens after `listen` resolves is
 * delivered: {@link LongRunningUpdates.finalUpdate} tells how a call that may have ended before
 * (while no process listened) ended.
 * @example
 * const updates = await LongRunningUpdates.listen({ queueName: 'long-running', connection }, async (update) => {
 *   if (update.final) await deliverToRun(update.runId, update.callId, update.value);
 * });
 * // at shutdown
 * await updates.close();
 */
export class LongRunningUpdates {
  private readonly routes = new Map<string, LongRunningUpdateBase>();
  private readonly deliveries = new Map<string, Promise<void>>();
  private closing: Promise<void> | undefined;

  private constructor(
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    private readonly listener: LongRunningUpdateListener,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Starts listening to a queue's updates.
   * @param options - the queue (its connection must have `maxRetriesPerRequest: null`) and `onError`
   * @param listener - receives each update
   * @returns the running listener, once it is connected: every event after this is delivered
   * @throws LongRunningOptionsError for a missing or bad option or listener
   */
  static async listen(options: LongRunningUpdatesOptions, listener: LongRunningUpdateListener): Promise<LongRunningUpdates> {
    const { queueName, connection, prefix } = checkQueueOptions(options, true);
    if (typeof listener !== 'function') throw new LongRunningOptionsError('listener', listener, 'a function receiving each update');
    const given = options.onError;
    if (given !== undefined && typeof given !== 'function') throw new LongRunningOptionsError('onError', given, 'a function');
    const onError = given ?? warn;
    const prefixed = prefix === undefined ? {} : { prefix };
    const queue = new Queue(queueName, { connection, ...prefixed });
    queue.on('error', () => undefined); // a failed read reaches the operation concerned
    let events: QueueEvents | undefined;
    try {
      await queue.waitUntilReady();
      const borrowed = redisClientOf(connection);
      let lastEventId: string | undefined;
      if (borrowed !== undefined) {
        try {
          lastEventId = await latestEventId(borrowed.client, queue.keys.events);
        } finally {
          await borrowed.release();
        }
      }
      events = new QueueEvents(queueName, { connection, ...prefixed, ...(lastEventId === undefined ? {} : { lastEventId }) });
      const updates = new LongRunningUpdates(queue, events, listener, onError);
      updates.subscribe(events);
      await events.waitUntilReady();
      return updates;
    } catch (error) {
      await Promise.allSettled([events?.close(), queue.close()]);
      throw error;
    }
  }

  /**
   * How a call's job ended, if it has: for calls that may have ended while no listener ran (a
   * recovered run's pending calls).
   * @param ticket - the job's id (the call's first result, or `longRunningJobId(idempotencyKey)`)
   * @returns the final update of a completed or failed job; undefined while it waits or runs, or when there is no such job
   */
  async finalUpdate(ticket: string): Promise<LongRunningUpdate | undefined> {
    // The state first: a job read before it completed would carry no return value yet.
    const state = await this.queue.getJobState(ticket);
    if (state !== 'completed' && state !== 'failed') return undefined;
    const job = await this.queue.getJob(ticket);
    const routing = job === undefined ? undefined : routingOf(job);
    if (job === undefined || routing === undefined) return undefined;
    if (state === 'completed') return completedUpdate(routing, job.returnvalue);
    if (state === 'failed') return failedUpdate(routing, job.failedReason);
    return undefined;
  }

  /** Stops listening, waits for the deliveries under way, and closes the connections (a client passed as `connection` stays open). Idempotent. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.events.close();
      await Promise.allSettled([...this.deliveries.values()]);
      await this.queue.close();
    })();
    return this.closing;
  }

  private subscribe(events: QueueEvents): void {
    events.on('error', (error) => this.report(error));
    events.on('progress', ({ jobId, data }) => {
      const value = progressOf(data);
      if (value !== undefined) this.deliver(jobId, false, (routing) => ({ ...routing, kind: 'progress', value, final: false }));
    });
    events.on('completed', ({ jobId, returnvalue }) => this.deliver(jobId, true, (routing) => completedUpdate(routing, returnvalue)));
    events.on('failed', ({ jobId, failedReason }) => this.deliver(jobId, true, (routing) => failedUpdate(routing, failedReason)));
  }

  /** Delivers one update of a job after the ones before it. */
  private deliver(ticket: string, final: boolean, make: (routing: LongRunningUpdateBase) => LongRunningUpdate): void {
    if (this.closing !== undefined) return;
    const previous = this.deliveries.get(ticket) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const routing = await this.routeOf(ticket);
        if (final) this.routes.delete(ticket);
        if (routing !== undefined) await this.listener(make(routing));
      })
      .catch((error: unknown) => this.report(error))
      .finally(() => {
        if (this.deliveries.get(ticket) === next) this.deliveries.delete(ticket);
      });
    this.deliveries.set(ticket, next);
  }

  /** The run and call of a job: read once from the job's data, kept until its final update. */
  private async routeOf(ticket: string): Promise<LongRunningUpdateBase | undefined> {
    const known = this.routes.get(ticket);
    if (known !== undefined) return known;
    const job = await this.queue.getJob(ticket);
    if (job === undefined) throw new LongRunningUpdateError(this.queue.name, ticket);
    const routing = routingOf(job); // undefined: a job of some other kind on the queue, not ours to deliver
    if (routing !== undefined) this.routes.set(ticket, routing);
    return routing;
  }

  private report(error: unknown): void {
    try {
      this.onError(error);
    } catch {
      // An error listener that throws has nobody left to tell.
    }
  }
}

function warn(error: unknown): void {
  process.emitWarning(error instanceof Error ? error.message : String(error), { type: 'LongRunningUpdatesWarning' });
}
