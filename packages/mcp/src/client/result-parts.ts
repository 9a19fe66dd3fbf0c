import type { ContentPart } from '@toolcraft/core';
import { truncateContent } from '@toolcraft/core/internal';
import { resultText, type CallResultLike } from './result-text.js';

/**
 * What the model is shown of an MCP result's content: its text alone when every block is text (or
 * text the model reads: embedded text resources, links it cannot open), else content parts:
 * images (inline, or a link of an image type) as image parts, audio and binary resources as file
 * parts, an `http(s)` resource link as a file part at its URL; text blocks and text resources as text
 * parts. Text is cut at `maxChars`.
 * @param result - the result (of `tools/call`)
 * @param maxChars - the longest text, or undefined for no limit
 * @returns the text, and the parts when there is more than text
 */
export function resultParts(result: CallResultLike, maxChars: number | undefined): { text: string; parts?: ContentPart[] } {
  const text = resultText(result, maxChars);
  const parts: ContentPart[] = [];
  let media = false;
  for (const block of result.content ?? []) {
    const part = partOf(block);
    if (part.type !== 'text') media = true;
    parts.push(part);
  }
  if (!media) return { text };
  return { text, parts: parts.map((part) => (part.type === 'text' ? { type: 'text', text: truncateContent(part.text, maxChars) } : part)) };
}

function partOf(block: Record<string, unknown>): ContentPart {
  const mimeType = typeof block.mimeType === 'string' ? block.mimeType : 'application/octet-stream';
  switch (block.type) {
    case 'text':
      return { type: 'text', text: String(block.text) };
    case 'image':
      return { type: 'image', data: String(block.data), mediaType: mimeType };
    case 'audio':
      return { type: 'file', data: String(block.data), mediaType: mimeType };
    case 'resource': {
      const resource = (block.resource ?? {}) as Record<string, unknown>;
      const type = typeof resource.mimeType === 'string' ? resource.mimeType : 'application/octet-stream';
      if (typeof resource.text === 'string') return { type: 'text', text: resource.text };
      const data = typeof resource.blob === 'string' ? resource.blob : '';
      if (type.startsWith('image/')) return { type: 'image', data, mediaType: type };
      return { type: 'file', data, mediaType: type, ...(typeof resource.uri === 'string' ? { filename: resource.uri } : {}) };
    }
    case 'resource_link': {
      const uri = String(block.uri);
      const name = typeof block.name === 'string' ? block.name : undefined;
      if (!/^https?:\/\//i.test(uri)) return { type: 'text', text: `[resource link ${uri}${name === undefined ? '' : ` (${name})`}]` };
      if (mimeType.startsWith('image/')) return { type: 'image', data: uri, mediaType: mimeType };
      return { type: 'file', data: uri, mediaType: mimeType, ...(name === undefined ? {} : { filename: name }) };
    }
    default:
      return { type: 'text', text: `[${String(block.type)} content]` };
  }
}
