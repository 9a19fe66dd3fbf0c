const raised = new WeakSet<object>();

/**
 * Marks an error as raised by the framework itself for the current call (a timeout, a cancellation,
 * an unknown tool, arguments that failed to decode, a missing context): such errors are explained to
 * the model in full whatever `errorDetail` says. Provenance is tracked by identity, never by class,
 * so a toolcraft error that a tool throws follows `errorDetail` like any other.
 * @param error - the error the framework just created
 * @returns the same error
 */
export function raisedByFramework<TError extends object>(error: TError): TError {
  raised.add(error);
  return error;
}

/**
 * @param error - any thrown value
 * @returns whether the framework itself raised it for a call (see {@link raisedByFramework})
 */
export function isRaisedByFramework(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && raised.has(error);
}
