/** A tool call's JSON arguments, read: the value, or why they are not JSON. @internal */
export type ParsedArguments = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Reads a call's JSON arguments text; never throws.
 * @param text - the arguments, as the model sent them
 * @returns the parsed value, or the parse error's message
 * @internal
 */
export function parseArguments(text: string): ParsedArguments {
  try {
    return { ok: true, value: text.trim() === '' ? {} : (JSON.parse(text) as unknown) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
