import { partData, ToolResult } from '@toolcraft/core';
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';

type ResourceContents = ReadResourceResult['contents'][number];

/**
 * The `resources/read` contents of what a `@Resource` method returned, at the URI read:
 * - a string: text, of the resource's `mimeType` (default `text/plain`);
 * - bytes (`Uint8Array`, `Buffer`, `ArrayBuffer`): a blob (default `application/octet-stream`);
 * - `ToolResult.parts([...])`: text parts as text, images and files (base64) as blobs of their media type;
 * - a list of contents `{ uri?, mimeType?, text }` / `{ uri?, mimeType?, blob }` (or `{ contents: [...] }`), the URI defaulting to the one read;
 * - anything else JSON can hold: its JSON text (default `application/json`).
 * @param name - the resource, for messages
 * @param uri - the URI read
 * @param mimeType - the resource's declared media type, if any
 * @param value - what the method returned
 * @returns the contents
 * @throws McpProtocolError (InternalError) for nothing (undefined, null) or what cannot be sent
 */
export function resourceContents(name: string, uri: string, mimeType: string | undefined, value: unknown): ResourceContents[] {
  if (typeof value === 'string') return [{ uri, mimeType: mimeType ?? 'text/plain', text: value }];
  const bytes = bytesOf(value);
  if (bytes !== undefined) return [{ uri, mimeType: mimeType ?? 'application/octet-stream', blob: bytes.toString('base64') }];
  if (ToolResult.isParts(value))
    return value.parts.flatMap((part): ResourceContents[] => {
      if (part.type === 'text') return [{ uri, mimeType: mimeType ?? 'text/plain', text: part.text }];
      if (part.type !== 'image' && part.type !== 'file') return [];
      const where = partData(part.data);
      if (where.kind === 'url') throw failure(name, `a part at a URL (${where.url}); a resource's content is sent inline (base64)`);
      return [{ uri, mimeType: part.mediaType, blob: where.base64 }];
    });
  const list = isObject(value) && Array.isArray(value.contents) ? (value.contents as unknown[]) : Array.isArray(value) ? value : undefined;
  if (list !== undefined && list.length > 0 && list.every(isContents))
    return list.map((item) => ({ ...(item as object), uri: typeof item.uri === 'string' ? item.uri : uri }) as ResourceContents);
  if (value === undefined || value === null) throw failure(name, String(value));
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw failure(name, `a value JSON cannot hold (${(error as Error).message})`);
  }
  if (text === undefined) throw failure(name, `a ${typeof value}`);
  return [{ uri, mimeType: mimeType ?? 'application/json', text }];
}

function bytesOf(value: unknown): Buffer | undefined {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  return undefined;
}

function isContents(value: unknown): value is Record<string, unknown> {
  return isObject(value) && (typeof value.text === 'string' || typeof value.blob === 'string');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failure(name: string, what: string): McpProtocolError {
  return new McpProtocolError(
    ProtocolErrorCode.internalError,
    `Resource '${name}' returned ${what}; a resource method returns its text, bytes, content parts, contents ({ text } or { blob }) or a JSON value.`,
  );
}
