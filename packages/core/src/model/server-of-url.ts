import type { ModelServer } from './chat-model.js';

/**
 * The host and port of a model client's base URL, for traces (`server.address`, `server.port`): the
 * scheme's default port when the URL names none, an IPv6 address without its brackets.
 * @param baseURL - the client's base URL
 * @returns the server, or undefined when the base URL is not a URL
 */
export function serverOfUrl(baseURL: unknown): ModelServer | undefined {
  if (typeof baseURL !== 'string') return undefined;
  try {
    const url = new URL(baseURL);
    const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : url.protocol === 'http:' ? 80 : undefined;
    const address = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return port === undefined ? { address } : { address, port };
  } catch {
    return undefined;
  }
}
