import type { UIMessage } from 'ai';
import type { Interruption, RunState } from '@toolcraft/core';
import { InvalidUIMessagesError } from '../errors/invalid-ui-messages-error.js';
import type { AppliedAnswer } from '../shared/applied-answer.js';
import { applyAnswers, type PendingAnswer } from '../shared/apply-answers.js';
import { editedArguments } from '../shared/edited-arguments.js';

type Part = Record<string, unknown>;

/**
 * Applies what a `useChat` client answered to the calls a paused run waits on: each tool part of
 * the messages in the state `approval-responded` answers an approval (`addToolApprovalResponse`):
 * approved, with the part's `input` as edited arguments when the client changed it (validated
 * again by the tool when the call runs), or rejected with its `reason`; a part in the state
 * `output-available` (or `output-error`) answers a declaration-only tool's call (`addToolOutput`).
 * Parts of calls the state does not wait on (answered earlier, other runs) are left alone, so the
 * whole conversation can be passed each time; a later answer wins. Every answer is checked before
 * any is applied: nothing is applied when the messages are malformed (a result that is not JSON
 * data, `output-available` without its `output`, included).
 * @param state - the paused run's state (`RunState.fromJSON(saved)`)
 * @param messages - the client's messages (the body `useChat` posts)
 * @returns the answers applied, in order; then `agent.stream(state)` continues the run
 * @throws InvalidUIMessagesError when the messages are not UI messages, a part names another tool
 *   for a waiting call, edited arguments are not an object, or a result is not JSON data (nothing applied)
 * @example
 * const state = RunState.fromJSON(await store.load(runId));
 * approvalsFromUIMessages(state, messages);
 * return toUIMessageStreamResponse(agent.stream(state));
 */
export function approvalsFromUIMessages(state: RunState, messages: readonly UIMessage[]): AppliedAnswer[] {
  const waiting = new Map(state.interruptions.map((item) => [item.callId, item] as const));
  const answers = new Map<string, PendingAnswer>();
  if (!Array.isArray(messages))
    throw new InvalidUIMessagesError('messages', `expected an array of UI messages, but got ${typeof messages}.`);
  messages.forEach((message: unknown, index) => {
    const path = `messages[${index}]`;
    if (typeof message !== 'object' || message === null) throw new InvalidUIMessagesError(path, 'expected a message object.');
    const parts = (message as { parts?: unknown }).parts;
    if (!Array.isArray(parts)) throw new InvalidUIMessagesError(`${path}.parts`, 'expected an array of parts.');
    parts.forEach((part: unknown, partIndex) => {
      const partPath = `${path}.parts[${partIndex}]`;
      if (typeof part !== 'object' || part === null) throw new InvalidUIMessagesError(partPath, 'expected a part object.');
      const answer = answerOf(part as Part, waiting, partPath);
      if (answer === undefined) return;
      answers.set(answer.callId, answer);
    });
  });
  return applyAnswers(state, [...answers.values()]);
}

function answerOf(part: Part, waiting: ReadonlyMap<string, Interruption>, path: string): PendingAnswer | undefined {
  const type = part.type;
  if (typeof type !== 'string' || (type !== 'dynamic-tool' && !type.startsWith('tool-'))) return undefined;
  const item = typeof part.toolCallId === 'string' ? waiting.get(part.toolCallId) : undefined;
  if (item === undefined) return undefined;
  const toolName = type === 'dynamic-tool' ? part.toolName : type.slice('tool-'.length);
  if (toolName !== item.toolName)
    throw new InvalidUIMessagesError(
      path,
      `the call '${item.callId}' is a call of '${item.toolName}', but the part names '${String(toolName)}'.`,
    );
  const base = { callId: item.callId, toolName: item.toolName, path };
  if (item.kind === 'approval' && part.state === 'approval-responded') {
    const approval = part.approval as { approved?: unknown; reason?: unknown } | undefined;
    if (typeof approval !== 'object' || approval === null || typeof approval.approved !== 'boolean')
      throw new InvalidUIMessagesError(`${path}.approval`, 'expected { id, approved: boolean, reason? }.');
    if (!approval.approved)
      return { ...base, decision: 'rejected', ...(typeof approval.reason === 'string' ? { reason: approval.reason } : {}) };
    return { ...base, decision: 'approved', ...editedArguments(part.input, item.arguments, `${path}.input`) };
  }
  if (item.kind === 'result' && part.state === 'output-available')
    return { ...base, path: `${path}.output`, decision: 'resolved', value: part.output };
  if (item.kind === 'result' && part.state === 'output-error')
    return { ...base, decision: 'resolved', value: `Error: ${String(part.errorText)}` };
  return undefined;
}
