import { describeThrownValue, type RunState } from '@toolcraft/core';
import { DevtoolsRequestError } from '../errors/devtools-request-error.js';

/** What the page answered for one waiting call. @internal */
type Decision =
  | { callId: string; action: 'approve'; arguments?: Record<string, unknown> }
  | { callId: string; action: 'reject'; reason?: string }
  | { callId: string; action: 'resolve'; value: unknown }
  | { callId: string; action: 'credential'; credential: string };

function readDecision(value: unknown, index: number): Decision {
  const where = `decisions[${index}]`;
  if (typeof value !== 'object' || value === null) throw new DevtoolsRequestError(400, `${where} should be an object.`);
  const item = value as Record<string, unknown>;
  if (typeof item.callId !== 'string') throw new DevtoolsRequestError(400, `${where}.callId should be a string.`);
  switch (item.action) {
    case 'approve':
      if (item.arguments !== undefined && (typeof item.arguments !== 'object' || item.arguments === null || Array.isArray(item.arguments)))
        throw new DevtoolsRequestError(400, `${where}.arguments should be an object.`);
      return {
        callId: item.callId,
        action: 'approve',
        ...(item.arguments === undefined ? {} : { arguments: item.arguments as Record<string, unknown> }),
      };
    case 'reject':
      return {
        callId: item.callId,
        action: 'reject',
        ...(typeof item.reason === 'string' && item.reason !== '' ? { reason: item.reason } : {}),
      };
    case 'resolve':
      return { callId: item.callId, action: 'resolve', value: item.value };
    case 'credential':
      if (typeof item.credential !== 'string' || item.credential === '')
        throw new DevtoolsRequestError(400, `${where}.credential should be a non-empty string.`);
      return { callId: item.callId, action: 'credential', credential: item.credential };
    default:
      throw new DevtoolsRequestError(400, `${where}.action should be 'approve', 'reject', 'resolve' or 'credential'.`);
  }
}

/**
 * Applies the page's answers to a paused run's state, each checked first (its shape, and that the run waits on its call).
 * @param state - the paused run's state
 * @param decisions - the page's answers
 * @throws DevtoolsRequestError 400 for a malformed answer, or one the state refuses (its message names the call)
 * @internal
 */
export function applyDecisions(state: RunState, decisions: unknown): void {
  if (!Array.isArray(decisions) || decisions.length === 0) throw new DevtoolsRequestError(400, "'decisions' should be a non-empty array.");
  const read = decisions.map(readDecision);
  const waiting = new Set(state.interruptions.map((item) => item.callId));
  for (const decision of read)
    if (!waiting.has(decision.callId))
      throw new DevtoolsRequestError(
        400,
        `the run does not wait on '${decision.callId}'; it waits on ${[...waiting].join(', ') || 'nothing'}.`,
      );
  try {
    for (const decision of read) {
      if (decision.action === 'approve')
        state.approve(decision.callId, decision.arguments === undefined ? {} : { arguments: decision.arguments });
      else if (decision.action === 'reject') state.reject(decision.callId, decision.reason);
      else if (decision.action === 'resolve') state.resolve(decision.callId, decision.value);
      else state.provideCredential(decision.callId, decision.credential);
    }
  } catch (error) {
    throw new DevtoolsRequestError(400, describeThrownValue(error));
  }
}
