import type { ContentPart } from './content-part.js';

/**
 * The text form of a message's content: a string as it is; parts as their text, one per line, with
 * an image or a file named by its media type (`[image: image/png]`) and reasoning left out.
 * @param content - a string, parts, or null
 * @returns the text
 */
export function contentText(content: string | readonly ContentPart[] | null | undefined): string {
  if (typeof content === 'string') return content;
  // Content read from a session or a saved state may be anything: what is not parts has no text.
  if (!Array.isArray(content)) return '';
  const lines: string[] = [];
  for (const part of content as readonly ContentPart[]) {
    switch (part?.type) {
      case 'text':
        lines.push(part.text);
        break;
      case 'image':
        lines.push(`[image: ${part.mediaType}]`);
        break;
      case 'file':
        lines.push(part.filename === undefined ? `[file: ${part.mediaType}]` : `[file: ${part.filename}, ${part.mediaType}]`);
        break;
      default:
        break;
    }
  }
  return lines.join('\n');
}
