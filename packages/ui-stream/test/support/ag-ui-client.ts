import { HttpAgent } from '@ag-ui/client';
import type { AGUIEvent, RunAgentInput } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';

/**
 * Checks every event against the AG-UI core package's event schema.
 * @param events - the events
 * @returns them, when each is valid
 */
export function validated(events: readonly AGUIEvent[]): AGUIEvent[] {
  for (const event of events) {
    const checked = EventSchemas.safeParse(event);
    if (!checked.success) throw new Error(`not an AG-UI event: ${JSON.stringify(event)}: ${checked.error.message}`);
  }
  return [...events];
}

/**
 * Reads every event of an async iterable, each checked by the AG-UI schema.
 * @param events - the events
 * @returns the events
 */
export async function collect(events: AsyncIterable<AGUIEvent>): Promise<AGUIEvent[]> {
  const all: AGUIEvent[] = [];
  for await (const event of events) all.push(event);
  return validated(all);
}

/**
 * An AG-UI `HttpAgent` (the official client) whose requests go to a fetch handler, recording the
 * inputs it posts and the events it receives.
 * @param handler - the server side
 * @returns the client and what it saw
 */
export function httpAgent(handler: (input: RunAgentInput, request: Request) => Promise<Response>) {
  const inputs: RunAgentInput[] = [];
  const events: AGUIEvent[] = [];
  const agent = new HttpAgent({
    url: 'http://localhost/agui',
    threadId: 'thread-1',
    fetch: async (url, init) => {
      const request = new Request(url, init);
      const input = (await request.clone().json()) as RunAgentInput;
      inputs.push(input);
      return handler(input, request);
    },
  });
  agent.subscribe({ onEvent: ({ event }) => void events.push(event as AGUIEvent) });
  return { agent, inputs, events };
}
