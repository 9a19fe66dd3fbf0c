import type { OpenApiCredential } from './http/apply-auth.js';

/** Options of an {@link OpenApiToolset}. */
export interface OpenApiToolsetOptions {
  /** The spec: an object, YAML or JSON text, or a file path. */
  spec: object | string;
  /** Where requests go; default the spec's first `servers` URL. */
  baseUrl?: string;
  /**
   * Credentials by security scheme name (`{ api_key: 'k', petstore_auth: 'token', basic: { username, password } }`).
   * A scheme without one is asked of the host with `context.requestCredential` (key `openapi.<scheme>`).
   */
  auth?: Record<string, OpenApiCredential>;
  /** Which operations become tools: their tool names (or `operationId`s); default all. */
  operations?: readonly string[];
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Each request's time limit, in ms (the call's own limit); default 30,000. */
  timeoutMs?: number;
  /** The most characters of a response body the model gets; default 20,000. */
  maxResponseChars?: number;
  /** The toolset's name; default the spec's title. */
  name?: string;
  /** The `fetch` to send with (a proxy, a test double of the network); default the global one. */
  fetch?: typeof fetch;
}
