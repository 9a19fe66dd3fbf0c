import type { IncomingMessage } from 'node:http';

/** The host names a server on this machine answers by default: DNS rebinding protection for localhost. */
export const localHostnames: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** What {@link refusedHeaders} checks against. */
export interface HostRules {
  /** Host names (no port) the `Host` header may name. */
  allowedHosts: readonly string[];
  /** Origins (`scheme://host[:port]`) a browser's `Origin` header may name, besides any of an allowed host. */
  allowedOrigins: readonly string[];
}

/**
 * Checks the `Host` and `Origin` headers of a request against DNS rebinding: a web page of another
 * site, whose name was made to resolve to 127.0.0.1, sends its own name in both.
 * @param request - the request
 * @param rules - the allowed host names and origins
 * @returns why the request is refused, or undefined when it is allowed
 */
export function refusedHeaders(request: IncomingMessage, rules: HostRules): string | undefined {
  const host = request.headers.host;
  const hostname = hostnameOf(host === undefined ? undefined : `http://${host}`);
  if (hostname === undefined || !rules.allowedHosts.includes(hostname))
    return `Host header ${JSON.stringify(host ?? null)} is not allowed; this server answers ${rules.allowedHosts.join(', ')} (set allowedHosts to serve other names).`;
  const origin = request.headers.origin;
  if (origin === undefined || rules.allowedOrigins.includes(origin)) return undefined;
  const originHost = hostnameOf(origin);
  if (originHost === undefined || !rules.allowedHosts.includes(originHost))
    return `Origin header ${JSON.stringify(origin)} is not allowed (set allowedOrigins to accept browsers of other sites).`;
  return undefined;
}

function hostnameOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const { hostname } = new URL(url);
    return hostname.length === 0 ? undefined : hostname.toLowerCase();
  } catch {
    return undefined;
  }
}
