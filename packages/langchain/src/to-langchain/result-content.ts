import { partData, type ContentPart, type ReceivedToolResult } from '@toolcraft/core';
import type { ContentBlock, MessageContent } from '@langchain/core/messages';

/**
 * A toolcraft result as LangChain message content: its text, or (when the tool returned content
 * parts: images, files) LangChain's standard content blocks.
 * @param result - the environment's result
 * @returns a string, or the content blocks
 */
export function resultContent(result: ReceivedToolResult): MessageContent {
  if (result.parts === undefined) return result.content;
  const blocks: ContentBlock.Standard[] = [];
  for (const part of result.parts) {
    const block = contentBlock(part);
    if (block !== undefined) blocks.push(block);
  }
  return blocks;
}

function contentBlock(part: ContentPart): ContentBlock.Standard | undefined {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
    case 'file': {
      const data = partData(part.data);
      const source = data.kind === 'url' ? { url: data.url } : { data: data.base64 };
      const block = { type: part.type, ...source, mimeType: part.mediaType };
      return part.type === 'file' && part.filename !== undefined ? { ...block, metadata: { filename: part.filename } } : block;
    }
    default:
      // Reasoning is the model's own, never a tool's answer.
      return undefined;
  }
}
