import type { LanguageModelV3DataContent } from '@ai-sdk/provider';
import type { AISDKDownload } from './ai-sdk-chat-model-options.js';

/** What sending a file by URL needs: the model's supported URLs (read once per request), the download, the signal. */
export interface MediaContext {
  /** The model's `supportedUrls`, read when first needed. */
  supportedUrls(): Promise<Record<string, RegExp[]>>;
  /** Fetches a URL the model does not take; `false` sends every URL as it is. */
  download: AISDKDownload | false;
  /** The request's signal. */
  signal: AbortSignal | undefined;
}

/**
 * The data of an image or file part as a provider takes it: base64 text as it is; a URL the model
 * supports for the media type (`supportedUrls`) as the URL; a `data:` URL as its base64 text; any
 * other URL downloaded (unless downloads are off), as `generateText` does.
 * @param data - base64 text or a URL
 * @param mediaType - the part's media type
 * @param context - the model's supported URLs and the download
 * @returns the data to send
 */
export async function mediaData(data: string | URL, mediaType: string, context: MediaContext): Promise<LanguageModelV3DataContent> {
  if (typeof data === 'string') return data;
  if (data.protocol === 'data:') return dataUrlContent(data);
  if (context.download === false || isUrlSupported(mediaType, data, await context.supportedUrls())) return data;
  const downloaded = await context.download({ url: data, ...(context.signal === undefined ? {} : { abortSignal: context.signal }) });
  return downloaded.data;
}

/**
 * Whether a model takes a URL for a media type: a pattern of its `supportedUrls` (`'image/*'`,
 * `'*'`, `'application/pdf'`) matches the media type and one of its expressions the URL, both in lower case.
 * @param mediaType - the part's media type
 * @param url - the URL
 * @param supportedUrls - the model's supported URLs
 * @returns true when the URL may be sent as it is
 */
export function isUrlSupported(mediaType: string, url: URL, supportedUrls: Record<string, RegExp[]>): boolean {
  const type = mediaType.toLowerCase();
  const text = url.toString().toLowerCase();
  return Object.entries(supportedUrls).some(([pattern, expressions]) => {
    const key = pattern.toLowerCase();
    const matches = key === '*' || key === '*/*' || key === type || (key.endsWith('/*') && type.startsWith(key.slice(0, -1)));
    return matches && expressions.some((expression) => expression.test(text));
  });
}

/** The payload of a `data:` URL: its base64 text, or (for a plain one) its bytes. */
function dataUrlContent(url: URL): LanguageModelV3DataContent {
  const text = url.href;
  const comma = text.indexOf(',');
  const header = text.slice(5, comma);
  const payload = text.slice(comma + 1);
  return header.endsWith(';base64') ? payload : new TextEncoder().encode(decodeURIComponent(payload));
}
