import { type Agent, type CheckpointStore, type ResumeOptions, type RunResult, RunState, type SessionStore } from '@toolcraft/core';
import { loadCheckpoint } from '@toolcraft/core/internal';
import { LongRunningResumerClosedError } from '../errors/long-running-resumer-closed-error.js';
import { LongRunningConflictError } from '../errors/long-running-conflict-error.js';
import { LongRunningOptionsError } from '../errors/long-running-options-error.js';
import { LongRunningResumeError } from '../errors/long-running-resume-error.js';
import { longRunningJobId } from '../job/long-running-job-id.js';
import { checkQueueOptions, type LongRunningQueueOptions } from '../queue/long-running-queue-options.js';
import { type BorrowedClient, redisClientOf } from '../queue/redis-client-of.js';
import type { LongRunningUpdate } from '../updates/long-running-update.js';
import { LongRunningUpdates } from '../updates/long-running-updates.js';
import { checkpointConflictIn } from './checkpoint-conflict.js';
import { DeliveryClaims } from './delivery-claims.js';
import { waitForStoppedRun } from './wait-for-stopped-run.js';

/** Options of {@link resumeOnCompletion}. */
export interface ResumeOnCompletionOptions extends LongRunningQueueOptions {
  /** The agent whose runs are resumed (the one that started them, rebuilt in this process). */
  agent: Agent;
  /** The checkpoint store the runs were started with (`agent.run(input, { checkpoints })`). */
  checkpoints: CheckpointStore;
  /**
   * The session store of runs started with a session (`agent.run(input, { checkpoints, session })`):
   * each such run is resumed with its own session (`sessions.open(state.session)`), which so gets the
   * delivered result and what followed. Without it (and no `resumeOptions.session`) the delivery to such a
   * run fails with a `LongRunningOptionsError` naming the session (to `onError`), and the update can be
   * delivered again once a resumer has the store.
   */
  sessions?: SessionStore;
  /** Further options of each `agent.resume` (metadata, per-run tools). */
  resumeOptions?: Omit<ResumeOptions, 'checkpoints'>;
  /** Resume the run on progress updates too (one model call each); default false: final results only. */
  progress?: boolean;
  /** Told each run resumed with an update, and the update. Awaited. */
  onResumed?: (run: RunResult, update: LongRunningUpdate) => unknown;
  /** Receives what could not be delivered and why; default a process warning. */
  onError?: (error: unknown) => void;
  /** How long an update waits for its run to stop when it is still running (its process busy, or dead and not yet recovered); default 10 minutes. */
  waitForRunMs?: number;
  /** How long a process's claim on delivering an update holds (see docs/reference/bullmq.md); default `waitForRunMs` plus 5 minutes. */
  claimMs?: number;
  /**
   * How many times one update is delivered when another process keeps moving the run on first
   * (the resume's checkpoint save refused with `CheckpointConflictError`): each time the run's
   * checkpoint is loaded again and the update applied to it. Default 5; then `LongRunningConflictError`.
   */
  conflictAttempts?: number;
}

/**
 * Resumes runs with the results of their long-running BullMQ calls, in any process: on each final
 * update (and each progress update with `progress: true`) it loads the run's checkpoint, gives the
 * update with `state.update(callId, value, { final })` and continues the run with `agent.resume`.
 * Every process that runs a resumer for the queue receives every update; one of them claims it in
 * Redis and delivers it. A run still running is waited for (up to `waitForRunMs`); a call whose
 * result is already delivered, or a run without a checkpoint in the store, is left alone. Updates
 * are merged, never overwritten: when another process moved the run on after its checkpoint was
 * loaded (two calls of one run finishing at once, each delivered by its own process), the resume is
 * refused with `CheckpointConflictError`, and the update is applied again to the checkpoint as it
 * now is (after waiting for the run to stop), up to `conflictAttempts` times.
 */
export class LongRunningResumer {
  private closing: Promise<void> | undefined;
  private readonly stop = new AbortController();

  private constructor(
    private readonly options: ResumeOnCompletionOptions,
    private readonly claims: DeliveryClaims,
    private readonly client: BorrowedClient,
    private updates: LongRunningUpdates | undefined,
  ) {}

  /**
   * @param options - see {@link resumeOnCompletion}
   * @returns the running resumer
   */
  static async start(options: ResumeOnCompletionOptions): Promise<LongRunningResumer> {
    const { queueName, connection, prefix } = checkQueueOptions(options, true);
    const { agent, checkpoints } = options;
    if (typeof agent?.resume !== 'function') throw new LongRunningOptionsError('agent', agent, 'the Agent whose runs are resumed');
    if (typeof checkpoints?.load !== 'function')
      throw new LongRunningOptionsError('checkpoints', checkpoints, 'the CheckpointStore the runs were started with');
    if (options.sessions !== undefined && typeof options.sessions?.open !== 'function')
      throw new LongRunningOptionsError('sessions', options.sessions, 'the SessionStore the runs were started with');
    const waitForRunMs = checkedMs('waitForRunMs', options.waitForRunMs, 600_000);
    const claimMs = checkedMs('claimMs', options.claimMs, waitForRunMs + 300_000);
    const client = redisClientOf(connection);
    if (client === undefined) throw new LongRunningOptionsError('connection', connection, 'an ioredis client or ioredis options');
    const claims = new DeliveryClaims(client.client, `${prefix ?? 'bull'}:${queueName}`, claimMs);
    const conflictAttempts = checkedAttempts(options.conflictAttempts);
    const resumer = new LongRunningResumer({ ...options, waitForRunMs, conflictAttempts }, claims, client, undefined);
    try {
      resumer.updates = await LongRunningUpdates.listen(
        { queueName, connection, ...(prefix === undefined ? {} : { prefix }), ...(options.onError ? { onError: options.onError } : {}) },
        (update) => resumer.deliver(update),
      );
    } catch (error) {
      await client.release();
      throw error;
    }
    return resumer;
  }

  /**
   * Delivers one update to its run and resumes it, unless another process claimed it, the call's
   * result is already delivered, or the store has no checkpoint of the run.
   * @param update - the update
   * @returns the resumed run, or undefined when there was nothing to do here
   * @throws LongRunningResumeError when the run was still running after `waitForRunMs`; LongRunningConflictError when
   *   other processes moved the run on first `conflictAttempts` times; what the store or the agent threw
   */
  async deliver(update: LongRunningUpdate): Promise<RunResult | undefined> {
    if (!update.final && this.options.progress !== true) return undefined;
    if (!(await this.claims.claim(update))) return undefined;
    try {
      const run = await this.resumeWith(update);
      if (run !== undefined) await this.options.onResumed?.(run, update);
      return run;
    } catch (error) {
      await this.claims.release(update).catch(() => undefined);
      throw error;
    }
  }

  private async resumeWith(update: LongRunningUpdate): Promise<RunResult | undefined> {
    const { agent, checkpoints, resumeOptions, waitForRunMs, conflictAttempts } = this.options;
    for (let attempt = 1; ; attempt++) {
      const state = await waitForStoppedRun(checkpoints, update.runId, waitForRunMs!, this.stop.signal);
      if (state === 'running') throw new LongRunningResumeError(update.runId, update.callId, waitForRunMs!);
      if (state === undefined || !state.pending.some((call) => call.callId === update.callId)) return undefined;
      state.update(update.callId, update.value, { final: update.final });
      try {
        return await agent.resume(state, { ...resumeOptions, ...this.sessionOf(state), checkpoints });
      } catch (error) {
        const conflict = checkpointConflictIn(error);
        if (conflict === undefined || this.stop.signal.aborted) throw error;
        if (attempt >= conflictAttempts!) throw new LongRunningConflictError(update.runId, update.callId, attempt, conflict);
      }
    }
  }

  /** The resume's `session` option for a run started with a session. */
  private sessionOf(state: RunState): Pick<ResumeOptions, 'session'> {
    const key = state.session;
    if (key === undefined) return {};
    const { sessions } = this.options;
    if (sessions !== undefined) return { session: sessions.open(key) };
    if (this.options.resumeOptions?.session !== undefined) return {};
    // Resuming it without its session would lose what the session was told (the core refuses it too).
    throw new LongRunningOptionsError(
      'sessions',
      undefined,
      `the SessionStore run ${state.runId} was started with (its state records the session ${key.appName}/${key.userId}/${key.sessionId})`,
    );
    return {};
  }

  /**
   * Delivers the results of a run's long-running calls whose jobs ended while no resumer listened
   * (after `agent.recover(runId, { checkpoints })` in a new process, say).
   * @param runId - the run
   * @returns the run as the last delivery left it, or undefined when none was delivered
   */
  async catchUp(runId: string): Promise<RunResult | undefined> {
    const saved = await loadCheckpoint(this.options.checkpoints, runId, this.stop.signal);
    if (saved === undefined) return undefined;
    let last: RunResult | undefined;
    for (const call of RunState.fromJSON(saved.checkpoint).pending) {
      const update = await this.updates!.finalUpdate(longRunningJobId(`${runId}:${call.callId}`));
      if (update !== undefined) last = (await this.deliver(update)) ?? last;
    }
    return last;
  }

  /**
   * Stops listening, stops waiting for runs (a delivery waiting for its run, or for a checkpoint store's
   * `load`, rejects with LongRunningResumerClosedError and its update can be delivered again), lets the
   * deliveries under way (their runs resuming) end, and closes the connections. Idempotent.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.stop.abort(new LongRunningResumerClosedError());
      await this.updates?.close();
      await this.client.release();
    })();
    return this.closing;
  }
}

/**
 * Starts resuming runs with the results of their long-running BullMQ calls (see {@link LongRunningResumer}).
 * @param options - the queue, the agent and the checkpoint store of its runs
 * @returns the running resumer; `close()` it at shutdown
 * @throws LongRunningOptionsError for a missing or bad option
 * @example
 * const checkpoints = new RedisCheckpointStore({ url });
 * const resumer = await resumeOnCompletion({ queueName: 'long-running', connection, agent, checkpoints,
 *   onResumed: (run) => console.log(run.text) });
 * const recovered = await agent.recover(runId, { checkpoints }); // a run whose process died
 * await resumer.catchUp(runId);                                     // results that arrived meanwhile
 */
export function resumeOnCompletion(options: ResumeOnCompletionOptions): Promise<LongRunningResumer> {
  return LongRunningResumer.start(options);
}

function checkedAttempts(value: unknown): number {
  if (value === undefined) return 5;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new LongRunningOptionsError('conflictAttempts', value, 'a whole number of at least 1');
  return value;
}

function checkedMs(option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new LongRunningOptionsError(option, value, 'a number of milliseconds, 0 or more');
  return value;
}
