import { performance } from 'node:perf_hooks';
import { DevtoolsRequestError } from '../errors/devtools-request-error.js';
import { approvalNeed } from './approval-need.js';
import type { DevTarget } from './dev-target.js';
import { jsonSafe } from './json-safe.js';

let calls = 0;

/**
 * Calls one tool through the target's `AgentEnvironment`, as the agent would: the arguments decoded
 * and validated by the tool's schema, its features and limits applied. A tool a run would ask a
 * person about first (see `approvalNeed`) is called only when the page confirmed it.
 * @param target - the target
 * @param name - the tool's name
 * @param args - the arguments (an object)
 * @param confirmed - whether the developer confirmed calling a tool that needs approval in a run
 * @param signal - aborts the call (the page went away)
 * @returns the result as the page shows it
 * @throws DevtoolsRequestError 409 for a tool that needs approval, not confirmed
 * @internal
 */
export async function callTool(target: DevTarget, name: string, args: unknown, confirmed: boolean, signal: AbortSignal) {
  const tool = target.environment.registry.tools.find((candidate) => candidate.name === name);
  const approval = tool === undefined ? undefined : approvalNeed(tool, target.agent);
  if (approval !== undefined && !confirmed)
    throw new DevtoolsRequestError(
      409,
      `'${name}' needs approval in a run (${approval.because}); the dev UI calls it directly, without asking anyone: ` +
        'confirm in the page (or send "confirmed": true) to call it.',
    );
  calls += 1;
  const started = performance.now();
  const result = await target.environment.executeTool({ id: `devtools_${calls}`, name, arguments: JSON.stringify(args ?? {}) }, undefined, {
    signal,
  });
  return {
    callId: result.id,
    content: result.content,
    isError: result.isError,
    ...(result.paused === true ? { paused: true } : {}),
    ...(result.value === undefined ? {} : { value: jsonSafe(result.value) }),
    durationMs: Math.round(performance.now() - started),
  };
}
