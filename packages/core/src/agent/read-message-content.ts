import type { ContentPart, ProviderMetadata } from '../results/content-part.js';
import { readMessageText } from './read-message-text.js';

/**
 * The content of a model's assistant message, trusting nothing: a string as it is; an array of text
 * parts only as their joined text (see {@link readMessageText}); an array with reasoning, image or
 * file parts as those parts (each checked, its `providerMetadata` kept when it is an object; a part
 * that is none of these left out); anything else as no content.
 * @param value - the `content` the model sent
 * @returns the text, the parts, or null
 * @internal
 */
export function readMessageContent(value: unknown): string | null | ContentPart[] {
  if (!Array.isArray(value) || value.every(isPlainText)) return readMessageText(value);
  const parts: ContentPart[] = [];
  for (const part of value as unknown[]) {
    const read = readPart(part);
    if (read !== undefined) parts.push(read);
  }
  return parts.length > 0 ? parts : null;
}

/** Whether a part is text with nothing a provider needs back. */
function isPlainText(part: unknown): boolean {
  if (typeof part === 'string') return true;
  if (typeof part !== 'object' || part === null) return true;
  const { type, providerMetadata } = part as { type?: unknown; providerMetadata?: unknown };
  return (type === undefined || type === 'text' || type === 'output_text') && providerMetadata === undefined;
}

function readPart(part: unknown): ContentPart | undefined {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (typeof part !== 'object' || part === null) return undefined;
  const { type, text, data, mediaType, filename, providerMetadata } = part as Record<string, unknown>;
  const metadata = isObject(providerMetadata) ? { providerMetadata: providerMetadata as ProviderMetadata } : {};
  switch (type) {
    case undefined:
    case 'text':
    case 'output_text':
      return typeof text === 'string' ? { type: 'text', text } : undefined;
    case 'reasoning':
      return { type: 'reasoning', text: typeof text === 'string' ? text : '', ...metadata };
    case 'image':
    case 'file':
      if ((typeof data !== 'string' && !(data instanceof URL)) || typeof mediaType !== 'string') return undefined;
      return type === 'image'
        ? { type, data, mediaType }
        : { type, data, mediaType, ...(typeof filename === 'string' ? { filename } : {}) };
    default:
      return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
