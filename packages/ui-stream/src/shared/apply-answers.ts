import type { RunState } from '@toolcraft/core';
import type { AppliedAnswer } from './applied-answer.js';

/** An answer to apply; a resolved one carries the client's value. @internal */
export type PendingAnswer = AppliedAnswer & { value?: unknown };

/**
 * Applies checked answers to a state, in order.
 * @param state - the paused run's state
 * @param answers - the answers, each for a call the state waits on
 * @returns the answers as applied (without the resolved values)
 * @throws RunStateDecisionError when the state refuses one (a value that is not JSON)
 * @internal
 */
export function applyAnswers(state: RunState, answers: readonly PendingAnswer[]): AppliedAnswer[] {
  return answers.map(({ value, ...answer }) => {
    if (answer.decision === 'approved') state.approve(answer.callId, answer.arguments === undefined ? {} : { arguments: answer.arguments });
    else if (answer.decision === 'rejected') state.reject(answer.callId, answer.reason);
    else if (answer.decision === 'resolved') state.resolve(answer.callId, value);
    else state.provideCredential(answer.callId, value);
    return answer;
  });
}
