/** A promise with the functions that settle it. @internal */
export interface Resolvers<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T | PromiseLike<T>) => void;
  readonly reject: (reason: unknown) => void;
}

/** The resolving functions of the promise {@link withResolvers} is making. */
const kept: { resolve?: (value: never) => void; reject?: (reason: unknown) => void } = {};

/** The executor of every promise {@link withResolvers} makes: one function, no closure per promise. */
function keep(resolve: (value: never) => void, reject: (reason: unknown) => void): void {
  kept.resolve = resolve;
  kept.reject = reject;
}

/**
 * A new promise and its resolving functions (`Promise.withResolvers`, which Node 20 lacks). The
 * executor is one shared function, so a bounded wait pays for the promise, not for a closure and
 * its context besides.
 * @returns the promise and its `resolve` and `reject`
 * @internal
 */
export function withResolvers<T>(): Resolvers<T> {
  const promise = new Promise<T>(keep);
  const resolvers: Resolvers<T> = { promise, resolve: kept.resolve as Resolvers<T>['resolve'], reject: kept.reject! };
  kept.resolve = kept.reject = undefined;
  return resolvers;
}
