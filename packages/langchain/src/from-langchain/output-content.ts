import { inspect } from 'node:util';
import type { ContentPart } from '@toolcraft/core';
import { ToolMessage, type ContentBlock } from '@langchain/core/messages';

/**
 * What the model is shown of a LangChain tool's answer: a string as it is; a `ToolMessage`'s content
 * (its text, or its images and files as content parts, read through LangChain's own standard
 * content blocks); content blocks given directly likewise; anything else as JSON.
 * @param output - what the LangChain tool returned (a `ToolMessage` when it was invoked with a tool call)
 * @returns the text, or the content parts when there is more than text
 */
export function outputContent(output: unknown): string | ContentPart[] {
  if (typeof output === 'string') return output;
  if (ToolMessage.isInstance(output)) {
    return typeof output.content === 'string' ? output.content : partsOf(output.contentBlocks);
  }
  if (Array.isArray(output) && output.every(isBlock)) {
    return partsOf(new ToolMessage({ content: output as ContentBlock[], tool_call_id: '' }).contentBlocks);
  }
  return json(output);
}

function partsOf(blocks: readonly ContentBlock[]): string | ContentPart[] {
  const parts = blocks.map(partOf);
  return parts.every((part) => part.type === 'text') ? parts.map((part) => (part as { text: string }).text).join('') : parts;
}

function partOf(block: ContentBlock): ContentPart {
  const fields = block as Record<string, unknown>;
  if (block.type === 'text' && typeof fields.text === 'string') return { type: 'text', text: fields.text };
  if (block.type === 'image' || block.type === 'file') {
    const data = dataOf(fields);
    if (data !== undefined) {
      const mediaType =
        typeof fields.mimeType === 'string' ? fields.mimeType : block.type === 'image' ? 'image/*' : 'application/octet-stream';
      if (block.type === 'image') return { type: 'image', data, mediaType };
      const filename = (fields.metadata as { filename?: unknown } | undefined)?.filename;
      return { type: 'file', data, mediaType, ...(typeof filename === 'string' ? { filename } : {}) };
    }
  }
  if (block.type === 'image_url') {
    const image = fields.image_url as string | { url?: unknown } | undefined;
    const url = typeof image === 'string' ? image : image?.url;
    if (typeof url === 'string') return { type: 'image', data: url, mediaType: mediaTypeOfDataUrl(url) ?? 'image/*' };
  }
  // A block toolcraft has no part for (a provider file id, audio, a search result): its JSON, as text.
  return { type: 'text', text: json(block) };
}

/** The block's data: a URL, or base64 text (bytes are encoded). */
function dataOf(fields: Record<string, unknown>): string | undefined {
  if (typeof fields.url === 'string') return fields.url;
  if (typeof fields.data === 'string') return fields.data;
  if (fields.data instanceof Uint8Array) return Buffer.from(fields.data).toString('base64');
  return undefined;
}

function mediaTypeOfDataUrl(url: string): string | undefined {
  return /^data:([^;,]+)/.exec(url)?.[1];
}

function isBlock(item: unknown): boolean {
  return typeof item === 'object' && item !== null && typeof (item as { type?: unknown }).type === 'string';
}

/** JSON of a value, or Node's inspection of it when it has none (a cycle, a BigInt, a function); `undefined` as nothing. */
function json(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (typeof text === 'string') return text;
  } catch {
    // falls through
  }
  if (value === undefined) return '';
  try {
    return inspect(value, { depth: 4, breakLength: Number.POSITIVE_INFINITY });
  } catch {
    return Object.prototype.toString.call(value);
  }
}
