import { partData } from '@toolcraft/core';

/**
 * An image's or a file's data as OpenAI takes it in a URL field: a URL as it is, base64 data as a
 * `data:` URL of its media type.
 * @param data - the part's data (base64, a data URL, or a URL)
 * @param mediaType - the part's media type
 * @returns the URL
 */
export function dataUrl(data: string | URL, mediaType: string): string {
  const where = partData(data);
  return where.kind === 'url' ? where.url : `data:${mediaType};base64,${where.base64}`;
}
