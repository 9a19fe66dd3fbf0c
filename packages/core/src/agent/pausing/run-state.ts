import { InvalidRunStateError } from '../../errors/invalid-run-state-error.js';
import { RunStateDecisionError } from '../../errors/run-state-decision-error.js';
import type { StopReason } from '../../model/stop-reason.js';
import type { SessionKey } from '../session.js';
import type { Interruption, PendingCall } from './interruption.js';
import { readRunRecord } from '../run/read-run-record.js';
import { runStateVersion, type BatchEntry, type RunRecord } from '../run/run-record.js';

const brand = Symbol.for('toolcraft.RunState');

/**
 * The serialised form of a {@link RunState} (what `JSON.stringify(run.state)` writes): opaque JSON,
 * marked with its `type` and format `version`; read it back with `RunState.fromJSON`. Its fields are
 * not part of the API and change between versions (a newer toolcraft reads every older version).
 */
export interface RunStateJSON {
  /** Always `'toolcraft.run-state'`. */
  readonly type: 'toolcraft.run-state';
  /** The format version (see `RunState.version`). */
  readonly version: number;
  /** The rest is opaque. */
  readonly [field: string]: unknown;
}

/** Credentials the host provided, by call id and key; in memory only, never serialized. */
type Credentials = Map<string, Map<string, unknown>>;

function contentOf(value: unknown, callId: string, decision: string): string {
  if (typeof value === 'string') return value;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new RunStateDecisionError(
      callId,
      decision,
      `the value cannot be sent to the model: ${String(error)}; expected a string or JSON data.`,
    );
  }
  if (text === undefined)
    throw new RunStateDecisionError(callId, decision, `the value is ${String(value)}; expected a string or JSON data.`);
  return text;
}

/**
 * Everything needed to continue a run that stopped: the transcript, the state and its changes, the
 * counters, the calls it waits on, and the long-running calls still open (the OpenAI Agents SDK's
 * `RunState`). `JSON.stringify(run.state)` saves it; `RunState.fromJSON(JSON.parse(saved))` reads it
 * back, in any process; answer its interruptions, then `agent.resume(state)`.
 *
 * A state is resumed in place: the resumed run moves it on, and `run.state` of the resumed run is the
 * same object, so resuming it again never repeats a call whose result it recorded. Credentials the host
 * provides stay in this object's memory and are never serialized.
 * @example
 * const run = await agent.run('Delete the logs older than a week');
 * if (run.stopReason === 'interrupted') {
 *   const saved = JSON.stringify(run.state);
 *   // ... later, anywhere:
 *   const state = RunState.fromJSON(JSON.parse(saved));
 *   for (const item of state.interruptions) state.approve(item.callId);
 *   const resumed = await agent.resume(state);
 * }
 */
export class RunState {
  /** The version of the format this package writes; it reads this one and older. */
  static readonly version: number = runStateVersion;
  private readonly [brand] = true;
  /** @internal The run's record, moved on by the run that resumes it. */
  readonly record: RunRecord;
  /** @internal Whether a run is moving this state on right now. */
  busy = false;
  /** The credentials provided for its calls: in this object's memory only, never serialized, never shown. */
  #credentials: Credentials | undefined;
  /** The handles of its calls' paused sub-runs (an `'agent'` gate's), so decisions given through this one reach the object that resumes. */
  #subRuns: Map<RunRecord, RunState> | undefined;

  /**
   * @internal Use `run.state` or {@link RunState.fromJSON}.
   * @param record - the run's record
   */
  constructor(record: RunRecord) {
    this.record = record;
  }

  /**
   * Reads a state saved with `JSON.stringify(run.state)` (after `JSON.parse`).
   * @param json - the parsed JSON
   * @returns the state, ready for decisions and `agent.resume`
   * @throws InvalidRunStateError when it is not a run state, is from a newer version, or is inconsistent
   */
  static fromJSON(json: unknown): RunState {
    let copy: unknown;
    try {
      copy = structuredClone(json);
    } catch (error) {
      throw new InvalidRunStateError(`it cannot be copied as JSON data (${String(error)}); pass what JSON.parse(saved) gave.`, error);
    }
    try {
      return new RunState(readRunRecord(copy));
    } catch (error) {
      if (InvalidRunStateError.isInstance(error)) throw error;
      // A state nested past the stack, or of values no JSON holds: never a RangeError or TypeError to the caller.
      throw new InvalidRunStateError(`it is not a run state toolcraft wrote (${String(error)}).`, error);
    }
  }

  /**
   * Tells whether a value is a {@link RunState}, from any copy of the package.
   * @param value - any value
   * @returns true for a run state
   */
  static isInstance(value: unknown): value is RunState {
    return typeof value === 'object' && value !== null && (value as { [brand]?: unknown })[brand] === true;
  }

  /** The run's id (the same across resumes; `context.runId` of its tools). */
  get runId(): string {
    return this.record.runId;
  }

  /** The agent whose run it is; only that agent (by name) resumes it. */
  get agentName(): string {
    return this.record.agentName;
  }

  /**
   * The key of the session the run was started with (`agent.run(input, { session })`), or undefined:
   * a process resuming the run opens that session to pass it as the resume's `session`.
   */
  get session(): SessionKey | undefined {
    const mark = this.record.session;
    return mark === undefined ? undefined : { appName: mark.appName, userId: mark.userId, sessionId: mark.sessionId };
  }

  /** Why the run stopped, or undefined for a checkpoint taken while it ran. */
  get stopReason(): StopReason | undefined {
    return this.record.status === 'running' ? undefined : this.record.status;
  }

  /** The calls the run waits on and that have no answer yet, in the model's order. */
  get interruptions(): Interruption[] {
    return (this.record.batch ?? []).flatMap((entry) => {
      if (entry.gate === 'agent') return this.subRunWaiting(entry);
      const interruption = this.waiting(entry);
      return interruption === undefined ? [] : [interruption];
    });
  }

  /** The long-running calls whose final result is still to be delivered with `update(..., { final: true })`. */
  get pending(): PendingCall[] {
    const calls: PendingCall[] = [];
    const { pending } = this.record;
    for (let index = 0; index < pending.length; index++) {
      const { callId, toolName, arguments: args, initialResult, final } = pending[index]!;
      if (!final) calls.push({ callId, toolName, arguments: args, initialResult });
    }
    return calls;
  }

  /**
   * Approves a call that waits for approval; on resume it runs (with the edited arguments when given,
   * validated like the model's). Approving again replaces the earlier decision.
   * @param callId - the call's id
   * @param options - `arguments`: edited arguments (an object or a JSON string)
   * @throws RunStateDecisionError when the call is unknown or does not wait for approval, or the edited
   *   arguments are not an object (or a string holding a JSON object)
   */
  approve(callId: string, options: { arguments?: string | Readonly<Record<string, unknown>> } = {}): void {
    const inner = this.inSubRun(callId);
    if (inner !== undefined) return inner.state.approve(inner.callId, options);
    const entry = this.gated(callId, 'approve', 'approval');
    const edited = options.arguments;
    if (edited !== undefined && typeof edited !== 'string' && (typeof edited !== 'object' || edited === null || Array.isArray(edited)))
      throw new RunStateDecisionError(callId, 'approve', `arguments should be an object or a JSON string, but was ${typeof edited}.`);
    if (typeof edited === 'string') checkJsonObject(edited, callId);
    const args = edited === undefined ? undefined : typeof edited === 'string' ? edited : contentOf(edited, callId, 'approve');
    entry.decision = args === undefined ? { kind: 'approved', at: Date.now() } : { kind: 'approved', arguments: args, at: Date.now() };
  }

  /**
   * Rejects a call that waits for approval: the model is told it was rejected (an error result with
   * the reason) and the run goes on.
   * @param callId - the call's id
   * @param reason - why, for the model
   * @throws RunStateDecisionError when the call is unknown or does not wait for approval
   */
  reject(callId: string, reason?: string): void {
    const inner = this.inSubRun(callId);
    if (inner !== undefined) return inner.state.reject(inner.callId, reason);
    const entry = this.gated(callId, 'reject', 'approval');
    entry.decision =
      reason === undefined ? { kind: 'rejected', at: Date.now() } : { kind: 'rejected', reason: String(reason), at: Date.now() };
  }

  /**
   * Answers a call to a declaration-only tool with the result the host got.
   * @param callId - the call's id
   * @param value - the result: a string as it is, anything else as JSON
   * @throws RunStateDecisionError when the call is unknown, is not a declaration-only call, or the value is not JSON
   */
  resolve(callId: string, value: unknown): void {
    const inner = this.inSubRun(callId);
    if (inner !== undefined) return inner.state.resolve(inner.callId, value);
    const entry = this.gated(callId, 'resolve', 'result');
    entry.decision = { kind: 'resolved', content: contentOf(value, callId, 'resolve'), at: Date.now() };
  }

  /**
   * Provides the credential a call asked for; on resume the call runs again and reads it with
   * `context.credential(key)`. Kept in this object's memory only: provide it in the process that resumes.
   * @param callId - the call's id
   * @param credential - the credential (a token, a key, an object)
   * @throws RunStateDecisionError when the call is unknown, did not ask for a credential, or already has this one
   */
  provideCredential(callId: string, credential: unknown): void {
    const inner = this.inSubRun(callId);
    if (inner !== undefined) return inner.state.provideCredential(inner.callId, credential);
    const entry = this.gated(callId, 'provideCredential', 'credential');
    const key = entry.request!.key;
    const credentials = (this.#credentials ??= new Map<string, Map<string, unknown>>());
    const provided = credentials.get(callId) ?? new Map<string, unknown>();
    if (provided.has(key))
      throw new RunStateDecisionError(callId, 'provideCredential', `the credential '${key}' was already provided for it.`);
    if (credential === undefined)
      throw new RunStateDecisionError(callId, 'provideCredential', 'the credential is undefined; expected a value.');
    provided.set(key, credential);
    credentials.set(callId, provided);
  }

  /**
   * Gives progress or the final result of a long-running call; `agent.resume(state)` delivers it to
   * the model as a message naming the call and the tool.
   * @param callId - the long-running call's id (see {@link RunState.pending})
   * @param value - the update: a string as it is, anything else as JSON
   * @param options - `final: true` for the final result (the call is then closed)
   * @throws RunStateDecisionError when the call is not an open long-running call, or after its final update
   */
  update(callId: string, value: unknown, options: { final?: boolean } = {}): void {
    const entry = this.record.pending.find((candidate) => candidate.callId === callId);
    if (entry === undefined) {
      const problem = this.record.done.includes(callId)
        ? 'its final result was already delivered to the model.'
        : `it is not an open long-running call; the open ones are ${this.listed(this.pending.map((call) => call.callId))}.`;
      throw new RunStateDecisionError(callId, 'update', problem);
    }
    if (entry.final) throw new RunStateDecisionError(callId, 'update', 'its final update was already given; no update may follow it.');
    const final = options.final === true;
    entry.updates.push({ value: contentOf(value, callId, 'update'), final, at: Date.now() });
    if (final) entry.final = true;
  }

  /**
   * What `console.log(state)` shows: the run, its stop reason, interruptions and pending calls.
   * @returns a summary
   */
  [Symbol.for('nodejs.util.inspect.custom')](): object {
    return {
      runId: this.runId,
      agentName: this.agentName,
      stopReason: this.stopReason,
      interruptions: this.interruptions,
      pending: this.pending,
    };
  }

  /** @returns the JSON form (what `JSON.stringify(state)` writes): opaque and versioned; credentials are never in it */
  toJSON(): RunStateJSON {
    return structuredClone(this.record) as unknown as RunStateJSON;
  }

  /**
   * @internal
   * @param callId - a call of the run
   * @param key - a credential's key
   * @returns the credential provided for the call, if any
   */
  credentialFor(callId: string, key: string): unknown {
    return this.#credentials?.get(callId)?.get(key);
  }

  /**
   * @internal
   * @param callId - a call whose result is recorded: its credentials are no longer needed
   */
  forgetCredentials(callId: string): void {
    this.#credentials?.delete(callId);
  }

  /**
   * @internal
   * @param callId - an `AgentTool` call of the run's batch
   * @returns the handle of its agent's paused run, when it has one
   */
  subRunState(callId: string): RunState | undefined {
    const entry = this.record.batch?.find((candidate) => candidate.callId === callId);
    return entry === undefined ? undefined : this.subRunOf(entry);
  }

  /**
   * @internal
   * @param entry - an `AgentTool` call whose agent's run stopped interrupted: it waits for that run now
   * @param state - that run's handle (kept as it is: credentials provided to it stay with it)
   */
  pauseOnSubRun(entry: BatchEntry, state: RunState): void {
    entry.gate = 'agent';
    entry.subRun = state.record;
    (this.#subRuns ??= new Map<RunRecord, RunState>()).set(state.record, state);
  }

  /** The handle of an entry's paused sub-run, made once per record. */
  private subRunOf(entry: BatchEntry): RunState | undefined {
    const record = entry.subRun;
    if (record === undefined) return undefined;
    const subRuns = (this.#subRuns ??= new Map<RunRecord, RunState>());
    let state = subRuns.get(record);
    if (state === undefined) subRuns.set(record, (state = new RunState(record)));
    return state;
  }

  /** @internal The interruption an entry stands for, when it still waits. */
  waiting(entry: BatchEntry): Interruption | undefined {
    if (entry.gate === undefined || entry.decision !== undefined || entry.result !== undefined) return undefined;
    // A waiting batch is always the answering agent's (a handoff follows the turn's answered calls).
    const agentName = this.record.activeAgent ?? this.record.agentName;
    const base = { callId: entry.callId, toolName: entry.toolName, arguments: entry.arguments, agentName };
    if (entry.gate === 'approval') return { kind: 'approval', ...base, ...(entry.inDoubt ? { inDoubt: true } : {}) };
    if (entry.gate === 'result') return { kind: 'result', ...base };
    if (entry.gate === 'agent') return this.subRunWaiting(entry)[0];
    if (this.#credentials?.get(entry.callId)?.has(entry.request!.key)) return undefined;
    return { kind: 'credential', ...base, request: entry.request! };
  }

  /** The calls the paused run of an `AgentTool` call's agent waits on, with ids prefixed by the call's. */
  private subRunWaiting(entry: BatchEntry): Interruption[] {
    if (entry.result !== undefined) return [];
    const items = this.subRunOf(entry)?.interruptions ?? [];
    return items.map((item) => ({ ...item, callId: `${entry.callId}/${item.callId}`, parentCallId: entry.callId }));
  }

  /** For a call id `<AgentTool call>/<call>` of a paused sub-run: that run's state and the call's id in it. */
  private inSubRun(callId: string): { state: RunState; callId: string } | undefined {
    const batch = this.record.batch ?? [];
    if (batch.some((entry) => entry.callId === callId)) return undefined;
    for (const entry of batch) {
      const state = entry.result === undefined ? this.subRunOf(entry) : undefined;
      if (state === undefined || !callId.startsWith(`${entry.callId}/`)) continue;
      const inner = callId.slice(entry.callId.length + 1);
      // An id the sub-run does not know is refused here, with the ids this run lists.
      if (state.record.batch?.some((candidate) => candidate.callId === inner) || state.inSubRun(inner) !== undefined)
        return { state, callId: inner };
    }
    return undefined;
  }

  private gated(callId: string, decision: string, gate: Exclude<BatchEntry['gate'], 'agent' | undefined>): BatchEntry {
    const batch = this.record.batch ?? [];
    const entry = batch.find((candidate) => candidate.callId === callId);
    const waiting = this.interruptions.map((item) => `'${item.callId}' (${item.kind})`);
    if (entry === undefined) {
      const { messages, status } = this.record;
      // A call that ran already (its batch is gone once the run moved on): said so, not "no such call".
      const ran = messages.some((message) => message.role === 'tool' && message.toolCallId === callId);
      throw new RunStateDecisionError(
        callId,
        decision,
        ran
          ? `the call has run already (its result is in the run's messages)${status === 'interrupted' ? '' : ` and the run has ${status === 'running' ? 'not stopped' : `stopped (${status})`}`}; it waits on ${this.listed(waiting)}.`
          : `the run has no such call waiting; it waits on ${this.listed(waiting)}.`,
      );
    }
    if (entry.result !== undefined) throw new RunStateDecisionError(callId, decision, 'its result is already recorded.');
    const expected = { approval: 'approval', result: "a declaration-only tool's result", credential: 'a credential' }[gate];
    if (entry.gate !== gate)
      throw new RunStateDecisionError(
        callId,
        decision,
        `it does not wait for ${expected} (it ${entry.gate === undefined ? 'waits for nothing' : `waits for ${{ approval: 'approval', result: 'a result', credential: 'a credential', agent: "its agent's calls, each listed as '<this call>/<its call>'" }[entry.gate]}`}).`,
      );
    return entry;
  }

  private listed(items: readonly string[]): string {
    return items.length === 0 ? 'none' : items.join(', ');
  }
}

/** Edited arguments given as a string are a JSON object, as the model's must be (checked against the tool's schema when the call runs). */
function checkJsonObject(text: string, callId: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RunStateDecisionError(
      callId,
      'approve',
      `arguments should be a JSON object, but the string is not JSON: ${JSON.stringify(text.slice(0, 80))}.`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new RunStateDecisionError(
      callId,
      'approve',
      `arguments should be a JSON object, but the string is JSON ${Array.isArray(parsed) ? 'array' : parsed === null ? 'null' : typeof parsed}.`,
    );
}
