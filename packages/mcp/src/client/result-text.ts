import { truncateContent } from '@toolcraft/core/internal';

/** The parts of a `tools/call` result read here (the SDK has already checked its shape). */
export interface CallResultLike {
  content?: ReadonlyArray<Record<string, unknown>>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * The text a model is shown of an MCP `tools/call` result: text blocks as they are, embedded text
 * resources by their text, other blocks (images, audio, binary resources, links) described in one
 * line, and the structured content as JSON when there is no text. Cut at `maxChars`.
 * @param result - the result
 * @param maxChars - the longest text, or undefined for no limit
 * @returns the text
 */
export function resultText(result: CallResultLike, maxChars: number | undefined): string {
  const parts: string[] = [];
  let length = 0;
  for (const block of result.content ?? []) {
    const text = blockText(block);
    parts.push(text);
    length += text.length + 1;
    if (maxChars !== undefined && length > maxChars) break;
  }
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent));
  return truncateContent(parts.join('\n'), maxChars);
}

function blockText(block: Record<string, unknown>): string {
  switch (block.type) {
    case 'text':
      return String(block.text);
    case 'image':
    case 'audio':
      return `[${block.type} ${String(block.mimeType)}, ${base64Bytes(block.data)} bytes]`;
    case 'resource_link':
      return `[resource link ${String(block.uri)}${typeof block.name === 'string' ? ` (${block.name})` : ''}]`;
    case 'resource': {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      if (typeof resource.text === 'string') return resource.text;
      return `[resource ${String(resource.uri)}${typeof resource.mimeType === 'string' ? ` ${resource.mimeType}` : ''}, ${base64Bytes(resource.blob)} bytes]`;
    }
    default:
      return `[${String(block.type)} content]`;
  }
}

function base64Bytes(data: unknown): number {
  return typeof data === 'string' ? Math.floor((data.length * 3) / 4) : 0;
}
