/**
 * Builds an error without capturing a stack trace. For errors that are the model's fault
 * (bad arguments, an unknown tool), the stack says nothing useful and capturing it would be most of
 * the cost of answering a bad call.
 * @param create - builds the error
 * @returns the error, with an empty stack
 */
export function withoutStack<T extends Error>(create: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return create();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
