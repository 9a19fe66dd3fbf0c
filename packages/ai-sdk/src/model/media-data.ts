import type { LanguageModelV3DataContent } from '@ai-sdk/provider';
import { partData } from '@toolcraft/core';
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
 * The data of an image or file part as a provider takes it, read as core's `partData` reads it:
 * base64 text as it is; a `data:` URL (a `URL` or a string) as its payload (base64 text, or the
 * bytes of a plain one), and its media type when the part's is a wildcard (`'image/*'`); any other
 * URL (a `URL`, or a string with a scheme: `'https://...'`) as the URL when the model supports it for
 * the media type (`supportedUrls`), else downloaded (unless downloads are off), as `generateText`
 * does. A string is never sent as it is unless it is base64: the AI SDK reads every string as base64.
 * @param data - base64 text or a URL, as a string or a `URL`
 * @param mediaType - the part's media type
 * @param context - the model's supported URLs and the download
 * @returns the data to send and its media type
 */
export async function mediaData(data: string | URL, mediaType: string, context: MediaContext): Promise<MediaContent> {
  const where = partData(data);
  if (where.kind === 'base64') return { data: where.base64, mediaType: ownMediaType(data, mediaType) };
  const url = toUrl(where.url);
  if (url.protocol === 'data:') return { data: dataUrlContent(url), mediaType: ownMediaType(url, mediaType) };
  if (context.download === false || isUrlSupported(mediaType, url, await context.supportedUrls())) return { data: url, mediaType };
  const downloaded = await context.download({ url, ...(context.signal === undefined ? {} : { abortSignal: context.signal }) });
  return { data: downloaded.data, mediaType: isWildcard(mediaType) ? (downloaded.mediaType ?? mediaType) : mediaType };
}

/** What a part's data becomes: the data a provider takes and the media type to send with it. */
export interface MediaContent {
  /** Base64 text, bytes, or a URL the model takes. */
  data: LanguageModelV3DataContent;
  /** The part's media type, or the data's own when the part's is a wildcard. */
  mediaType: string;
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

/** A URL of a part's data; a string with a scheme that is no valid URL is a clear error. */
function toUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    const shown = text.length > 80 ? `${text.slice(0, 79)}…` : text;
    throw new TypeError(
      `an image or file part's data ${JSON.stringify(shown)} starts with a URL scheme but is not a valid URL; give base64 text, a data: URL or a URL.`,
    );
  }
}

/** The payload of a `data:` URL: its base64 text, or (for a plain one) its bytes. */
function dataUrlContent(url: URL): LanguageModelV3DataContent {
  const text = url.href;
  const comma = text.indexOf(',');
  const header = text.slice(5, comma);
  const payload = text.slice(comma + 1);
  return header.endsWith(';base64') ? payload : new TextEncoder().encode(decodeURIComponent(payload));
}

/**
 * A part's media type, or its `data:` URL's own when the part's is a wildcard (`'image/*'`) and the
 * URL names one (`data:image/png;base64,...`).
 * @param data - the part's data
 * @param mediaType - the part's media type
 * @returns the media type to send
 */
export function ownMediaType(data: string | URL, mediaType: string): string {
  if (!isWildcard(mediaType)) return mediaType;
  const own = /^data:([^;,]+)/i.exec(data instanceof URL ? data.href : data)?.[1];
  return own !== undefined && own.includes('/') ? own : mediaType;
}

/** Whether a media type leaves the subtype open (`'image/*'`, or any). */
function isWildcard(mediaType: string): boolean {
  return mediaType.endsWith('/*');
}
