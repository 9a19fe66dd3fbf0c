import { partData, type FilePart, type ImagePart } from '@toolcraft/core';
import { dataUrl } from './data-url.js';

/**
 * An image part's `image_url` for the Responses API: its URL, or its data as a data URL.
 * @param part - the image
 * @returns the URL
 */
export function toResponsesImageUrl(part: ImagePart): string {
  return dataUrl(part.data, part.mediaType);
}

/**
 * A file part's fields of an `input_file` for the Responses API: `file_url` for a URL, else
 * `file_data` (a data URL) with a `filename`, which OpenAI needs with inline data (the part's own,
 * else `part-<index>` with `.pdf` for a PDF).
 * @param part - the file
 * @param index - its position in the message, for a default name
 * @returns the fields
 */
export function toResponsesFile(part: FilePart, index: number): { file_url: string } | { file_data: string; filename: string } {
  const where = partData(part.data);
  if (where.kind === 'url' && !where.url.startsWith('data:')) return { file_url: where.url };
  const filename = part.filename ?? `part-${index}${part.mediaType === 'application/pdf' ? '.pdf' : ''}`;
  return { file_data: dataUrl(part.data, part.mediaType), filename };
}
