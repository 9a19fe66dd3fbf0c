import type { IncomingMessage } from 'node:http';
import { DevtoolsRequestError } from '../errors/devtools-request-error.js';

/** The largest request body the dev UI reads. */
const maxBodyBytes = 1024 * 1024;

/**
 * Reads a request's JSON object body, bounded.
 * @param request - the request
 * @returns the object
 * @throws DevtoolsRequestError 413 past 1 MiB, 415 for another content type, 400 for a body that is not a JSON object
 * @internal
 */
export async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new DevtoolsRequestError(415, `expected a JSON body (content-type application/json), got ${JSON.stringify(type)}.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw new DevtoolsRequestError(413, `the body is larger than ${maxBodyBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    throw new DevtoolsRequestError(400, `the body is not JSON: ${(error as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new DevtoolsRequestError(400, 'the body should be a JSON object.');
  return body as Record<string, unknown>;
}

/**
 * A string field of a body.
 * @param body - the body
 * @param field - the field's name
 * @returns its value
 * @throws DevtoolsRequestError 400 when it is not a non-empty string
 * @internal
 */
export function stringField(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new DevtoolsRequestError(400, `'${field}' should be a non-empty string.`);
  return value;
}
