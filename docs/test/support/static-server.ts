import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

/** A static file server of a built site on 127.0.0.1. */
export interface StaticSite {
  /** The site's root URL, ending in `/`. */
  readonly url: string;
  /** Stops the server. */
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file a request path names: the file itself, or the folder's `index.html`; undefined when there
 * is none or the path would leave the folder.
 * @param root - the site's folder
 * @param pathname - the request's path, URL-encoded
 * @returns the absolute file, or undefined
 */
export function fileOf(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  const index = join(candidate, 'index.html');
  return existsSync(index) ? index : undefined;
}

/**
 * Serves a folder as a static site, as a plain static host does: `404.html` for what is not there.
 * @param root - the absolute folder
 * @returns the running site
 */
export async function serveStatic(root: string): Promise<StaticSite> {
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = fileOf(root, pathname);
    const status = file === undefined ? 404 : 200;
    const served = file ?? join(root, '404.html');
    response.writeHead(status, { 'content-type': contentTypes[extname(served)] ?? 'application/octet-stream' });
    createReadStream(served).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
