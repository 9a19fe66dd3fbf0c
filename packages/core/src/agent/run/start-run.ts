import { AgentState } from '../../context/agent-state.js';
import { runInScope } from '../../environment/run-in-scope.js';
import type { ToolPipeline } from '../../environment/tool-pipeline.js';
import { CheckpointConflictError } from '../../errors/checkpoint-conflict-error.js';
import { CheckpointSaveError } from '../../errors/checkpoint-save-error.js';
import { readModelSettings, readProviderOptions } from '../read-model-settings.js';
import { InvalidRunOptionsError } from '../../errors/invalid-run-options-error.js';
import { InvalidStateKeyError } from '../../errors/invalid-state-key-error.js';
import { SessionSaveError } from '../../errors/session-save-error.js';
import { checkMethods } from '../check-methods.js';
import { storeOutput } from '../output-key.js';
import { reconcileWithCheckpoint } from '../pausing/reconcile-checkpoint.js';
import type { Checkpointer } from './checkpointer.js';
import { RunState } from '../pausing/run-state.js';
import { RunDeadline } from '../run-deadline.js';
import type { ResumeOptions, RunOptions } from '../run-options.js';
import type { CheckpointStore } from '../../checkpoints/checkpoint-store.js';
import type { RunResult } from '../run-result.js';
import { RunTranscript } from '../run-transcript.js';
import type { Session } from '../session.js';
import type { ChatMessage } from '../../model/messages.js';
import type { AgentEvent } from '../streaming/agent-event.js';
import type { EventChannel } from '../streaming/event-channel.js';
import type { StreamCancel } from '../streaming/stream-cancel.js';
import type { RunEvents } from '../streaming/run-events.js';
import { lineageOf, runTimeLimit } from './lineage.js';
import { Run, type RunInit } from './run.js';
import { newRunId } from './run-id.js';
import type { RunAgent } from './run-agent.js';
import { guardedLoop } from '../guardrails/guarded-loop.js';
import { runLoop, runLoopTo, type Outcome } from './run-loop.js';
import { newRunRecord, type RunRecord } from './run-record.js';
import { batchAnswers } from './batch-answers.js';
import { emitOutput, settleOutput } from '../output/final-output.js';
import { loadSession, planSessionSave, saveToSession } from './run-session.js';

const noHistory: readonly ChatMessage[] = Object.freeze([]);

/** What a run starts from: a user message, or a saved state. @internal */
export type RunStart = { input: string } | { state: RunState };

/**
 * Runs an agent from a user message or a state, start to end: reads the session (a new run), makes
 * the run's record (or takes the state's), brings a resumed state up to its checkpoint, makes the
 * {@link Run}, runs its loop within the features' hooks and scopes, then builds the result,
 * checkpoints and saves to the session. The one path of `run`, `stream`, `resume` and `recover`.
 * A new run without a session gets to its loop with no await (no async frame of its own).
 * @param agent - the agent the run belongs to
 * @param start - the user message, or the state to resume
 * @param options - the run's options
 * @param channel - the run's stream, when it is streamed
 * @param stream - a streamed run's cancellation (its reader stopped early), which the run's deadline watches
 * @returns the run's result (every failure, a bad option included, as a rejection)
 * @internal
 */
export function startRun(
  agent: RunAgent,
  start: RunStart,
  options: RunOptions,
  channel?: EventChannel<AgentEvent>,
  stream?: StreamCancel,
): Promise<RunResult> {
  try {
    const handle = openRecord(agent, start, options);
    return handle instanceof Promise
      ? handle.then((opened) => runRecord(agent, start, options, opened, channel, stream))
      : runRecord(agent, start, options, handle, channel, stream);
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * Checks the run's options and gives the handle of its record: the state's, or a new run's (its
 * transcript started, after its session's history when it has a session: a promise then).
 */
function openRecord(agent: RunAgent, start: RunStart, options: RunOptions): RunState | Promise<RunState> {
  const resumed = 'state' in start ? start.state : undefined;
  const { session } = options;
  checkMethods(
    'checkpoints',
    options.checkpoints,
    ['save', 'load', 'delete'],
    'a CheckpointStore (InMemoryCheckpointStore, FileCheckpointStore, RedisCheckpointStore)',
    'run',
  );
  if (options.runId !== undefined && (typeof options.runId !== 'string' || options.runId.length === 0 || resumed !== undefined))
    throw new InvalidRunOptionsError(
      'runId',
      options.runId,
      resumed === undefined ? 'a non-empty string' : 'absent when resuming (the state has its run id)',
    );
  checkStartOptions(options);
  readModelSettings(undefined, options.modelSettings, 'run');
  readProviderOptions(undefined, options.providerOptions, 'run');
  if (resumed !== undefined) {
    if (session !== undefined || resumed.record.session !== undefined) checkSameSession(resumed.record, session);
    return resumed;
  }
  const record = newRunRecord(options.runId ?? newRunId(), agent.name);
  const input = (start as { input: string }).input;
  if (session === undefined) {
    const state = options.state instanceof AgentState ? options.state.toJSON() : options.state;
    startRecord(agent, options, record, options.history ?? noHistory, state, input);
    return new RunState(record);
  }
  return loadSession(session, options, agent.settings.limits.maxDurationMs).then(({ history, state }) => {
    startRecord(agent, options, record, history, state, input);
    const { appName, userId, sessionId } = session;
    // The session has everything before the new user message.
    record.session = { appName, userId, sessionId, savedMessages: record.messages.length - 1, placeholders: [] };
    return new RunState(record);
  });
}

/** Checks the history and state a new run starts from (what plain JavaScript might pass instead). */
function checkStartOptions(options: RunOptions): void {
  const { history, state } = options as { history?: unknown; state?: unknown };
  // No history: absent (or null, as plain JavaScript may say it).
  if (history !== undefined && history !== null && !Array.isArray(history))
    throw new InvalidRunOptionsError('history', history, "an array of messages (a run's result.messages, say)");
  if (state !== undefined && (typeof state !== 'object' || state === null || Array.isArray(state)))
    throw new InvalidRunOptionsError('state', state, 'an object of state values (or an AgentState)');
}

/** A new run's initial state, transcript and tool choice. */
function startRecord(
  agent: RunAgent,
  options: RunOptions,
  record: RunRecord,
  history: readonly ChatMessage[],
  state: Readonly<Record<string, unknown>> | undefined,
  input: string,
): void {
  initialState(record, state);
  RunTranscript.start(record, agent.settings.instructions, history, input);
  const toolChoice = options.toolChoice ?? agent.settings.toolChoice;
  if (toolChoice !== undefined) record.toolChoice = toolChoice;
}

/**
 * Runs a record: its deadline, the state marked busy, then its {@link Run}'s loop (a resumed run
 * with checkpoints first brings its record up to the checkpoint and claims the run). The state is
 * released and the deadline disposed however it ends.
 */
function runRecord(
  agent: RunAgent,
  start: RunStart,
  options: RunOptions,
  handle: RunState,
  channel: EventChannel<AgentEvent> | undefined,
  stream: StreamCancel | undefined,
): Promise<RunResult> {
  const { record } = handle;
  const lineage = lineageOf(options);
  const deadline = new RunDeadline(
    runTimeLimit(lineage, Math.max(0, agent.settings.limits.maxDurationMs - record.elapsedMs)),
    options.signal,
    stream,
  );
  handle.busy = true;
  const input = 'input' in start ? start.input : undefined;
  const init: RunInit = { root: agent, record, handle, options, lineage, deadline, channel, session: options.session };
  if ('state' in start && options.checkpoints !== undefined) return runClaimed(init, options.checkpoints, input);
  let run: Run;
  try {
    run = new Run(init);
  } catch (error) {
    release(handle, deadline);
    throw error;
  }
  return execute(run, input);
}

/**
 * A resumed run with checkpoints: its record brought up to its checkpoint, then the run claimed (a
 * compare-and-set on the checkpoint it read: of two processes resuming the same run at once, one goes
 * on and the other stops before any model or tool call; the claim marks the run running and owned, so a
 * later resume or recover is refused with RunInProgressError while it runs), then its loop.
 */
async function runClaimed(init: RunInit, checkpoints: CheckpointStore, input: string | undefined): Promise<RunResult> {
  let run: Run | undefined;
  try {
    const { allowMissingCheckpoint, takeOver } = init.options as ResumeOptions;
    await reconcileWithCheckpoint(init.record, checkpoints, init.deadline.signal, {
      allowMissing: allowMissingCheckpoint === true,
      takeOver: takeOver === true,
    });
    run = new Run(init);
    // The claim marks the run running and owned by this process: another resume or recover meanwhile is refused.
    await (run.checkpoints as Checkpointer).claim();
  } catch (error) {
    run?.checkpoints.release?.();
    release(init.handle, init.deadline);
    throw error;
  }
  return execute(run, input);
}

/** The run's loop, inside the features' execution scopes, its output settled (an agent with an output type). */
function settledLoop(run: Run, pipeline: ToolPipeline): Promise<Outcome> {
  const loop =
    pipeline.scopes.length === 0
      ? runLoop(run)
      : runInScope(pipeline, { kind: 'run', runId: run.runId, agentName: run.root.name }, () => runLoop(run));
  return run.root.settings.output === undefined ? loop : loop.then((outcome) => settleOutput(run, outcome));
}

/** The run has ended: its state is free again, and its deadline's timer and listener are gone. */
function release(handle: RunState, deadline: RunDeadline): void {
  handle.busy = false;
  deadline.dispose();
}

function initialState(record: RunRecord, state: Readonly<Record<string, unknown>> | undefined): void {
  if (state === undefined) return;
  for (const key in state) {
    if (!Object.hasOwn(state, key)) continue;
    if (key === '__proto__')
      throw new InvalidRunOptionsError('state', state, `state keys other than '__proto__' (${new InvalidStateKeyError(key).message})`);
    record.state[key] = state[key];
  }
}

function checkSameSession(record: RunRecord, session: Session | undefined): void {
  const mark = record.session;
  if (session === undefined) {
    // The state records the session: resumed without it, the session would miss the resumed results.
    const { appName, userId, sessionId } = mark!;
    throw new InvalidRunOptionsError(
      'session (of resume options)',
      session,
      `the session the run was started with (${appName}/${userId}/${sessionId}), which its state records: resumed without it, the session would never get the resumed results (open it again from its store and pass it: resume(state, { session }))`,
    );
  }
  if (mark !== undefined && mark.appName === session.appName && mark.userId === session.userId && mark.sessionId === session.sessionId)
    return;
  const expected =
    mark === undefined
      ? 'absent: this run was not started with a session (start a run with one; its messages are saved when it stops)'
      : `the session the run was started with (${mark.appName}/${mark.userId}/${mark.sessionId}), so that it gets the resumed results; this one is ${session.appName}/${session.userId}/${session.sessionId}`;
  throw new InvalidRunOptionsError('session (of resume options)', session, expected);
}

/**
 * Runs the run's loop within the features' hooks and scopes, and finishes it; the run is released however it ends.
 * A run with nothing to wait for once its loop ends (no checkpoints or session, and run hooks that
 * answer at once: most runs, streamed or not) takes the same steps with no async frame.
 */
function execute(run: Run, input: string | undefined): Promise<RunResult> {
  if (run.checkpoints.active || run.session !== undefined) return executeObserved(run, input);
  if (run.hooks.observesRuns) {
    // Run hooks that answer at once (most) keep the run on this path; one that waits takes the other.
    let starting: Promise<undefined> | undefined;
    try {
      starting = run.hooks.runStarting(input ?? '');
    } catch (error) {
      starting = Promise.reject(error as Error);
    }
    if (starting !== undefined) return executeObserved(run, input, starting);
  }
  const { pipeline, output } = run.root.settings;
  let loop: Promise<Outcome>;
  try {
    run.resumeActiveAgent();
    // Nothing around the loop (most runs): its promise is the result's.
    if (pipeline.scopes.length === 0 && output === undefined && !guardedRun(run)) return runLoopTo<RunResult>(run, finishPlain, failPlain);
    loop = guardedOutcome(run, input);
  } catch (error) {
    return failedPlain(run, error);
  }
  return loop.then(
    (outcome) => finishPlain(run, outcome),
    (error: unknown) => failedPlain(run, error),
  );
}

/**
 * A run with nothing to wait for once its loop ends (but its run hooks) stopped: its result, its
 * stream and its `onRunCompleted` hooks told, the run released.
 */
function finishPlain(run: Run, outcome: Outcome): RunResult | Promise<RunResult> {
  let result: RunResult;
  try {
    emitOutput(run, outcome);
    result = finish(run, outcome);
  } catch (error) {
    return failedPlain(run, error);
  }
  let completed: Promise<undefined> | undefined;
  try {
    const { events } = run.context;
    if (events.active) tellInterruptions(events, result);
    const { hooks } = run;
    if (hooks.observesRuns)
      completed = hooks.runCompleted({ stopReason: result.stopReason, usage: result.usage, durationMs: result.durationMs });
  } catch (error) {
    endPlain(run);
    throw error;
  }
  if (completed === undefined) return endPlain(run, result);
  return completed.then(() => endPlain(run, result));
}

/** The end of a finished run on the plain path: its `run_completed` event, the run released. */
function endPlain(run: Run): void;
function endPlain(run: Run, result: RunResult): RunResult;
function endPlain(run: Run, result?: RunResult): RunResult | undefined {
  try {
    const { events } = run.context;
    if (result !== undefined) {
      events.enqueueRunCompleted(result);
      // Nothing comes after it on this path.
      events.endOwnStream();
    }
    return result;
  } finally {
    run.checkpoints.release?.();
    release(run.handle, run.deadline);
  }
}

/**
 * A run on the plain path failed: its record kept to go on, its `onRunCompleted` hooks told (waited
 * for when one waits), the run released.
 * @returns the wait for the hooks, if one waits
 */
function failPlain(run: Run, error: unknown): Promise<void> | undefined {
  stopFailed(run, error);
  const { hooks, record, handle, deadline } = run;
  const failed = hooks.observesRuns ? hooks.runCompleted({ error, usage: { ...record.usage }, durationMs: run.elapsedMs }) : undefined;
  if (failed === undefined) {
    release(handle, deadline);
    return undefined;
  }
  return failed.then(() => release(handle, deadline));
}

/** {@link failPlain}, then the failure as a rejection (once the hooks that wait are done). */
function failedPlain(run: Run, error: unknown): Promise<never> {
  const waiting = failPlain(run, error);
  return waiting === undefined ? Promise.reject(error as Error) : waiting.then(() => Promise.reject(error as Error));
}

/** A streamed run's `interruption` events: one per call it stopped waiting for. */
function tellInterruptions(events: RunEvents, result: RunResult): void {
  for (const item of result.interruptions)
    events.enqueue({
      type: 'interruption',
      kind: item.kind,
      callId: item.callId,
      toolName: item.toolName,
      arguments: item.arguments,
      // A call waiting in an AgentTool's sub-run is its agent's.
      ...(item.parentCallId === undefined ? {} : { agentName: item.agentName }),
    });
}

/** The run's loop, its output settled, within its guardrails when it has some (or sub-agents, which may have some). */
function guardedOutcome(run: Run, input: string | undefined): Promise<Outcome> {
  const { pipeline } = run.root.settings;
  // The output is settled inside the guardrails: output guardrails see it, and withhold it on a trip.
  return guardedRun(run) ? guardedLoop(run, input, () => settledLoop(run, pipeline)) : settledLoop(run, pipeline);
}

/** Whether the run's loop runs within guardrails: its agent's, or its sub-agents' (which may have some). */
function guardedRun(run: Run): boolean {
  const { inputGuardrails, outputGuardrails } = run.root.settings;
  return inputGuardrails !== undefined || outputGuardrails !== undefined || run.root.subAgents.length > 0;
}

/**
 * A run failed before it finished: its record keeps what happened (results of a finished batch,
 * delivered updates) so that it can go on, its last checkpoint names no owner (it can be recovered at
 * once) and is saved soon, unless another process took the run over.
 */
function stopFailed(run: Run, error: unknown): void {
  const { record, checkpoints } = run;
  record.status = 'running';
  run.stop();
  checkpoints.release?.();
  if (!CheckpointConflictError.isInstance(error)) {
    if (run.session !== undefined && checkpoints.active) planSessionSave(record, run.values.delta, run.values.writtenKeys);
    checkpoints.saveSoon();
  }
}

/**
 * {@link execute} of a run with checkpoints, a session, or a run hook that waits.
 * @param starting - the wait of the `onRunStarting` hooks, when they were told already
 */
async function executeObserved(run: Run, input: string | undefined, starting?: Promise<undefined>): Promise<RunResult> {
  const { record, context, deadline, hooks, checkpoints } = run;
  let finished = false;
  try {
    const begun = starting ?? hooks.runStarting(input ?? '');
    if (begun !== undefined) await begun;
    run.resumeActiveAgent();
    const outcome = await guardedOutcome(run, input);
    emitOutput(run, outcome);
    const result = finish(run, outcome);
    finished = true;
    tellInterruptions(context.events, result);
    // The checkpoint has the session append planned before it is sent: a retry from it sends the same one.
    if (run.session !== undefined && checkpoints.active) planSessionSave(record, result.stateDelta, run.values.writtenKeys);
    if (checkpoints.active)
      await saveLastCheckpoint(run, result).catch(async (error: unknown) => {
        // The session save and the checkpoint save are independent: the session gets the run anyway (a
        // run that lost its claim to another process leaves the session to that one).
        if (run.session !== undefined && !CheckpointConflictError.isInstance(error))
          await saveToSession(run.session, record, result.stateDelta, run.values.writtenKeys).catch(warnSessionSave);
        throw error;
      });
    const completed = hooks.runCompleted({ stopReason: result.stopReason, usage: result.usage, durationMs: result.durationMs });
    if (completed !== undefined) await completed;
    context.events.enqueueRunCompleted(result);
    if (run.session !== undefined) {
      let moved: boolean;
      try {
        moved = await saveToSession(run.session, record, result.stateDelta, run.values.writtenKeys);
      } catch (error) {
        const { appName, userId, sessionId } = run.session;
        throw new SessionSaveError(`${appName}/${userId}/${sessionId}`, result, error);
      }
      // The checkpoint gets the moved session mark too, or a resume from it would send the session this part again.
      if (moved && checkpoints.active) await saveLastCheckpoint(run, result);
    }
    return result;
  } catch (error) {
    if (!finished) {
      stopFailed(run, error);
      const failed = hooks.runCompleted({ error, usage: { ...record.usage }, durationMs: run.elapsedMs });
      if (failed !== undefined) await failed;
      if (run.session !== undefined && !CheckpointConflictError.isInstance(error))
        await saveToSession(run.session, record, run.values.delta, run.values.writtenKeys).then(
          // The session mark moved: the failed run's checkpoint gets it (a recover then sends only what is new).
          (moved) => (moved && checkpoints.active ? checkpoints.save().catch(ignore) : undefined),
          warnSessionSave,
        );
    }
    throw error;
  } finally {
    checkpoints.release?.();
    release(run.handle, deadline);
  }
}

/** Saves a stopped run's checkpoint and waits for it: a failure is a CheckpointSaveError carrying the result. */
async function saveLastCheckpoint(run: Run, result: RunResult): Promise<void> {
  try {
    await run.checkpoints.save();
  } catch (error) {
    if (CheckpointConflictError.isInstance(error) || InvalidRunOptionsError.isInstance(error)) throw error;
    // An aborted run does not wait for its last checkpoint (it is still written, in order).
    if (!run.deadline.aborted) throw new CheckpointSaveError(run.runId, (error as CheckpointSaveError).cause, result);
  }
}

function ignore(): void {}

/** A run that throws anyway (it failed, or its last checkpoint could not be saved) could not be saved to its session either. */
function warnSessionSave(error: unknown): void {
  process.emitWarning(`toolcraft: a failed run could not be saved to its session: ${String(error)}`, 'SessionSaveWarning');
}

/** The run stopped: its record says why, and the result is built from it. */
function finish(run: Run, outcome: Outcome): RunResult {
  const { record, transcript, context } = run;
  const text = outcome.text ?? transcript.lastAssistantText;
  storeOutput(context.state, run.agent.settings.outputKey, outcome.stopReason, text);
  record.status = outcome.stopReason;
  if (outcome.text !== undefined) record.text = outcome.text;
  if (outcome.transferTo !== undefined) record.transferTo = outcome.transferTo;
  // Actions are kept only while a batch waits: they are acted on when it completes.
  if (record.batch === undefined) delete record.actions;
  run.stop();
  const { handle } = run;
  const subRuns = run.subRunsReport();
  // Every field a result always has in one literal (no store grown field by field), then the optional ones when present.
  const result = {
    runId: record.runId,
    agentName: run.agent.name,
    handoffs: run.handoffs,
    text,
    stopReason: outcome.stopReason,
    messages: resultMessages(record),
    toolCalls: resultToolCalls(run),
    usage: run.usageWithSubRuns(record.usage),
    stateDelta: run.values.delta,
    durationMs: run.elapsedMs,
    state: handle,
    interruptions: outcome.stopReason === 'interrupted' ? handle.interruptions : [],
    pending: handle.pending,
  } as RunResult;
  if ('output' in outcome) result.output = outcome.output;
  else if (outcome.outputError !== undefined) result.outputError = outcome.outputError;
  if (subRuns !== undefined) result.subRuns = subRuns;
  if (outcome.transferTo !== undefined) result.transferTo = outcome.transferTo;
  if (record.finishReason !== undefined) result.finishReason = record.finishReason;
  if (run.guardrail !== undefined) result.guardrail = run.guardrail;
  const memory = run.root.settings.extras.memoryReport(run);
  if (memory !== undefined) result.memory = memory;
  return result;
}

/**
 * The run's messages; for a run that stopped with a waiting batch, with that batch answered: the calls
 * that ran with their real results, the calls that wait as not executed (a transcript any provider takes back).
 */
function resultMessages(record: RunRecord): RunResult['messages'] {
  const { batch } = record;
  if (batch === undefined) return record.messages;
  return [...record.messages, ...batchAnswers(batch)];
}

/** The executed calls: the transcript's, then the calls of a waiting batch that have run. */
function resultToolCalls(run: Run): RunResult['toolCalls'] {
  const calls = run.transcript.toolCalls();
  const { batch } = run.record;
  if (batch === undefined) return calls;
  for (const entry of batch)
    if (entry.result !== undefined)
      calls.push({
        id: entry.callId,
        name: entry.toolName,
        arguments: entry.arguments,
        result: run.transcript.received(entry.callId) ?? { id: entry.callId, name: entry.toolName, ...entry.result },
      });
  return calls;
}
