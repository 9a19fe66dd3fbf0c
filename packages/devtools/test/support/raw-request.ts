import { request } from 'node:http';

/** An answer of the dev UI's server. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Sends one HTTP request to 127.0.0.1 with exactly the headers given (a foreign `Host` included).
 * @param port - the server's port
 * @param options - the method, path, headers and body
 * @returns the answer
 */
export function rawRequest(
  port: number,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/**
 * Posts JSON to the server and reads its JSON lines (a streamed run).
 * @param port - the server's port
 * @param path - the API path
 * @param body - the JSON body
 * @returns the status and the lines
 */
export async function postLines(
  port: number,
  path: string,
  body: unknown,
): Promise<{ status: number; lines: Array<Record<string, unknown>> }> {
  const answer = await rawRequest(port, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const lines = answer.body
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status: answer.status, lines };
}
