import { partData, type ContentPart } from '@toolcraft/core';
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/** Media types sent as text when a file part of one is embedded as a resource. */
const textTypes = /^(text\/|application\/(json|xml|yaml|x-yaml|javascript|ld\+json)|[^;]*\+(json|xml))/i;

/**
 * The MCP content block of one toolcraft content part: text as text; an image (base64) as image
 * content; a file (base64) as audio content for an `audio/*` type, else as an embedded resource (its
 * `filename` as the URI when it is one, text media types sent as text); an image or file at a URL as
 * a resource link. Reasoning parts are not content and give nothing.
 * @param part - the part
 * @param index - its position, naming a file without a URI
 * @returns the block, or undefined for a reasoning part
 */
export function contentBlockOf(part: ContentPart, index: number): ContentBlock | undefined {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image': {
      const where = partData(part.data);
      if (where.kind === 'url') return { type: 'resource_link', uri: where.url, name: lastSegment(where.url), mimeType: part.mediaType };
      return { type: 'image', data: where.base64, mimeType: part.mediaType };
    }
    case 'file': {
      const where = partData(part.data);
      const name = part.filename ?? `file-${index + 1}`;
      if (where.kind === 'url')
        return { type: 'resource_link', uri: where.url, name: part.filename ?? lastSegment(where.url), mimeType: part.mediaType };
      if (part.mediaType.toLowerCase().startsWith('audio/')) return { type: 'audio', data: where.base64, mimeType: part.mediaType };
      const uri = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(name) ? name : `toolcraft://file/${encodeURIComponent(name)}`;
      return textTypes.test(part.mediaType)
        ? { type: 'resource', resource: { uri, mimeType: part.mediaType, text: Buffer.from(where.base64, 'base64').toString('utf8') } }
        : { type: 'resource', resource: { uri, mimeType: part.mediaType, blob: where.base64 } };
    }
    default:
      return undefined;
  }
}

/**
 * The MCP content blocks of parts, in order (reasoning parts left out).
 * @param parts - the parts
 * @returns the blocks
 */
export function contentBlocksOf(parts: readonly ContentPart[]): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  parts.forEach((part, index) => {
    const block = contentBlockOf(part, index);
    if (block !== undefined) blocks.push(block);
  });
  return blocks;
}

function lastSegment(url: string): string {
  try {
    const segment = new URL(url).pathname
      .split('/')
      .filter((piece) => piece.length > 0)
      .pop();
    return segment === undefined ? url : decodeURIComponent(segment);
  } catch {
    return url;
  }
}
