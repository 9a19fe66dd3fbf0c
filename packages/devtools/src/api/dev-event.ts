import type { AgentEvent } from '@toolcraft/core';

/**
 * An event of a run as the page gets it: JSON data only (a tool's result keeps its text, error flag
 * and pause mark; a run's end keeps its stop reason; the rest is sent later with the run's summary).
 * @param event - the event
 * @returns the JSON form
 * @internal
 */
export function devEvent(event: AgentEvent): Record<string, unknown> {
  switch (event.type) {
    case 'tool_call_completed': {
      const { result, ...rest } = event;
      return { ...rest, result: { content: result.content, isError: result.isError, ...(result.paused === true ? { paused: true } : {}) } };
    }
    case 'run_completed': {
      const { result, ...rest } = event;
      return { ...rest, text: result.text };
    }
    default:
      return { ...event };
  }
}
