import { abortOf, AbortSource, withLazySignal } from '../../environment/abort-watchers.js';
import type { ToolExecutionOptions } from '../../environment/agent-environment-options.js';
import { runsAlone } from '../../environment/ordered-batch.js';
import type { ReceivedToolResult, ToolCall } from '../../environment/tool-call.js';
import { CredentialRequiredError } from '../../errors/credential-required-error.js';
import type { ModelToolCall } from '../../model/messages.js';
import type { AnyTool } from '../../tools/abstract-tool.js';
import { SubAgentInterruptedError } from '../errors/sub-agent-interrupted-error.js';
import { needsApproval, policyMayAsk } from '../pausing/approval-policy.js';
import { RunState } from '../pausing/run-state.js';
import { ToolCallEvents } from '../streaming/tool-call-events.js';
import type { TurnToolSet } from '../turn-tools.js';
import type { Run } from './run.js';
import type { BatchEntry, RecordedResult } from './run-record.js';

/**
 * Whether a turn's calls may be answered without batch bookkeeping: no tool of the turn can ask to
 * wait before it runs (approval, declaration-only), and the run saves no checkpoints. A call may
 * still pause while it runs (a credential, a paused sub-run): {@link answerDirectly} handles that.
 * A run that cannot pause so makes no batch at all.
 * @param run - the run
 * @param set - the turn's tools
 * @returns true for the direct path
 */
export function answersDirectly(run: Run, set: TurnToolSet): boolean {
  return !set.pausable && !policyMayAsk(run.agent.settings.approvals) && !run.checkpoints.active;
}

/**
 * The stream events of the run's calls, when the run is streamed (made once per run).
 * @param run - the run
 * @returns the run's tool call events, or undefined
 */
export function toolCallEvents(run: Run): ToolCallEvents | undefined {
  return run.events.active ? (run.toolEvents ??= new ToolCallEvents(run.events)) : undefined;
}

/**
 * Runs a turn's calls on the direct path (their `tool_call_started` events emitted before, when streamed).
 * @param run - the run
 * @param set - the turn's tools
 * @param calls - the model's calls
 * @param events - the turn's stream events, when streamed
 * @returns the calls' results, within their budgets
 */
export function executeDirectly(
  run: Run,
  set: TurnToolSet,
  calls: readonly ModelToolCall[],
  events: ToolCallEvents | undefined,
): Promise<ReceivedToolResult[]> {
  if (events === undefined) return executeCalls(run, set, calls, run.execution);
  // One call whose result is not budgeted: its `tool_call_completed` comes with the turn's results
  // (`answerDirectly`), at the same point in the stream, without a result listener and its promise.
  const options =
    calls.length === 1 && !run.agent.settings.extras.budgets(set.environment.registry)
      ? (events.oneCallExecution ??= withListeners(run.execution, events.progressListener()))
      : (run.streamedExecution ??= withListeners(run.execution, events.listeners()));
  return executeCalls(run, set, calls, options);
}

/**
 * Answers a turn's calls at once with their results (from {@link executeDirectly}): they go straight
 * to the transcript. Should a call have paused (control flow: a credential request, a paused sub-run),
 * the turn becomes the run's batch, with the results that came recorded and the paused calls waiting.
 * @param run - the run
 * @param set - the turn's tools
 * @param calls - the model's calls
 * @param results - their results, in order
 * @param events - the turn's stream events, when streamed
 * @returns true when every call has its result (and the transcript has them)
 */
export function answerDirectly(
  run: Run,
  set: TurnToolSet,
  calls: readonly ModelToolCall[],
  results: readonly ReceivedToolResult[],
  events: ToolCallEvents | undefined,
): boolean {
  let paused = false;
  for (let index = 0; index < results.length; index++) if (results[index]!.paused === true) paused = true;
  events?.finished(paused ? results.filter((result) => result.paused !== true) : results);
  if (!paused) {
    for (let index = 0; index < results.length; index++) {
      const result = results[index]!;
      run.transcript.receive(result);
      openIfLongRunning(run, set, calls[index]!.id, calls[index]!.name, calls[index]!.arguments, result);
    }
    run.transcript.addResults(calls, results);
    return true;
  }
  const entries: BatchEntry[] = calls.map((call) => ({ callId: call.id, toolName: call.name, arguments: call.arguments }));
  run.record.batch = entries;
  for (let index = 0; index < results.length; index++) recordResult(run, set, entries[index]!, results[index]!);
  return false;
}

/**
 * The entries of a new batch, one per call of the model's turn, each with the gate it must pass: a
 * declaration-only tool waits for its result, a call needing approval (the tool's `needsApproval`, else
 * the agent's policy, evaluated now, when the turn arrives) for a person's yes.
 * @param run - the run
 * @param set - the turn's tools
 * @param calls - the turn's calls
 * @returns the entries, in the calls' order
 */
export async function openBatch(run: Run, set: TurnToolSet, calls: readonly ModelToolCall[]): Promise<BatchEntry[]> {
  const entries: BatchEntry[] = calls.map((call) => ({ callId: call.id, toolName: call.name, arguments: call.arguments }));
  if (!set.pausable && !policyMayAsk(run.agent.settings.approvals)) return entries;
  await Promise.all(
    entries.map(async (entry) => {
      const gate = await gateOf(run, set, entry);
      if (gate !== undefined) entry.gate = gate;
    }),
  );
  return entries;
}

/**
 * The gate a call must pass before it runs, from its tool (never from a saved state): `'result'` for a
 * declaration-only tool, `'approval'` when the tool's `needsApproval` or the agent's policy asks. A
 * predicate is asked with the arguments decoded as the environment decodes them (the agent's
 * `argumentLimits`); arguments it cannot decode are gated all the same (fail closed): a person sees them.
 * @param run - the run
 * @param set - the turn's tools
 * @param entry - the call
 * @returns the gate, or undefined when the call may run at once
 */
export async function gateOf(run: Run, set: TurnToolSet, entry: BatchEntry): Promise<'approval' | 'result' | undefined> {
  const policy = run.agent.settings.approvals;
  const tool = set.environment.registry.findTool(entry.toolName);
  if (tool === undefined) return undefined;
  if (tool.declarationOnly) return 'result';
  const own = tool.needsApproval;
  if (own === false || (own === undefined && !policyMayAsk(policy))) return undefined;
  const timeoutMs = tool.timeoutMs ?? set.environment.toolTimeoutMs;
  // Decoded as the environment decodes the call (the same decoder, the agent's argumentLimits): arguments
  // that do not decode here fail validation there, so the call never runs and the model gets the error
  // to correct itself; no person is asked about a call that cannot run.
  const decoded = tool.argsDecoder.decode(entry.arguments, set.environment.argumentLimits);
  if (!decoded.ok) return undefined;
  const args: unknown = own === true || (own === undefined && typeof policy !== 'function') ? undefined : decoded.value;
  return (await needsApproval({ tool, args, callId: entry.callId }, policy, run.context, timeoutMs)) ? 'approval' : undefined;
}

/**
 * Before a resumed run answers its batch. After a crash: a call that started but has no recorded
 * result may have run. An idempotent one runs again (with the same idempotency key); any other waits
 * for approval, marked `inDoubt`, with the arguments it started with (an approval's edited ones
 * included). Then every call that waits for nothing gets its gate again from its tool (never from the
 * saved state, which may have been edited): a call whose tool needs approval waits for it.
 * @param run - the run
 * @param set - the turn's tools
 */
export async function resumeBatch(run: Run, set: TurnToolSet): Promise<void> {
  const entries = run.record.batch!;
  markInDoubt(entries, set);
  const free = entries.filter((entry) => entry.gate === undefined && entry.result === undefined && entry.decision === undefined);
  if (free.length === 0 || (!set.pausable && !policyMayAsk(run.agent.settings.approvals))) return;
  await Promise.all(
    free.map(async (entry) => {
      const gate = await gateOf(run, set, entry);
      if (gate !== undefined) entry.gate = gate;
    }),
  );
}

function markInDoubt(entries: BatchEntry[], set: TurnToolSet): void {
  for (const entry of entries) {
    if (!entry.started || entry.result !== undefined) continue;
    delete entry.started;
    if (set.environment.registry.findTool(entry.toolName)?.idempotent === true) continue;
    entry.gate = 'approval';
    entry.inDoubt = true;
    // Later than any earlier in-doubt mark of the call, even within one millisecond.
    entry.inDoubtAt = Math.max(Date.now(), (entry.inDoubtAt ?? 0) + 1);
    delete entry.decision;
  }
}

/**
 * Answers what can be answered of the run's batch: rejected and resolved calls get their answers, and
 * every call free to run (no gate, approved, credential provided) runs, unless the ordering of side
 * effects holds it behind a call that still waits. With checkpoints, the calls run wave by wave (a
 * stretch of calls that may overlap, or one write), each wave marked started and saved just before it
 * starts: a call held back by ordering is never marked started. Results are recorded as they arrive.
 * @param run - the run
 * @param set - the turn's tools
 * @returns true when every call of the batch has its result
 */
export async function advanceBatch(run: Run, set: TurnToolSet): Promise<boolean> {
  const entries = run.record.batch!;
  const events = toolCallEvents(run);
  const decided: ReceivedToolResult[] = [];
  for (const entry of entries) {
    if (entry.result !== undefined || entry.decision === undefined) continue;
    if (entry.decision.kind === 'rejected') {
      const reason = entry.decision.reason;
      entry.result = { content: `Error: the call was rejected${reason ? `: ${reason}` : '.'}`, isError: true };
    } else if (entry.decision.kind === 'resolved') entry.result = { content: entry.decision.content, isError: false };
    else continue;
    decided.push({ id: entry.callId, name: entry.toolName, ...entry.result });
  }
  if (decided.length > 0) events?.finished(decided);
  const toolOf = (entry: BatchEntry): AnyTool | undefined => set.environment.registry.findTool(entry.toolName);
  const runnable = runnableNow(entries, run.handle, toolOf);
  if (runnable.length > 0) {
    const waves = run.checkpoints.active ? inWaves(runnable, toolOf, set.environment.concurrency) : [runnable];
    for (const wave of waves) {
      await runEntries(run, set, wave, events);
      if (run.deadline.aborted) break;
    }
  }
  return entries.every((entry) => entry.result !== undefined);
}

/** The entries that may run now: free of gates, and not held behind a waiting call by the ordering of side effects. */
function runnableNow(entries: readonly BatchEntry[], state: RunState, toolOf: (entry: BatchEntry) => AnyTool | undefined): BatchEntry[] {
  const runnable: BatchEntry[] = [];
  let waitingBefore = false;
  let blocked = false;
  for (const entry of entries) {
    if (entry.result !== undefined) continue;
    const alone = runsAlone(toolOf(entry));
    if (state.waiting(entry) !== undefined) {
      waitingBefore = true;
      if (alone) blocked = true;
      continue;
    }
    if (blocked) continue;
    if (alone && waitingBefore) {
      // A write waits for every earlier call, and every later call waits for it.
      blocked = true;
      continue;
    }
    runnable.push(entry);
  }
  return runnable;
}

/**
 * The entries split as the environment orders them: each stretch that may overlap (cut at the
 * environment's `maxConcurrency`, so a call held back by it is not marked started), and each write alone.
 */
function inWaves(entries: readonly BatchEntry[], toolOf: (entry: BatchEntry) => AnyTool | undefined, concurrency: number): BatchEntry[][] {
  const waves: BatchEntry[][] = [];
  let current: BatchEntry[] = [];
  for (const entry of entries) {
    if (runsAlone(toolOf(entry))) {
      if (current.length > 0) waves.push(current);
      waves.push([entry]);
      current = [];
      continue;
    }
    current.push(entry);
    if (current.length >= concurrency) {
      waves.push(current);
      current = [];
    }
  }
  if (current.length > 0) waves.push(current);
  return waves;
}

async function runEntries(run: Run, set: TurnToolSet, runnable: BatchEntry[], events: ToolCallEvents | undefined): Promise<void> {
  const { checkpoints } = run;
  const argumentsOf = (entry: BatchEntry): string =>
    // An approval's edited arguments are the call's from the moment it starts (an in-doubt call comes back with them).
    entry.decision?.kind === 'approved' && entry.decision.arguments !== undefined ? entry.decision.arguments : entry.arguments;
  const calls: ModelToolCall[] = runnable.map((entry) => ({ id: entry.callId, name: entry.toolName, arguments: argumentsOf(entry) }));
  // The stream is told first: a slow reader holds the calls back before they are marked started.
  if (events !== undefined) await events.started(calls);
  if (run.deadline.aborted) return;
  for (const entry of runnable) {
    entry.arguments = argumentsOf(entry);
    entry.started = true;
  }
  // A crash after this save finds the calls marked started: none is repeated blindly.
  if (checkpoints.active)
    try {
      await checkpoints.save();
    } catch (error) {
      // None of them ran.
      for (const entry of runnable) delete entry.started;
      if (run.deadline.aborted) return;
      throw error;
    }
  const executed = await run
    .toolsOf(run.agent)
    .execute(set, calls as ToolCall[], run.options.metadata, executionOptions(run, runnable, events));
  const budgeted = run.agent.settings.extras.budget(executed, set.environment.registry, run.context.artifacts, run.deadline);
  const results = budgeted instanceof Promise ? await budgeted : budgeted;
  events?.finished(results.filter((result) => result.paused !== true));
  for (let index = 0; index < results.length; index++) recordResult(run, set, runnable[index]!, results[index]!);
}

/** Runs calls through the turn's tools (within their per-run limits), then fits their results to the budgets (if any). */
function executeCalls(
  run: Run,
  set: TurnToolSet,
  calls: readonly ToolCall[],
  options: ToolExecutionOptions,
): Promise<ReceivedToolResult[]> {
  const executed = run.toolsOf(run.agent).execute(set, calls, run.options.metadata, options);
  const { extras } = run.agent.settings;
  const { registry } = set.environment;
  if (!extras.budgets(registry)) return executed;
  return executed.then((results) => extras.budget(results, registry, run.context.artifacts, run.deadline));
}

/** The execution options of a batch's calls: with listeners that record each result as it arrives when checkpointed or streamed. */
function executionOptions(run: Run, runnable: readonly BatchEntry[], events: ToolCallEvents | undefined): ToolExecutionOptions {
  const { checkpoints } = run;
  if (!checkpoints.active && events === undefined) return run.execution;
  const byId = new Map(runnable.map((entry) => [entry.callId, entry]));
  const listeners = events?.listeners() ?? {};
  const onResult = (result: ReceivedToolResult, index: number): void => {
    if (result.paused === true) return;
    listeners.onResult?.(result, index);
    const entry = byId.get(result.id);
    if (entry === undefined) return;
    entry.result = recordedResult(result);
    delete entry.started;
    checkpoints.saveSoon();
  };
  return withListeners(run.execution, { onProgress: listeners.onProgress, onResult });
}

/**
 * The run's execution options with listeners, built field by field (one shape, read on every call;
 * not spread from two objects).
 */
function withListeners(
  execution: ToolExecutionOptions,
  listeners: Pick<ToolExecutionOptions, 'onProgress' | 'onResult'>,
): ToolExecutionOptions {
  const source = abortOf(execution);
  const options: ToolExecutionOptions = { agentContext: execution.agentContext, runId: execution.runId };
  if (source instanceof AbortSource) withLazySignal(options, source);
  else options.signal = source;
  if (listeners.onProgress !== undefined) options.onProgress = listeners.onProgress;
  if (listeners.onResult !== undefined) options.onResult = listeners.onResult;
  return options;
}

/** Records one call's result in its entry (or the gate it now waits at), and opens a long-running call. */
function recordResult(run: Run, set: TurnToolSet, entry: BatchEntry, result: ReceivedToolResult): void {
  delete entry.started;
  if (result.paused === true) {
    const request = credentialRequest(result.error);
    if (request !== undefined) {
      // The call waits for a credential now; an earlier approval is spent.
      entry.gate = 'credential';
      entry.request = request;
      delete entry.decision;
      delete entry.result;
      return;
    }
    const subRun = pausedSubRun(result.error);
    if (subRun !== undefined) {
      // The agent of an AgentTool call waits for the host: so does the call, until that run is resumed.
      run.handle.pauseOnSubRun(entry, subRun);
      delete entry.decision;
      return;
    }
  }
  entry.result = recordedResult(result);
  delete entry.subRun;
  run.handle.forgetCredentials(entry.callId);
  run.transcript.receive(result);
  openIfLongRunning(run, set, entry.callId, entry.toolName, entry.arguments, result);
}

/** What is recorded of a call's result: what the model is sent (its parts too, for an image or a file). */
function recordedResult(result: ReceivedToolResult): RecordedResult {
  const { content, isError, parts } = result;
  return parts === undefined ? { content, isError } : { content, isError, parts };
}

/** A long-running call's first result reached the model: the call stays open until its final update. */
function openIfLongRunning(run: Run, set: TurnToolSet, callId: string, toolName: string, args: string, result: ReceivedToolResult): void {
  if (result.isError) return;
  const tool = set.environment.registry.findTool(toolName);
  if (tool?.longRunning !== true) return;
  const { pending } = run.record;
  if (!pending.some((open) => open.callId === callId))
    pending.push({ callId, toolName, arguments: args, initialResult: result.content, updates: [] });
}

function credentialRequest(error: unknown): CredentialRequiredError['request'] | undefined {
  if (CredentialRequiredError.isInstance(error)) return error.request;
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  return CredentialRequiredError.isInstance(cause) ? cause.request : undefined;
}

/** The paused run of an `AgentTool` call's agent, when the call stopped with its `SubAgentInterruptedError`. */
function pausedSubRun(error: unknown): RunState | undefined {
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  const interrupted = [error, cause].find((value) => SubAgentInterruptedError.isInstance(value)) as SubAgentInterruptedError | undefined;
  return RunState.isInstance(interrupted?.state) ? interrupted.state : undefined;
}
