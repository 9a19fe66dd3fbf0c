import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { describeThrownValue } from '@toolcraft/core';
import { devTarget } from './api/dev-target.js';
import { RunStore } from './api/run-store.js';
import type { DevtoolsOptions, DevtoolsServer } from './devtools-options.js';
import { allowedHosts, refusal } from './server/allowed-hosts.js';
import { handleApi } from './server/handle-api.js';
import { DevtoolsRequestError } from './errors/devtools-request-error.js';
import { packageRoot, validatorModules } from './server/package-root.js';
import { sendJson, setSafetyHeaders } from './server/send.js';
import { loadStaticFiles } from './server/static-files.js';

/** The dev UI's default port. */
export const defaultDevtoolsPort = 4111;

/**
 * Serves the dev UI of an agent (or of a registry's tools) on 127.0.0.1: every tool with its
 * schema (and what each provider is sent), a form per tool, a streamed chat with approval cards and
 * credential prompts, each run's timeline, its `RunState` and the session's state. It answers only
 * requests whose `Host` is `127.0.0.1` or `localhost` with its port (and whose `Origin`, when sent,
 * is the page), and a bad request gets an error answer, never a crash.
 * @param options - the agent or registry, the port, provider converters, sessions
 * @returns the running server (its `url`), once it listens
 * @throws when the port is taken (`EADDRINUSE`), or neither an agent nor a registry is given
 * @example
 * const devtools = await serveDevtools({ agent, port: 4111 });
 * console.log(`dev UI at ${devtools.url}`);
 */
export async function serveDevtools(options: DevtoolsOptions): Promise<DevtoolsServer> {
  const target = devTarget(options);
  const root = packageRoot();
  const files = loadStaticFiles(options.staticDir ?? join(root, 'static'), validatorModules(root));
  const runs = new RunStore();
  let hosts: ReadonlySet<string> = new Set();

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    setSafetyHeaders(response);
    const refused = refusal(request.headers.host, request.headers.origin, hosts);
    if (refused !== undefined) return sendJson(response, 403, { error: `Refused: ${refused}` });
    if (await handleApi(request, response, target, runs)) return;
    const file =
      request.method === 'GET' || request.method === 'HEAD'
        ? files.get(new URL(request.url ?? '/', 'http://localhost').pathname)
        : undefined;
    if (file === undefined) throw new DevtoolsRequestError(404, `not found: ${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-cache' });
    response.end(request.method === 'HEAD' ? undefined : file.body);
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      const status = DevtoolsRequestError.isInstance(error) ? error.status : 500;
      request.resume();
      sendJson(response, status, { error: describeThrownValue(error) });
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? defaultDevtoolsPort, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? defaultDevtoolsPort);
  hosts = allowedHosts(port);
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        runs.abortAll();
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}
