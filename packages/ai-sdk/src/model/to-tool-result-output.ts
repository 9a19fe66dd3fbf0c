import type { LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import { contentText, partData, type ToolMessage } from '@toolcraft/core';
import { ownMediaType } from './media-data.js';

type ContentOutput = Extract<LanguageModelV3ToolResultOutput, { type: 'content' }>['value'][number];

/**
 * The output of a tool result as the AI SDK sends it: an error as `error-text`, text as `text`, and
 * a result with images or files as `content`, their data read as core's `partData` reads it (base64
 * text and `data:` URLs as `image-data` or `file-data` with the payload, any other URL, a `URL` or a
 * string with a scheme, as `image-url` or `file-url`), which each provider maps to what its API takes.
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
      case 'image': {
        const where = partData(part.data);
        value.push(
          where.kind === 'base64'
            ? { type: 'image-data', data: where.base64, mediaType: ownMediaType(part.data, part.mediaType) }
            : { type: 'image-url', url: where.url },
        );
        break;
      }
      case 'file': {
        const where = partData(part.data);
        value.push(
          where.kind === 'base64'
            ? {
                type: 'file-data',
                data: where.base64,
                mediaType: ownMediaType(part.data, part.mediaType),
                ...(part.filename === undefined ? {} : { filename: part.filename }),
              }
            : { type: 'file-url', url: where.url, mediaType: part.mediaType },
        );
        break;
      }
      default:
        break; // reasoning is not a tool's to send
    }
  }
  return { type: 'content', value };
}
