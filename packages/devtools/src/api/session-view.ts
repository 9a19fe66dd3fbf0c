import type { Session } from '@toolcraft/core';
import { jsonSafe } from './json-safe.js';

/**
 * What the page shows of a session: its state and how many messages it holds.
 * @param session - the session
 * @returns the view, or the error reading it
 * @internal
 */
export async function sessionView(session: Session): Promise<Record<string, unknown>> {
  try {
    const data = await session.load();
    return { sessionId: data.sessionId, version: data.version, messages: data.messages.length, state: jsonSafe(data.state) };
  } catch (error) {
    return { sessionId: session.sessionId, error: (error as Error).message };
  }
}
