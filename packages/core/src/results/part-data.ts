/** Where a part's bytes are: at a URL, or in base64 text. */
export type PartData = { kind: 'url'; url: string } | { kind: 'base64'; base64: string };

/**
 * Reads an image's or a file's `data` for an adapter: a `URL`, or a string that is one (a URL
 * comes back from JSON, in a session or a saved state, as its text: base64 never holds a `:`), is a
 * URL; a `data:` URL with base64 data is its base64 text; anything else is base64 text.
 * @param data - the part's data
 * @returns the URL or the base64 text
 * @example
 * const where = partData(part.data);
 * if (where.kind === 'url') ...; else ...where.base64;
 */
export function partData(data: string | URL): PartData {
  const text = data instanceof URL ? data.href : data;
  if (text.startsWith('data:')) {
    const comma = text.indexOf(',');
    if (comma > 0 && text.slice(0, comma).endsWith(';base64')) return { kind: 'base64', base64: text.slice(comma + 1) };
    return { kind: 'url', url: text };
  }
  return data instanceof URL || /^[a-z][a-z0-9+.-]*:/i.test(text) ? { kind: 'url', url: text } : { kind: 'base64', base64: text };
}
