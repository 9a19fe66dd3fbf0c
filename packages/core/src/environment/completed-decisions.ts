import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { describeValue } from '../errors/describe-value.js';
import { InvalidHookDecisionError } from '../errors/invalid-hook-decision-error.js';
import { contentText } from '../results/content-text.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { CallGuard } from './bounded-await.js';
import { checkResultParts } from './check-result-parts.js';
import type { DispatchSettings } from './dispatch-settings.js';
import type { ToolCallCompletedEvent } from './feature.js';
import type { ReceivedToolResult } from './tool-call.js';
import { failedHandler } from './tool-pipeline.js';
import { truncateContent, truncateParts } from './truncate-content.js';
import { isPromiseLike } from './is-promise-like.js';

const expected = 'undefined or { content } (text, or text, image and file parts)';

/**
 * Runs the `onToolCallCompleted` handlers of a call in installation order and applies what each
 * decides: `{ content }` makes a new result with that content (cut to `maxResultChars`; the tool's
 * `value` kept; the feature added to `contentReplacedBy`), which `event.result` then is, so the next
 * handler sees it. A handler that throws, rejects or returns something else is reported (stage
 * `'completed'`) and the chain goes on. As long as every handler returns synchronously, no promise is made.
 * @param settings - the environment's settings
 * @param tool - the tool called
 * @param event - what the handlers are told; its `result` ends as the call's result
 * @param guard - the call's guard, if it has one
 * @param from - the first handler to run
 * @returns undefined when every handler returned synchronously; else a promise of the rest
 * @throws the guard's stop error when the call stops while a handler is awaited
 */
export function runCompletedHandlers(
  settings: DispatchSettings,
  tool: AnyTool,
  event: ToolCallCompletedEvent,
  guard: CallGuard | undefined,
  from = 0,
): Promise<void> | undefined {
  const { pipeline } = settings;
  const handlers = pipeline.completed;
  const callId = event.call.id;
  for (let index = from; index < handlers.length; index++) {
    const { feature, handler } = handlers[index]!;
    let returned: unknown;
    let pending: boolean;
    try {
      returned = handler(event);
      // Inside the try: a result whose \`then\` getter throws is reported, like a handler that threw.
      pending = isPromiseLike(returned);
    } catch (error) {
      pipeline.report({ feature, stage: 'completed', callId, error });
      continue;
    }
    if (returned === undefined) continue;
    if (pending) {
      if (guard?.stopped) {
        // The call has stopped: its result stands as it is.
        pipeline.settleLater(returned, feature, 'completed', callId);
        continue;
      }
      return pipeline.settle(returned, feature, 'completed', callId, guard).then((settled) => {
        if (settled !== failedHandler) decide(settings, tool, event, feature, settled);
        return runCompletedHandlers(settings, tool, event, guard, index + 1);
      });
    }
    decide(settings, tool, event, feature, returned);
  }
  return undefined;
}

/** Applies one handler's decision to `event.result`; reports one that is not a decision. */
function decide(settings: DispatchSettings, tool: AnyTool, event: ToolCallCompletedEvent, feature: string, returned: unknown): void {
  if (returned === undefined || returned === null) return;
  const report = (error: unknown) => settings.pipeline.report({ feature, stage: 'completed', callId: event.call.id, error });
  let content: unknown;
  try {
    if (typeof returned !== 'object' || Array.isArray(returned) || !('content' in returned)) {
      report(new InvalidHookDecisionError(feature, describeValue(returned), expected));
      return;
    }
    content = (returned as { content: unknown }).content;
  } catch (error) {
    report(error);
    return;
  }
  let replaced: ReceivedToolResult;
  try {
    replaced = withContent(settings, tool, event.result, content);
  } catch (error) {
    report(new InvalidHookDecisionError(feature, `{ content: ${describeValue(content)} } (${describeThrownValue(error)})`, expected));
    return;
  }
  replaced.contentReplacedBy = [...(event.result.contentReplacedBy ?? []), feature];
  event.result = replaced;
}

/**
 * @returns a copy of the result with the content the model sees replaced
 * @throws when `content` is neither text nor an array of text, image and file parts
 */
function withContent(settings: DispatchSettings, tool: AnyTool, result: ReceivedToolResult, content: unknown): ReceivedToolResult {
  const { parts: _parts, ...rest } = result;
  if (typeof content === 'string') return { ...rest, content: truncateContent(content, settings.maxResultChars) };
  if (!Array.isArray(content)) throw new TypeError('content must be a string or an array of parts');
  const parts = truncateParts(checkResultParts(tool.name, content), settings.maxResultChars);
  const text = contentText(parts);
  return parts.every((part) => part.type === 'text') ? { ...rest, content: text } : { ...rest, content: text, parts };
}
