import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

/** What a request handler of the SDK's `Server` receives besides the request: its signal, id, `_meta`, and how to notify and ask the client. */
export type RequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
