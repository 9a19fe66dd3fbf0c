import { performance } from 'node:perf_hooks';
import type { DevTarget } from './dev-target.js';
import { jsonSafe } from './json-safe.js';

let calls = 0;

/**
 * Calls one tool through the target's `AgentEnvironment`, as the agent would: the arguments decoded
 * and validated by the tool's schema, its features and limits applied.
 * @param target - the target
 * @param name - the tool's name
 * @param args - the arguments (an object)
 * @param signal - aborts the call (the page went away)
 * @returns the result as the page shows it
 * @internal
 */
export async function callTool(target: DevTarget, name: string, args: unknown, signal: AbortSignal) {
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
