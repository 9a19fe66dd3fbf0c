/**
 * The text of a message field, whatever shape a loosely compatible model sends: a string as it is;
 * an array of content parts as the text of its text parts (`{ type: 'text', text }`, `output_text`
 * parts, or plain strings), joined; anything else (a number, an object, image or reasoning parts,
 * an array with no text) as absent.
 * @param value - the field as the model sent it
 * @returns the text, or null when there is none
 */
export function readMessageText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return null;
  const texts = value.flatMap((part: unknown) => {
    if (typeof part === 'string') return [part];
    if (typeof part !== 'object' || part === null) return [];
    const { type, text } = part as { type?: unknown; text?: unknown };
    return typeof text === 'string' && (type === undefined || type === 'text' || type === 'output_text') ? [text] : [];
  });
  return texts.length > 0 ? texts.join('') : null;
}
