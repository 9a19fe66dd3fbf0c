import type { OpenApiCredential } from './http/apply-auth.js';

/** Options of an {@link OpenApiToolset}. */
export interface OpenApiToolsetOptions {
  /** The spec: an object, YAML or JSON text, or a file path. */
  spec: object | string;
  /**
   * Where requests go, in place of the spec's top-level `servers` (default its first URL). A path or
   * operation with `servers` of its own keeps them (a relative one is resolved against this URL).
   */
  baseUrl?: string;
  /** Values for the servers' `{variables}`, by name; a variable not given here takes the spec's `default`. */
  serverVariables?: Record<string, string>;
  /**
   * Credentials by security scheme name (`{ api_key: 'k', petstore_auth: 'token', basic: { username, password } }`):
   * a non-empty key or token, or (HTTP basic) a user and password. A scheme without one is asked of the
   * host with `context.requestCredential` (key `openapi.<scheme>`).
   */
  auth?: Record<string, OpenApiCredential>;
  /** Which operations become tools: their tool names (or `operationId`s); default all. */
  operations?: readonly string[];
  /** Headers sent with every request (to the operation's own server only, like credentials: not on a redirect to another origin). */
  headers?: Record<string, string>;
  /** Each request's time limit, in ms (the call's own limit); default 30,000. */
  timeoutMs?: number;
  /** The most characters of a response body the model gets; default 20,000. */
  maxResponseChars?: number;
  /** The toolset's name; default the spec's title. */
  name?: string;
  /**
   * The `fetch` to send with (a proxy, a test double of the network); default the global one. It is
   * called with `redirect: 'manual'`: the toolset follows redirects itself.
   */
  fetch?: typeof fetch;
}
