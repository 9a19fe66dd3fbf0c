import { ModelCallError } from '@toolcraft/core';

/**
 * The `ModelCallError` a promise rejects with.
 * @param promise - the call
 * @returns the error
 * @throws Error when the promise resolves or rejects with something else
 */
export async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ModelCallError.isInstance(error)) throw new Error(`expected a ModelCallError, got ${String(error)}`);
  return error;
}
