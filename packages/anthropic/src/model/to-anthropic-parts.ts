import { partData, type FilePart, type ImagePart } from '@toolcraft/core';
import type { DocumentBlockParam, ImageBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { anthropicError } from './anthropic-provider.js';

const imageTypes = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * An image part as an `image` block: a URL as a `url` source, base64 data as a `base64` source.
 * @param part - the image part
 * @param where - where it is, for the error (`"a user message"`, `"the result of tool 'chart'"`)
 * @returns the block
 * @throws ModelCallError for base64 data of a media type the API does not take (JPEG, PNG, GIF, WebP)
 */
export function toImageBlock(part: ImagePart, where: string): ImageBlockParam {
  const data = partData(part.data);
  if (data.kind === 'url') return { type: 'image', source: { type: 'url', url: data.url } };
  if (!imageTypes.has(part.mediaType)) {
    throw anthropicError(`Anthropic takes JPEG, PNG, GIF and WebP images; ${where} holds an image of type '${part.mediaType}'.`);
  }
  return { type: 'image', source: { type: 'base64', media_type: part.mediaType as 'image/png', data: data.base64 } };
}

/**
 * A file part as a `document` block: a PDF (base64 or a URL) or plain text (base64, sent as its text);
 * the file name becomes the document's `title`.
 * @param part - the file part
 * @param where - where it is, for the error
 * @returns the block
 * @throws ModelCallError for another media type, or a plain-text file given as a URL
 */
export function toDocumentBlock(part: FilePart, where: string): DocumentBlockParam {
  const data = partData(part.data);
  const block = ((): DocumentBlockParam => {
    if (part.mediaType === 'application/pdf') {
      return data.kind === 'url'
        ? { type: 'document', source: { type: 'url', url: data.url } }
        : { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: data.base64 } };
    }
    if (part.mediaType === 'text/plain' && data.kind === 'base64') {
      return {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: Buffer.from(data.base64, 'base64').toString('utf8') },
      };
    }
    throw anthropicError(
      `Anthropic takes PDF documents (base64 or a URL) and plain text (base64); ${where} holds a file of type '${part.mediaType}'` +
        `${data.kind === 'url' ? ' given as a URL' : ''}.`,
    );
  })();
  if (part.filename !== undefined) block.title = part.filename;
  return block;
}
