import type { LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import { contentText, type ToolMessage } from '@toolcraft/core';

type ContentOutput = Extract<LanguageModelV3ToolResultOutput, { type: 'content' }>['value'][number];

/**
 * The output of a tool result as the AI SDK sends it: an error as `error-text`, text as `text`, and
 * a result with images or files as `content` (base64 data as `image-data` or `file-data`, a URL as
 * `image-url` or `file-url`), which each provider maps to what its API takes.
 * @param message - the tool message
 * @returns the output
 */
export function toToolResultOutput(message: ToolMessage): LanguageModelV3ToolResultOutput {
  const { content } = message;
  if (message.isError === true) return { type: 'error-text', value: typeof content === 'string' ? content : contentText(content) };
  if (typeof content === 'string') return { type: 'text', value: content };
  const value: ContentOutput[] = [];
  for (const part of content) {
    switch (part.type) {
      case 'text':
        value.push({ type: 'text', text: part.text });
        break;
      case 'image':
        value.push(
          typeof part.data === 'string'
            ? { type: 'image-data', data: part.data, mediaType: part.mediaType }
            : { type: 'image-url', url: part.data.href },
        );
        break;
      case 'file':
        value.push(
          typeof part.data === 'string'
            ? {
                type: 'file-data',
                data: part.data,
                mediaType: part.mediaType,
                ...(part.filename === undefined ? {} : { filename: part.filename }),
              }
            : { type: 'file-url', url: part.data.href, mediaType: part.mediaType },
        );
        break;
      default:
        break; // reasoning is not a tool's to send
    }
  }
  return { type: 'content', value };
}
