import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpSessionStore } from './session-store.js';

/**
 * The event store of one session, over a store shared by all: its streams are named
 * `<session>/<stream>` there (every session's GET stream has the same id, `_GET_stream`), and an
 * event id of another session is not one of its own.
 * @param store - the shared store
 * @param sessionId - the session
 * @returns the session's event store
 */
export function sessionEvents(store: McpSessionStore, sessionId: string): EventStore {
  const prefix = `${sessionId}/`;
  const own = (streamId: string | undefined) => (streamId?.startsWith(prefix) === true ? streamId.slice(prefix.length) : undefined);
  return {
    storeEvent: (streamId, message) => store.storeEvent(prefix + streamId, message),
    getStreamIdForEventId: async (eventId) => own(await (store.getStreamIdForEventId?.(eventId) ?? Promise.resolve(undefined))),
    replayEventsAfter: async (lastEventId, options) => {
      const streamId = store.getStreamIdForEventId === undefined ? undefined : await store.getStreamIdForEventId(lastEventId);
      if (streamId !== undefined && own(streamId) === undefined) throw new Error('the event is not one of this session');
      const replayed = await store.replayEventsAfter(lastEventId, options);
      const stream = own(replayed);
      if (stream === undefined) throw new Error('the event is not one of this session');
      return stream;
    },
  };
}
