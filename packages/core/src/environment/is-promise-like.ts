/**
 * @param value - what user code returned
 * @returns whether it is a promise or another thenable (to be awaited)
 */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
