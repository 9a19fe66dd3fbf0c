/**
 * The `error.type` of a failure: the error's class name (`ToolTimeoutError`), else `'_OTHER'`.
 * @param error - what was thrown
 * @returns the error type
 */
export function errorType(error: unknown): string {
  if (error instanceof Error || (typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string')) {
    const name = (error as { name: string }).name;
    return name === '' ? '_OTHER' : name;
  }
  return '_OTHER';
}
