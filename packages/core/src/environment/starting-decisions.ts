import { describeValue } from '../errors/describe-value.js';
import { HookArgumentsError } from '../errors/hook-arguments-error.js';
import { InvalidHookDecisionError } from '../errors/invalid-hook-decision-error.js';
import { ToolBlockedError } from '../errors/tool-blocked-error.js';
import { withoutStack } from '../errors/without-stack.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { CallGuard } from './bounded-await.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { withThrown } from './error-results.js';
import type { ToolCallStartingEvent } from './feature.js';
import { raisedByFramework } from './framework-raised.js';
import { failedHandler } from './tool-pipeline.js';
import { isPromiseLike } from './is-promise-like.js';

const expected = 'undefined, { block: reason } or { arguments }';

/**
 * Runs the `onToolCallStarting` handlers of a call in installation order and applies what each
 * decides: `{ arguments }` are decoded and validated like the model's, then become the call's
 * (`info.arguments`, which the next handler sees through `event.call`; the feature is added to
 * `info.argumentsReplacedBy`); `{ block }` ends the chain. A handler that throws, rejects or returns
 * something else is reported (stage `'starting'`) and the chain goes on. Async handlers are awaited
 * through the call's guard; as long as every handler returns synchronously, no promise is made.
 * @param settings - the environment's settings
 * @param tool - the tool called
 * @param info - the call (its arguments decoded)
 * @param event - what the handlers are told (its `call` is `info`)
 * @param guard - the call's guard, if it has one
 * @param from - the first handler to run
 * @returns undefined when every handler returned synchronously; else a promise of the rest
 * @throws a `ToolBlockedError` (a handler blocked the call) or a `HookArgumentsError` (its arguments
 *   failed validation), both raised by the framework for the call; the guard's stop error when the call
 *   stops while a handler is awaited
 */
export function runStartingHandlers(
  settings: DispatchSettings,
  tool: AnyTool,
  info: CallInfo,
  event: ToolCallStartingEvent,
  guard: CallGuard | undefined,
  from = 0,
): Promise<void> | undefined {
  const { pipeline } = settings;
  const handlers = pipeline.starting;
  for (let index = from; index < handlers.length; index++) {
    const { feature, handler } = handlers[index]!;
    let returned: unknown;
    let pending: boolean;
    try {
      returned = handler(event);
      // Inside the try: a result whose \`then\` getter throws is reported, like a handler that threw.
      pending = isPromiseLike(returned);
    } catch (error) {
      pipeline.report({ feature, stage: 'starting', callId: info.id, error });
      continue;
    }
    if (returned === undefined) continue;
    if (pending) {
      if (guard?.stopped) {
        pipeline.settleLater(returned, feature, 'starting', info.id);
        throw guard.reason as Error;
      }
      return pipeline.settle(returned, feature, 'starting', info.id, guard).then((settled) => {
        if (settled !== failedHandler) decide(settings, tool, info, feature, settled);
        return runStartingHandlers(settings, tool, info, event, guard, index + 1);
      });
    }
    decide(settings, tool, info, feature, returned);
  }
  return undefined;
}

/** Applies one handler's decision; reports one that is not a decision. */
function decide(settings: DispatchSettings, tool: AnyTool, info: CallInfo, feature: string, returned: unknown): void {
  if (returned === undefined || returned === null) return;
  let block: unknown;
  let replacement: unknown;
  let kind: 'block' | 'arguments' | undefined;
  try {
    if (typeof returned === 'object' && !Array.isArray(returned)) {
      if ('block' in returned) {
        kind = 'block';
        block = (returned as { block: unknown }).block;
      } else if ('arguments' in returned) {
        kind = 'arguments';
        replacement = (returned as { arguments: unknown }).arguments;
      }
    }
  } catch (error) {
    settings.pipeline.report({ feature, stage: 'starting', callId: info.id, error });
    return;
  }
  if (kind === 'block' && typeof block === 'string')
    throw raisedByFramework(
      withoutStack(() => new ToolBlockedError(tool.name, feature, block)),
      info,
    );
  if (kind === 'arguments' && isArguments(replacement)) {
    const outcome = tool.argsDecoder.decode(replacement, settings.limits);
    if (!outcome.ok) {
      const { thrown, violations } = outcome;
      const told =
        thrown !== undefined && settings.errorDetail !== 'generic' ? withThrown(violations, thrown, settings.errorDetail) : violations;
      throw raisedByFramework(
        withoutStack(() => new HookArgumentsError(tool.name, feature, told)),
        info,
      );
    }
    info.arguments = outcome.value;
    (info.argumentsReplacedBy ??= []).push(feature);
    return;
  }
  const got =
    kind === 'block'
      ? `{ block: ${describeValue(block)} }`
      : kind === 'arguments'
        ? `{ arguments: ${describeValue(replacement)} }`
        : describeValue(returned);
  settings.pipeline.report({
    feature,
    stage: 'starting',
    callId: info.id,
    error: new InvalidHookDecisionError(feature, got, expected),
  });
}

function isArguments(value: unknown): value is string | Readonly<Record<string, unknown>> {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}
