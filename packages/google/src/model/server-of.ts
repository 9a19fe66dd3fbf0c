import type { GoogleGenAI } from '@google/genai';
import type { ModelServer } from '@toolcraft/core';

/**
 * The host and port a client sends its requests to, from its base URL (the scheme's default port
 * when the URL names none). The SDK keeps the URL on the client's `apiClient` (public
 * `getBaseUrl()` on a protected field), read here defensively: undefined when it cannot be read.
 * @param client - the `@google/genai` client
 * @returns the server, or undefined
 */
export function serverOf(client: GoogleGenAI): ModelServer | undefined {
  const apiClient = (client as unknown as { apiClient?: { getBaseUrl?: () => unknown } }).apiClient;
  let baseUrl: unknown;
  try {
    baseUrl = typeof apiClient?.getBaseUrl === 'function' ? apiClient.getBaseUrl() : undefined;
  } catch {
    return undefined;
  }
  if (typeof baseUrl !== 'string') return undefined;
  try {
    const url = new URL(baseUrl);
    const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : url.protocol === 'http:' ? 80 : undefined;
    const address = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return port === undefined ? { address } : { address, port };
  } catch {
    return undefined;
  }
}
