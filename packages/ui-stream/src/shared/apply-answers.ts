import type { RunState } from '@toolcraft/core';
import { InvalidUIMessagesError } from '../errors/invalid-ui-messages-error.js';
import type { AppliedAnswer } from './applied-answer.js';

/** An answer to apply: a resolved one carries the client's value; `path` says where it came from. @internal */
export type PendingAnswer = AppliedAnswer & { value?: unknown; path: string };

/**
 * Applies answers to a state, all or none: every answer is checked first (a result must be a string
 * or JSON data, a credential must be given), and only then are they applied, in order.
 * @param state - the paused run's state
 * @param answers - the answers, each for a call the state waits on (one per call)
 * @returns the answers as applied (without the resolved values)
 * @throws InvalidUIMessagesError naming where a value that cannot be applied is; nothing is applied then
 * @internal
 */
export function applyAnswers(state: RunState, answers: readonly PendingAnswer[]): AppliedAnswer[] {
  for (const answer of answers) {
    const problem = problemOf(answer);
    if (problem !== undefined) throw new InvalidUIMessagesError(answer.path, problem);
  }
  return answers.map(({ value, path: _path, ...answer }) => {
    if (answer.decision === 'approved') state.approve(answer.callId, answer.arguments === undefined ? {} : { arguments: answer.arguments });
    else if (answer.decision === 'rejected') state.reject(answer.callId, answer.reason);
    else if (answer.decision === 'resolved') state.resolve(answer.callId, value);
    else state.provideCredential(answer.callId, value);
    return answer;
  });
}

/** What the state would refuse in an answer, said for the client; undefined when it can be applied. */
function problemOf(answer: PendingAnswer): string | undefined {
  if (answer.decision === 'provided') return answer.value === undefined ? 'expected the credential.' : undefined;
  if (answer.decision !== 'resolved' || typeof answer.value === 'string') return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(answer.value);
  } catch (error) {
    return `expected the call's result as a string or JSON data, but it cannot be written as JSON (${String(error)}).`;
  }
  return text === undefined ? `expected the call's result as a string or JSON data, but it is ${String(answer.value)}.` : undefined;
}
