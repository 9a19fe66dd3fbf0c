import type { AGUIEvent } from '@ag-ui/core';
import type { AgentEvent } from '@toolcraft/core';
import { readTranslated } from '../shared/read-translated.js';
import type { AGUIEventsOptions } from './ag-ui-options.js';
import { AGUITranslator } from './ag-ui-translator.js';

/**
 * Turns a streamed run into AG-UI protocol events (what CopilotKit and Microsoft Agent Framework
 * clients read): `RUN_STARTED`, `TEXT_MESSAGE_START`/`CONTENT`/`END` per model turn,
 * `REASONING_*`, `TOOL_CALL_START`/`ARGS`/`END` and `TOOL_CALL_RESULT`, nested agents' runs as
 * `SUBAGENT_STARTED`/`FINISHED`, the run's state changes as `STATE_DELTA`, tool progress and
 * handoffs as `CUSTOM` events (`toolcraft.tool_progress`, `toolcraft.handoff`), then `RUN_FINISHED`
 * (its `outcome` an `interrupt` listing the calls that wait, each interrupt's `id` the call's id) or
 * `RUN_ERROR`. Events are read as they are asked for; leaving the loop early cancels the run.
 * @param events - the run's events (`agent.stream(input)`, or `agent.stream(state)` to continue)
 * @param options - the thread id, error text, reasoning and timestamps
 * @returns the AG-UI events (encode them with `@ag-ui/encoder`, or as `data: <JSON>` server-sent events)
 * @example
 * for await (const event of toAGUIEvents(agent.stream(text), { threadId: input.threadId })) {
 *   response.write(`data: ${JSON.stringify(event)}\n\n`);
 * }
 */
export function toAGUIEvents(events: AsyncIterable<AgentEvent>, options: AGUIEventsOptions = {}): AsyncIterableIterator<AGUIEvent> {
  return readTranslated(events, new AGUITranslator(options));
}
