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
