/**
 * Makes an async generator's `return()` and `throw()` call `onLeave` first. An async generator
 * function queues `return()` while its body waits (for the provider's next part, say), so without
 * this the stream would be closed only when that wait ends, which it may never do; `onLeave` ends
 * the wait at once (the body then finishes and cancels what it holds). The generator itself is
 * returned (its own `return` and `throw` shadow the prototype's), so it stays a real async generator.
 * @param generator - the generator
 * @param onLeave - told that the reader leaves
 * @returns the same generator
 */
export function leavable<T>(generator: AsyncGenerator<T, void, undefined>, onLeave: () => void): AsyncGenerator<T, void, undefined> {
  const close = generator.return.bind(generator);
  const fail = generator.throw.bind(generator);
  generator.return = (value) => {
    onLeave();
    return close(value);
  };
  generator.throw = (error) => {
    onLeave();
    return fail(error);
  };
  return generator;
}
