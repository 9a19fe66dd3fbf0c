/**
 * The `Host` headers the dev UI answers: loopback names with its port. Any other (a DNS-rebinding
 * page naming its own host, a request through a proxy) is refused.
 * @param port - the server's port
 * @returns the allowed `host:port` values
 * @internal
 */
export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
}

/**
 * Whether a request may be answered: its `Host` is a loopback name with the port, and its `Origin`,
 * when it has one (a browser's request with a body), is the page itself.
 * @param host - the `Host` header
 * @param origin - the `Origin` header
 * @param hosts - the allowed hosts
 * @returns why it is refused, or undefined when it may be answered
 * @internal
 */
export function refusal(host: string | undefined, origin: string | undefined, hosts: ReadonlySet<string>): string | undefined {
  if (host === undefined || !hosts.has(host.toLowerCase()))
    return `the Host header ${JSON.stringify(host ?? '')} is not this server (only 127.0.0.1 and localhost are answered).`;
  if (origin !== undefined && origin !== 'null' && ![...hosts].some((allowed) => origin.toLowerCase() === `http://${allowed}`))
    return `the Origin ${JSON.stringify(origin)} is not this page.`;
  if (origin === 'null') return 'the Origin "null" is not this page.';
  return undefined;
}
