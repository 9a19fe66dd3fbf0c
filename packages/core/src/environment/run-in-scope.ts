import type { ExecutionScope } from './run-hooks.js';
import type { ToolPipeline } from './tool-pipeline.js';

/**
 * Runs `next` inside the features' execution scopes (`pipeline.wrapExecution`), the first-installed
 * outermost. A wrapper that throws before calling `next`, or returns without calling it, is reported
 * (stage `'scope'`) and `next` runs without it; a wrapper that throws after `next` ran is reported and
 * `next`'s value stands. `next` runs exactly once, whatever the wrappers do, and what it returns or
 * throws is what this returns or throws.
 * @param pipeline - the features' wrappers, and where failures are reported
 * @param scope - what is being run
 * @param next - the work
 * @returns what `next` returned
 */
export function runInScope<T>(pipeline: ToolPipeline, scope: ExecutionScope, next: () => T): T {
  const { scopes } = pipeline;
  // The list as it is now: a feature registering a scope meanwhile (see `registerInPlace`) changes later runs only.
  return scopes.length === 0 ? next() : runWrapped(pipeline, scopes, scope, next, 0);
}

/** Runs `next` inside the wrappers from `index` on (the one at `index` outermost). */
function runWrapped<T>(pipeline: ToolPipeline, scopes: ToolPipeline['scopes'], scope: ExecutionScope, next: () => T, index: number): T {
  const { feature, handler } = scopes[index]!;
  const last = index + 1 === scopes.length;
  let called = false;
  let threw = false;
  let value: T | undefined;
  let thrown: unknown;
  const once = (): T => {
    if (called) return value as T;
    called = true;
    try {
      return (value = last ? next() : runWrapped(pipeline, scopes, scope, next, index + 1));
    } catch (error) {
      threw = true;
      thrown = error;
      throw error;
    }
  };
  let failed = false;
  try {
    handler(scope, once);
  } catch (error) {
    failed = !(called && threw && error === thrown);
    if (failed) report(pipeline, feature, scope, error);
  }
  if (!called) {
    if (!failed) report(pipeline, feature, scope, new TypeError(`The execution scope of feature '${feature}' did not call next().`));
    return last ? next() : runWrapped(pipeline, scopes, scope, next, index + 1);
  }
  if (threw) throw thrown;
  return value as T;
}

function report(pipeline: ToolPipeline, feature: string, scope: ExecutionScope, error: unknown): void {
  pipeline.report({
    feature,
    stage: 'scope',
    callId: scope.kind === 'toolCall' ? scope.callId : '',
    error,
    ...(scope.runId === undefined ? {} : { runId: scope.runId }),
  });
}
