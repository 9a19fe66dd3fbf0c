const raised = new WeakMap<object, object>();

/**
 * Marks an error as raised by the framework itself for one call (a timeout, a cancellation, an
 * unknown tool, arguments that failed to decode, a missing context): such errors are explained to the
 * model in full whatever `errorDetail` says, for that call only. Provenance is tracked by identity,
 * never by class, so a toolcraft error that a tool throws (even one the framework raised for another
 * call, such as an inner call's `ToolArgumentsError`) follows `errorDetail` like any other.
 * @param error - the error the framework just created
 * @param call - the call it was raised for (the dispatcher's own object for the call)
 * @returns the same error
 */
export function raisedByFramework<TError extends object>(error: TError, call: object): TError {
  raised.set(error, call);
  return error;
}

/**
 * @param error - any thrown value
 * @param call - the call being answered
 * @returns whether the framework itself raised it for that call (see {@link raisedByFramework})
 */
export function isRaisedByFramework(error: unknown, call: object): error is Error {
  return typeof error === 'object' && error !== null && raised.get(error) === call;
}
