import type { GoogleGenAI } from '@google/genai';
import type { ModelServer } from '@toolcraft/core';
import { serverOfUrl } from '@toolcraft/core/internal';

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
  return serverOfUrl(baseUrl);
}
