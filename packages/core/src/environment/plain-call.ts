import { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { invokeTool } from '../tools/invoke-tool.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { failedSafely } from './error-results.js';
import type { Abortable } from './abort-watchers.js';
import { completedResult } from './completed-result.js';
import { cancelledResult, PlainCallWait } from './plain-call-wait.js';
import { asList, listed, type ToolAnswer } from './tool-answer.js';

/**
 * Runs a tool on the fast path: a call with no time limit and nobody to tell (no metadata providers,
 * no interceptors), to a tool that needs no metadata (so sees no signal). There is nothing to await
 * but the tool, so there is no async function layer and no guard: a tool's promise is waited for by a
 * {@link PlainCallWait} (until `bound` aborts, with `bound`), a tool that returns a value synchronously
 * is answered at once. Never rejects.
 * @param settings - the environment's settings
 * @param tool - the tool
 * @param info - the call, its arguments decoded
 * @param args - the decoded arguments
 * @param bound - what cancels the wait (a run's deadline), if anything: the call then ends at once
 *   with a `ToolCancelledError` result, as a guarded call does (a call already cancelled does not run)
 * @param list - whether to answer the result in a list (a batch of one call)
 * @returns the call's one result (in a list with `list`)
 */
export function runPlainTool(
  settings: DispatchSettings,
  tool: AnyTool,
  info: CallInfo,
  args: unknown,
  bound: Abortable | undefined,
  list: boolean,
): Promise<ToolAnswer> {
  try {
    if (bound?.aborted === true) return listed(cancelledResult(settings, info, tool, bound.reason), list);
    const returned: unknown = tool[invokeTool](args, ToolCallMetadata.empty);
    if (typeof returned !== 'function' && (typeof returned !== 'object' || returned === null)) {
      return Promise.resolve(listed(completedResult(settings, tool, info, returned), list));
    }
    // Nothing cancels the wait (a call outside a run): the tool's promise chained once, as it is.
    if (bound === undefined) {
      const settled = Promise.resolve(returned).then(
        (value) => completedResult(settings, tool, info, value),
        (error: unknown) => failedSafely(settings, info, tool, error),
      );
      return list ? settled.then(asList) : settled;
    }
    return PlainCallWait.start(returned, settings, tool, info, bound, list);
  } catch (error) {
    return listed(failedSafely(settings, info, tool, error), list);
  }
}
