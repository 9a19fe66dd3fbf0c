import type { ContentPart } from '../results/content-part.js';

/**
 * Cuts a result longer than `maxChars`, saying how much was cut. The content is always a string by
 * then (see `formatResult`).
 * @param content - the result text
 * @param maxChars - the limit, or undefined for none
 * @returns the text, cut when needed
 */
export function truncateContent(content: string, maxChars: number | undefined): string {
  if (maxChars === undefined || content.length <= maxChars) return content;
  const cut = content.length - maxChars;
  return `${content.slice(0, maxChars)}\n[... ${cut} more characters cut: the result was ${content.length} characters, the limit is ${maxChars}]`;
}

/**
 * Cuts the text parts of a result of parts, each to `maxChars` (images and files are kept whole).
 * @param parts - the result's parts
 * @param maxChars - the limit, or undefined for none
 * @returns a copy of the parts, text cut where needed
 */
export function truncateParts(parts: readonly ContentPart[], maxChars: number | undefined): ContentPart[] {
  return parts.map((part) =>
    part.type === 'text' && maxChars !== undefined && part.text.length > maxChars
      ? { type: 'text', text: truncateContent(part.text, maxChars) }
      : part,
  );
}
