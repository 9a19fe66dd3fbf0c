import { InvalidRunStateError } from '../../errors/invalid-run-state-error.js';
import { isSavedObject as isObject, refuseSaved as fail, savedStopReasons } from '../pausing/saved-value-checks.js';
import type { ChatMessage } from '../../model/messages.js';
import { readSubRunSummaries } from '../read-sub-run-summaries.js';
import { runStateType, runStateVersion, type BatchEntry, type PendingEntry, type RunRecord } from './run-record.js';

/** How deep paused sub-runs may nest in a saved state (an `AgentTool` in an `AgentTool`...). */
const maxSubRunDepth = 32;

const statuses: ReadonlySet<string> = new Set(['running', ...savedStopReasons]);
const gates = new Set(['approval', 'result', 'credential', 'agent']);
const decisions = new Set(['approved', 'rejected', 'resolved']);

type Json = Record<string, unknown>;

function string(data: Json, key: string, path: string, optional = false): void {
  const value = data[key];
  if (optional && value === undefined) return;
  if (typeof value !== 'string') fail(`${path}.${key}`, 'a string', value);
}

function count(data: Json, key: string, path: string): void {
  const value = data[key];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(`${path}.${key}`, 'a number >= 0', value);
}

function wholeCount(data: Json, key: string, path: string): void {
  const value = data[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) fail(`${path}.${key}`, 'a whole number >= 0', value);
}

/** When a decision or update was given (absent in states written before it was kept). */
function givenAt(data: Json, path: string): void {
  if (data.at !== undefined && (typeof data.at !== 'number' || !Number.isFinite(data.at)))
    fail(`${path}.at`, 'a time in ms (a finite number)', data.at);
}

const limitNames = new Set(['maxInvocations', 'maxFailures']);

/** The per-tool counts: whole numbers >= 0, and the limit a tool reached, when it did. */
function readToolUsage(usage: unknown): void {
  if (usage === undefined) return;
  if (!isObject(usage)) fail('state.toolUsage', 'an object of per-tool counts', usage);
  for (const name of Object.keys(usage)) {
    const entry = usage[name];
    const path = `state.toolUsage[${JSON.stringify(name)}]`;
    if (!isObject(entry)) fail(path, '{ invocations, failures } counts', entry);
    wholeCount(entry, 'invocations', path);
    wholeCount(entry, 'failures', path);
    const exhausted = entry.exhausted;
    if (exhausted === undefined) continue;
    if (!isObject(exhausted) || !limitNames.has(exhausted.limit as string))
      fail(`${path}.exhausted`, "{ limit: 'maxInvocations' | 'maxFailures', value }", exhausted);
    wholeCount(exhausted, 'value', `${path}.exhausted`);
  }
}

/** A saved tool choice: `'auto'`, `'none'`, `'required'` or `{ name }` naming one tool. */
function readToolChoice(choice: unknown): void {
  if (choice === undefined || choice === 'auto' || choice === 'none' || choice === 'required') return;
  if (isObject(choice) && typeof choice.name === 'string' && choice.name !== '') return;
  fail('state.toolChoice', "'auto', 'none', 'required' or { name: string }", choice);
}

const handoffKinds = new Set(['transfer', 'escalate']);

function list(data: Json, key: string, path: string): unknown[] {
  const value = data[key];
  if (!Array.isArray(value)) fail(`${path}.${key}`, 'an array', value);
  return value;
}

function readMessage(message: unknown, path: string): void {
  if (!isObject(message)) fail(path, 'a message object', message);
  switch (message.role) {
    case 'system':
      return string(message, 'content', path);
    case 'user':
      return content(message, path);
    case 'tool':
      string(message, 'toolCallId', path);
      string(message, 'name', path);
      return content(message, path);
    case 'assistant':
      if (message.content !== null) content(message, path);
      if (message.toolCalls === undefined) return;
      list(message, 'toolCalls', path).forEach((call, index) => {
        const callPath = `${path}.toolCalls[${index}]`;
        if (!isObject(call)) fail(callPath, 'a tool call object', call);
        for (const key of ['id', 'name', 'arguments']) string(call, key, callPath);
      });
      return;
    default:
      fail(`${path}.role`, "'system', 'user', 'assistant' or 'tool'", message.role);
  }
}

/** A message's content: text, or parts (each an object with a known `type`; provider data kept as it is). */
function content(message: Json, path: string): void {
  const value = message.content;
  if (typeof value === 'string') return;
  if (!Array.isArray(value)) fail(`${path}.content`, 'a string or an array of content parts', value);
  value.forEach((part: unknown, index) => {
    if (!isObject(part) || typeof part.type !== 'string' || !partTypes.has(part.type))
      fail(`${path}.content[${index}]`, "a content part ({ type: 'text' | 'image' | 'file' | 'reasoning', ... })", part);
  });
}

const partTypes = new Set(['text', 'image', 'file', 'reasoning']);

/** A recorded result's `parts` (what the model is sent instead of its content), when it has them. */
function readParts(result: Json, path: string): void {
  const parts = result.parts;
  if (parts === undefined) return;
  if (!Array.isArray(parts)) fail(`${path}.parts`, 'an array of content parts', parts);
  parts.forEach((part: unknown, index) => {
    if (!isObject(part) || typeof part.type !== 'string' || !partTypes.has(part.type))
      fail(`${path}.parts[${index}]`, "a content part ({ type: 'text' | 'image' | 'file' | 'reasoning', ... })", part);
  });
}

function readBatch(batch: unknown[], messages: ChatMessage[], depth: number): void {
  const last = messages.at(-1);
  const calls = last?.role === 'assistant' ? (last.toolCalls ?? []) : [];
  if (calls.length !== batch.length)
    throw new InvalidRunStateError(
      `state.batch has ${batch.length} calls, but the last message should be the assistant message asking for them (it asks for ${calls.length}).`,
    );
  batch.forEach((entry, index) => {
    const path = `state.batch[${index}]`;
    if (!isObject(entry)) fail(path, 'a call object', entry);
    for (const key of ['callId', 'toolName', 'arguments']) string(entry, key, path);
    if (entry.callId !== calls[index]!.id)
      fail(`${path}.callId`, `'${calls[index]!.id}' (the call of the assistant message)`, entry.callId);
    if (entry.toolName !== calls[index]!.name)
      fail(`${path}.toolName`, `'${calls[index]!.name}' (the tool the assistant message calls)`, entry.toolName);
    if (entry.gate !== undefined && !gates.has(entry.gate as string))
      fail(`${path}.gate`, "'approval', 'result', 'credential' or 'agent'", entry.gate);
    const decision = entry.decision;
    if (decision !== undefined) {
      if (!isObject(decision) || !decisions.has(decision.kind as string))
        fail(`${path}.decision`, "an object of kind 'approved', 'rejected' or 'resolved'", decision);
      if (decision.kind === 'resolved') string(decision, 'content', `${path}.decision`);
      else string(decision, decision.kind === 'approved' ? 'arguments' : 'reason', `${path}.decision`, true);
      givenAt(decision, `${path}.decision`);
    }
    if (decision !== undefined) checkDecision(entry.gate, decision.kind as string, path);
    if (entry.inDoubtAt !== undefined && (typeof entry.inDoubtAt !== 'number' || !Number.isFinite(entry.inDoubtAt)))
      fail(`${path}.inDoubtAt`, 'a time in ms (a finite number)', entry.inDoubtAt);
    checkArguments(entry, calls[index]!.arguments, path);
    const result = entry.result;
    if (result !== undefined && (!isObject(result) || typeof result.content !== 'string' || typeof result.isError !== 'boolean'))
      fail(`${path}.result`, '{ content: string, isError: boolean }', result);
    if (isObject(result)) readParts(result, `${path}.result`);
    const typed = entry as unknown as BatchEntry;
    if (typed.gate === 'credential' && (!isObject(typed.request) || typeof typed.request.key !== 'string'))
      fail(`${path}.request`, "the credential request of a 'credential' gate (an object with a string key)", typed.request);
    if (typed.gate === 'agent' && typed.result === undefined) readSubRunState(typed.subRun, `${path}.subRun`, depth + 1);
  });
}

function readPending(pending: unknown[]): void {
  pending.forEach((entry, index) => {
    const path = `state.pending[${index}]`;
    if (!isObject(entry)) fail(path, 'a pending call object', entry);
    for (const key of ['callId', 'toolName', 'arguments', 'initialResult']) string(entry, key, path);
    list(entry, 'updates', path).forEach((update, position) => {
      if (!isObject(update) || typeof update.value !== 'string' || typeof update.final !== 'boolean')
        fail(`${path}.updates[${position}]`, '{ value: string, final: boolean }', update);
      givenAt(update, `${path}.updates[${position}]`);
    });
    const typed = entry as unknown as PendingEntry;
    if (typed.final !== undefined && typeof typed.final !== 'boolean') fail(`${path}.final`, 'a boolean', typed.final);
  });
}

/**
 * A call's arguments are the model's until it starts: only a call that started (with an approval's edited
 * arguments, then waiting for a credential, its agent, or an answer to a doubt, or done) has others.
 */
function checkArguments(entry: Json, asked: string, path: string): void {
  if (entry.arguments === asked || entry.result !== undefined || entry.started === true || entry.inDoubt === true) return;
  if (entry.gate === 'credential' || entry.gate === 'agent') return;
  const decision = entry.decision as Json | undefined;
  if (decision?.kind === 'approved' && decision.arguments === entry.arguments) return;
  fail(`${path}.arguments`, "the arguments of the assistant message's call (a call that has not started has no others)", entry.arguments);
}

/** What a decision may answer: the API's rule (`approve`/`reject` an approval, `resolve` a declaration-only call). */
function checkDecision(gate: unknown, kind: string, path: string): void {
  const answers = kind === 'resolved' ? 'result' : 'approval';
  if (gate === answers) return;
  const what = kind === 'resolved' ? "a declaration-only call's result" : `an ${kind === 'approved' ? 'approval' : 'rejection'}`;
  throw new InvalidRunStateError(
    `${path}.decision is ${what}, but the call ${gate === undefined ? 'never waited for the host' : `waits for ${typeof gate === 'string' ? gate : JSON.stringify(gate)}`}; only a call waiting for ${answers === 'result' ? 'its result (a declaration-only tool)' : 'approval'} takes it.`,
  );
}

/** Checks the paused run of an `'agent'` gate, naming where it is when it is wrong. */
function readSubRunState(value: unknown, path: string, depth: number): void {
  if (depth > maxSubRunDepth)
    throw new InvalidRunStateError(
      `${path}: paused sub-runs nest more than ${maxSubRunDepth} deep; a saved state this deep is not one toolcraft wrote.`,
    );
  try {
    readRecord(value, depth);
  } catch (error) {
    if (!InvalidRunStateError.isInstance(error)) throw error;
    throw new InvalidRunStateError(`${path} (the paused run of the call's agent) is not a run state: ${error.message}`, error);
  }
}

/**
 * Checks that a value is a run state this package can resume (the JSON of `RunState`, of this format
 * version or an older one) and brings it to the current version.
 * @param json - what `JSON.parse` gave (taken over: it becomes the record)
 * @returns the same value, as a record of the current version
 * @throws InvalidRunStateError naming the first field that is wrong and what was expected
 */
export function readRunRecord(json: unknown): RunRecord {
  return readRecord(json, 0);
}

function readRecord(json: unknown, depth: number): RunRecord {
  if (typeof json === 'string')
    throw new InvalidRunStateError('it is a string; pass the parsed JSON: RunState.fromJSON(JSON.parse(saved)).');
  if (!isObject(json) || json.type !== runStateType)
    fail('state', `a run state (an object with type '${runStateType}', from JSON.stringify(run.state))`, isObject(json) ? json.type : json);
  const version = json.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) fail('state.version', 'a whole number >= 1', version);
  if (version > runStateVersion)
    throw new InvalidRunStateError(
      `it was written by a newer version of toolcraft (run state version ${version}); this version reads version ${runStateVersion} and older. Resume it with the newer version.`,
    );
  for (const key of ['runId', 'agentName']) string(json, key, 'state');
  if (!statuses.has(json.status as string)) fail('state.status', "'running' or a stop reason", json.status);
  string(json, 'text', 'state', true);
  string(json, 'transferTo', 'state', true);
  string(json, 'activeAgent', 'state', true);
  if (json.actions !== undefined && !isObject(json.actions)) fail('state.actions', 'an object of actions', json.actions);
  if (isObject(json.actions)) {
    string(json.actions, 'transferToAgent', 'state.actions', true);
    string(json.actions, 'skipSummarizationSetBy', 'state.actions', true);
    for (const key of ['escalate', 'skipSummarization'])
      if (json.actions[key] !== undefined && typeof json.actions[key] !== 'boolean')
        fail(`state.actions.${key}`, 'a boolean', json.actions[key]);
  }
  readToolUsage(json.toolUsage);
  readToolChoice(json.toolChoice);
  if (json.handoffs !== undefined)
    list(json, 'handoffs', 'state').forEach((handoff, index) => {
      if (
        !isObject(handoff) ||
        typeof handoff.from !== 'string' ||
        typeof handoff.to !== 'string' ||
        !handoffKinds.has(handoff.kind as string)
      )
        fail(`state.handoffs[${index}]`, "{ from: string, to: string, kind: 'transfer' | 'escalate' }", handoff);
    });
  const messages = list(json, 'messages', 'state');
  messages.forEach((message, index) => readMessage(message, `state.messages[${index}]`));
  list(json, 'toolCalls', 'state').forEach((call, index) => {
    const path = `state.toolCalls[${index}]`;
    if (!isObject(call)) fail(path, 'a tool call object', call);
    for (const key of ['id', 'name', 'arguments']) string(call, key, path);
    if (!isObject(call.result) || typeof call.result.content !== 'string' || typeof call.result.isError !== 'boolean')
      fail(`${path}.result`, '{ content: string, isError: boolean }', call.result);
    readParts(call.result, `${path}.result`);
  });
  if (!isObject(json.usage)) fail('state.usage', 'an object of token counts', json.usage);
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens']) count(json.usage, key, 'state.usage');
  if (!isObject(json.state)) fail('state.state', 'an object of state values', json.state);
  if (Object.hasOwn(json.state, '__proto__'))
    throw new InvalidRunStateError(
      "state.state has a '__proto__' key, which no run state holds (state keys named '__proto__' are refused).",
    );
  if (!list(json, 'changed', 'state').every((key) => typeof key === 'string')) fail('state.changed', 'an array of keys', json.changed);
  for (const key of ['iterations', 'toolCallCount', 'elapsedMs']) count(json, key, 'state');
  if (json.batch !== undefined) readBatch(list(json, 'batch', 'state'), messages as ChatMessage[], depth);
  else if (json.status === 'interrupted')
    throw new InvalidRunStateError("state.status is 'interrupted', but state.batch (the calls it waits on) is missing.");
  readPending(list(json, 'pending', 'state'));
  if (!list(json, 'done', 'state').every((key) => typeof key === 'string')) fail('state.done', 'an array of call ids', json.done);
  readSubRunSummaries(json.subRuns, 'state.subRuns');
  const checkpointVersion = json.checkpointVersion;
  if (checkpointVersion !== undefined && (!Number.isSafeInteger(checkpointVersion) || (checkpointVersion as number) < 0))
    fail('state.checkpointVersion', 'a whole number >= 0', checkpointVersion);
  if (json.session !== undefined) readSessionMark(json.session);
  if (json.outputRetries !== undefined) count(json, 'outputRetries', 'state');
  // Version 1 is version 2 without the optional fields it added.
  json.version = runStateVersion;
  return json as unknown as RunRecord;
}

function readSessionMark(mark: unknown, path = 'state.session'): void {
  if (!isObject(mark)) fail(path, "an object naming the run's session", mark);
  if (mark.planned !== undefined)
    list(mark, 'planned', path).forEach((plan, index) => {
      const at = `${path}.planned[${index}]`;
      if (!isObject(plan)) fail(at, 'a planned append', plan);
      string(plan, 'appendId', at);
      list(plan, 'messages', at).forEach((message, at2) => readMessage(message, `${at}.messages[${at2}]`));
      if (!isObject(plan.stateDelta) || Object.hasOwn(plan.stateDelta, '__proto__'))
        fail(`${at}.stateDelta`, "an object of state values (no '__proto__' key)", plan.stateDelta);
      if (isObject(plan.mark) && plan.mark.planned !== undefined) fail(`${at}.mark.planned`, 'absent', plan.mark.planned);
      readSessionMark(plan.mark, `${at}.mark`);
    });
  for (const key of ['appName', 'userId', 'sessionId']) string(mark, key, path);
  count(mark, 'savedMessages', path);
  if (!list(mark, 'placeholders', path).every((id) => typeof id === 'string'))
    fail(`${path}.placeholders`, 'an array of call ids', mark.placeholders);
  if (mark.answered !== undefined && !list(mark, 'answered', path).every((id) => typeof id === 'string'))
    fail(`${path}.answered`, 'an array of call ids', mark.answered);
  if (mark.appends !== undefined) count(mark, 'appends', path);
  const { sentState } = mark;
  if (sentState !== undefined && (!isObject(sentState) || !Object.values(sentState).every((digest) => typeof digest === 'string')))
    fail(`${path}.sentState`, 'an object of value digests', sentState);
}
