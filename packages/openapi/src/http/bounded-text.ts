import type { ReadableStreamDefaultReader } from 'node:stream/web';

/**
 * A response body as text, reading no more than the limit (the rest is cancelled).
 * @param response - the response
 * @param maxChars - the most characters kept
 * @returns the text, with a note when it was cut
 */
export async function boundedText(response: Response, maxChars: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  let out = '';
  let cut = false;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    out += decoder.decode(chunk.value, { stream: true });
    if (out.length > maxChars) {
      cut = true;
      await reader.cancel();
      break;
    }
  }
  return cut ? `${out.slice(0, maxChars)}\n[... the body was cut at ${maxChars} characters]` : out + decoder.decode();
}
