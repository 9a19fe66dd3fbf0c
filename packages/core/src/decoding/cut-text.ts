/**
 * Cuts a text to a length, with an ellipsis.
 * @param text - any text
 * @param max - the most characters kept
 * @returns the text, or its first `max` characters and `…`
 */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
