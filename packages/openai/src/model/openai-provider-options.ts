/**
 * Reads this adapter's entry of a request's `providerOptions`: `providerOptions.openai`, the
 * parameters merged into the request body. Any other key (another adapter's) is ignored.
 * @param providerOptions - the request's provider options
 * @returns the `openai` entry, or an empty object when there is none (or it is not an object)
 */
export function openAIProviderOptions<T extends object>(providerOptions: Record<string, unknown> | undefined): Partial<T> {
  const entry = providerOptions?.['openai'];
  return typeof entry === 'object' && entry !== null && !Array.isArray(entry) ? (entry as Partial<T>) : {};
}
