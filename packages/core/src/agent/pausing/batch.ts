import type { AgentContext } from '../../context/agent-context.js';
import { defaultArgumentLimits } from '../../decoding/argument-limits.js';
import type { ToolExecutionOptions } from '../../environment/agent-environment-options.js';
import type { ReceivedToolResult, ToolCall } from '../../environment/tool-call.js';
import { CredentialRequiredError } from '../../errors/credential-required-error.js';
import { SubAgentInterruptedError } from '../errors/sub-agent-interrupted-error.js';
import type { MetadataEntries, ToolCallMetadata } from '../../metadata/tool-call-metadata.js';
import type { ModelToolCall } from '../../model/messages.js';
import type { AnyTool } from '../../tools/abstract-tool.js';
import type { ToolCallEvents } from '../streaming/tool-call-events.js';
import type { TurnTools, TurnToolSet } from '../turn-tools.js';
import { runsAlone } from '../../environment/ordered-batch.js';
import { needsApproval, policyMayAsk, type ApprovalPolicy } from './approval-policy.js';
import type { Checkpointer } from './checkpointer.js';
import type { BatchEntry } from './run-state-data.js';
import { forgetCredentials, pauseOnSubRun, RunState } from './run-state.js';

/** What answering one batch of calls needs from its run. @internal */
export interface BatchSettings {
  readonly state: RunState;
  readonly set: TurnToolSet;
  readonly tools: TurnTools;
  readonly context: AgentContext;
  readonly metadata: ToolCallMetadata | MetadataEntries | undefined;
  readonly execution: ToolExecutionOptions;
  /** The tool-call events of a streamed run (absent when no one listens). */
  readonly events: ToolCallEvents | undefined;
  readonly budget: (results: ReceivedToolResult[]) => ReceivedToolResult[] | Promise<ReceivedToolResult[]>;
  readonly checkpoints: Checkpointer;
  readonly policy: ApprovalPolicy;
  /** Full results of the calls run in this process, by call id (their `value` and `error` are not saved). */
  readonly received: Map<string, ReceivedToolResult>;
}

/**
 * The entries of a new batch, one per call of the model's turn, each with the gate it must pass: a
 * declaration-only tool waits for its result, a call needing approval (the tool's `needsApproval`, else
 * the agent's policy, evaluated now, when the turn arrives) for a person's yes.
 * @param calls - the turn's calls
 * @param settings - the run's batch settings
 * @returns the entries, in the calls' order (at once when no call of the turn can pause)
 */
export function openBatch(
  calls: readonly ModelToolCall[],
  settings: Pick<BatchSettings, 'set' | 'policy' | 'context'>,
): BatchEntry[] | Promise<BatchEntry[]> {
  const entries: BatchEntry[] = calls.map((call) => ({ callId: call.id, toolName: call.name, arguments: call.arguments }));
  const { set, policy, context } = settings;
  // Most turns cannot pause: their entries come back at once.
  if (!set.pausable && !policyMayAsk(policy)) return entries;
  return gateEntries(entries, set, policy, context);
}

async function gateEntries(entries: BatchEntry[], set: TurnToolSet, policy: ApprovalPolicy, context: AgentContext): Promise<BatchEntry[]> {
  await Promise.all(
    entries.map(async (entry) => {
      const tool = set.environment.registry.findTool(entry.toolName);
      if (tool === undefined) return;
      if (tool.declarationOnly) {
        entry.gate = 'result';
        return;
      }
      if (tool.needsApproval === undefined && !policyMayAsk(policy)) return;
      if (tool.needsApproval === false) return;
      // Arguments that do not decode fail validation when dispatched: there is nothing to approve.
      const decoded = tool.argsDecoder.decode(entry.arguments, defaultArgumentLimits);
      if (!decoded.ok) return;
      const timeoutMs = tool.timeoutMs ?? set.environment.toolTimeoutMs;
      if (await needsApproval({ tool, args: decoded.value, callId: entry.callId }, policy, context, timeoutMs)) entry.gate = 'approval';
    }),
  );
  return entries;
}

/**
 * After a crash: a call that started but has no recorded result may have run. An idempotent one runs
 * again (with the same idempotency key); any other waits for approval, marked `inDoubt`.
 * @param entries - the batch
 * @param set - the turn's tools
 */
export function markInDoubt(entries: BatchEntry[], set: TurnToolSet): void {
  for (const entry of entries) {
    if (!entry.started || entry.result !== undefined) continue;
    delete entry.started;
    if (set.environment.registry.findTool(entry.toolName)?.idempotent === true) continue;
    entry.gate = 'approval';
    entry.inDoubt = true;
    delete entry.decision;
  }
}

/**
 * Answers what can be answered of the run's batch: rejected and resolved calls get their answers, and
 * every call free to run (no gate, approved, credential provided) runs, unless the ordering of side
 * effects holds it behind a call that still waits. Results are recorded as they arrive (and
 * checkpointed); a call asking for a credential gets a `'credential'` gate instead of a result.
 * @param settings - the run's batch settings
 * @returns true when every call of the batch has its result
 */
export async function advanceBatch(settings: BatchSettings): Promise<boolean> {
  const { state, set } = settings;
  const entries = state.data.batch!;
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
  if (decided.length > 0) settings.events?.finished(decided);
  const runnable = runnableNow(entries, state, (entry) => set.environment.registry.findTool(entry.toolName));
  if (runnable.length > 0) await runEntries(runnable, settings);
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

async function runEntries(runnable: BatchEntry[], settings: BatchSettings): Promise<void> {
  const { set, checkpoints, events } = settings;
  for (const entry of runnable) entry.started = true;
  // A crash after this save finds the calls marked started: none is repeated blindly.
  if (checkpoints.active)
    try {
      await checkpoints.save();
    } catch (error) {
      // None of them ran.
      for (const entry of runnable) delete entry.started;
      if (settings.execution.signal?.aborted) return;
      throw error;
    }
  const calls: ToolCall[] = runnable.map((entry) => ({
    id: entry.callId,
    name: entry.toolName,
    arguments: entry.decision?.kind === 'approved' && entry.decision.arguments !== undefined ? entry.decision.arguments : entry.arguments,
  }));
  if (events !== undefined) await events.started(calls as ModelToolCall[]);
  const executed = await settings.tools.execute(set, calls, settings.metadata, executionOptions(runnable, settings));
  const budgeted = settings.budget(executed);
  const results = budgeted instanceof Promise ? await budgeted : budgeted;
  events?.finished(results.filter((result) => !waitsForHost(result)));
  for (let index = 0; index < results.length; index++) recordResult(runnable[index]!, results[index]!, settings);
}

/** The execution options of a batch's calls: with listeners that record each result as it arrives when checkpointed or streamed. */
function executionOptions(runnable: readonly BatchEntry[], settings: BatchSettings): ToolExecutionOptions {
  const { checkpoints, events } = settings;
  if (!checkpoints.active && events === undefined) return settings.execution;
  const byId = new Map(runnable.map((entry) => [entry.callId, entry]));
  const listeners = events?.listeners() ?? {};
  const onResult = (result: ReceivedToolResult, index: number): void => {
    if (waitsForHost(result)) return;
    listeners.onResult?.(result, index);
    const entry = byId.get(result.id);
    if (entry === undefined) return;
    entry.result = { content: result.content, isError: result.isError };
    delete entry.started;
    checkpoints.saveSoon();
  };
  return { ...settings.execution, ...listeners, onResult };
}

/** Records one call's result in its entry (or its new credential gate), and opens a long-running call. */
function recordResult(entry: BatchEntry, result: ReceivedToolResult, settings: BatchSettings): void {
  const { state, set } = settings;
  delete entry.started;
  // Approved arguments are the call's arguments from now on.
  if (entry.decision?.kind === 'approved' && entry.decision.arguments !== undefined) entry.arguments = entry.decision.arguments;
  if (requestsCredential(result)) {
    // The call waits for a credential now; an earlier approval is spent.
    entry.gate = 'credential';
    entry.request = (credentialError(result) as CredentialRequiredError).request;
    delete entry.decision;
    delete entry.result;
    return;
  }
  const subRun = pausedSubRun(result);
  if (subRun !== undefined) {
    // The agent of an AgentTool call waits for the host: so does the call, until that run is resumed.
    pauseOnSubRun(entry, subRun);
    delete entry.decision;
    return;
  }
  entry.result = { content: result.content, isError: result.isError };
  delete entry.subRun;
  forgetCredentials(state, entry.callId);
  settings.received.set(entry.callId, result);
  const tool = set.environment.registry.findTool(entry.toolName);
  if (tool?.longRunning && !result.isError && !state.data.pending.some((pending) => pending.callId === entry.callId))
    state.data.pending.push({
      callId: entry.callId,
      toolName: entry.toolName,
      arguments: entry.arguments,
      initialResult: result.content,
      updates: [],
    });
}

function credentialError(result: ReceivedToolResult): unknown {
  const { error } = result;
  if (CredentialRequiredError.isInstance(error)) return error;
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  return CredentialRequiredError.isInstance(cause) ? cause : undefined;
}

function requestsCredential(result: ReceivedToolResult): boolean {
  return result.isError && credentialError(result) !== undefined;
}

/** The paused run of an `AgentTool` call's agent, when the call failed with its `SubAgentInterruptedError`. */
function pausedSubRun(result: ReceivedToolResult): RunState | undefined {
  if (!result.isError) return undefined;
  const { error } = result;
  const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
  const interrupted = [error, cause].find((value) => SubAgentInterruptedError.isInstance(value)) as SubAgentInterruptedError | undefined;
  return RunState.isInstance(interrupted?.state) ? interrupted.state : undefined;
}

/** Whether the call did not end but waits for the host (a credential, or its agent's paused run). */
function waitsForHost(result: ReceivedToolResult): boolean {
  return requestsCredential(result) || pausedSubRun(result) !== undefined;
}
