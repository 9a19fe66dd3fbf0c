/** What a client is told of a failed run unless `onError` says otherwise (the Vercel AI SDK's default): errors may hold secrets. */
export const maskedErrorText = 'An error occurred.';

/**
 * The text a client is told of an error: `onError`'s, or the masked default; never throws.
 * @param error - the run's error
 * @param onError - the caller's mapping, if any
 * @returns the text to send
 * @internal
 */
export function errorTextOf(error: unknown, onError: ((error: unknown) => string) | undefined): string {
  if (onError === undefined) return maskedErrorText;
  try {
    const text = onError(error);
    return typeof text === 'string' ? text : maskedErrorText;
  } catch {
    return maskedErrorText;
  }
}
