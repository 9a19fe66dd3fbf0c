import type { ResumeEntry } from '@ag-ui/core';
import type { Interruption, RunState } from '@toolcraft/core';
import { InvalidUIMessagesError } from '../errors/invalid-ui-messages-error.js';
import type { AppliedAnswer } from '../shared/applied-answer.js';
import { applyAnswers, type PendingAnswer } from '../shared/apply-answers.js';
import { editedArguments } from '../shared/edited-arguments.js';

/**
 * Applies an AG-UI client's resume entries (`RunAgentInput.resume`) to the paused run whose
 * `RUN_FINISHED` interrupts they answer (each entry's `interruptId` is a call's id):
 * - an approval: `resolved` with `{ approved: true, arguments? }` approves (edited arguments when
 *   they differ, checked by the tool when the call runs), `{ approved: false, reason? }` or
 *   `cancelled` rejects;
 * - a declaration-only tool's call: `resolved` with the result as `payload`;
 * - a credential: `resolved` with the credential as `payload` (kept in the state's memory only).
 * Every entry is checked before any is applied: nothing is applied when one is malformed. Two
 * entries for one call: the later wins.
 * @param state - the paused run's state
 * @param resume - the client's resume entries
 * @returns the answers applied; then `agent.stream(state)` continues the run
 * @throws InvalidUIMessagesError for an entry that names no call the run waits on, or whose payload does not fit
 * @example
 * applyAGUIResume(state, input.resume ?? []);
 * for await (const event of toAGUIEvents(agent.stream(state), { threadId: input.threadId })) send(event);
 */
export function applyAGUIResume(state: RunState, resume: readonly ResumeEntry[]): AppliedAnswer[] {
  if (!Array.isArray(resume)) throw new InvalidUIMessagesError('resume', `expected an array of resume entries, but got ${typeof resume}.`);
  const waiting = new Map(state.interruptions.map((item) => [item.callId, item] as const));
  const answers = new Map<string, PendingAnswer>();
  resume.forEach((entry: unknown, index) => {
    const answer = answerOf(entry, waiting, `resume[${index}]`);
    if (answer === undefined) return;
    answers.set(answer.callId, answer);
  });
  return applyAnswers(state, [...answers.values()]);
}

function answerOf(entry: unknown, waiting: ReadonlyMap<string, Interruption>, path: string): PendingAnswer | undefined {
  if (typeof entry !== 'object' || entry === null) throw new InvalidUIMessagesError(path, 'expected { interruptId, status, payload? }.');
  const { interruptId, status, payload } = entry as { interruptId?: unknown; status?: unknown; payload?: unknown };
  const item = typeof interruptId === 'string' ? waiting.get(interruptId) : undefined;
  if (item === undefined)
    throw new InvalidUIMessagesError(
      `${path}.interruptId`,
      `${JSON.stringify(interruptId) ?? 'undefined'} names no call the run waits on; it waits on ${[...waiting.keys()].join(', ') || 'none'}.`,
    );
  if (status !== 'resolved' && status !== 'cancelled')
    throw new InvalidUIMessagesError(`${path}.status`, "expected 'resolved' or 'cancelled'.");
  const base = { callId: item.callId, toolName: item.toolName, path: `${path}.payload` };
  const answer = (payload ?? {}) as { approved?: unknown; arguments?: unknown; reason?: unknown };
  const reason = typeof answer.reason === 'string' ? { reason: answer.reason } : {};
  switch (item.kind) {
    case 'approval':
      if (status === 'cancelled') return { ...base, decision: 'rejected', ...reason };
      if (typeof answer.approved !== 'boolean')
        throw new InvalidUIMessagesError(`${path}.payload`, 'expected { approved: boolean, arguments?, reason? } for an approval.');
      if (!answer.approved) return { ...base, decision: 'rejected', ...reason };
      return { ...base, decision: 'approved', ...editedArguments(answer.arguments, item.arguments, `${path}.payload.arguments`) };
    case 'result':
      return { ...base, decision: 'resolved', value: status === 'cancelled' ? 'Error: the client cancelled the call.' : payload };
    case 'credential':
      if (status === 'cancelled') return undefined;
      if (payload === undefined) throw new InvalidUIMessagesError(`${path}.payload`, 'expected the credential.');
      return { ...base, decision: 'provided', value: payload };
  }
}
