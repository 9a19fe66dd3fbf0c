/**
 * An async generator whose `return()` and `throw()` call `onLeave` first. An async generator
 * function queues `return()` while its body waits (for the provider's next part, say), so without
 * this the stream would be closed only when that wait ends, which it may never do; `onLeave` ends
 * the wait at once (the body then finishes and cancels what it holds).
 * @param inner - the generator
 * @param onLeave - told that the reader leaves
 * @returns the generator to hand out
 */
export function leavable<T>(inner: AsyncGenerator<T, void, undefined>, onLeave: () => void): AsyncGenerator<T, void, undefined> {
  const outer: AsyncGenerator<T, void, undefined> = {
    next: (...args: [] | [undefined]) => inner.next(...args),
    return: (value: void | PromiseLike<void>) => {
      onLeave();
      return inner.return(value);
    },
    throw: (error: unknown) => {
      onLeave();
      return inner.throw(error);
    },
    [Symbol.asyncIterator]: () => outer,
  };
  return outer;
}
