/** A wait that a {@link WaitPool} can keep: it links to the next idle one. @internal */
export interface PooledWait<T> {
  /** The next idle wait, while this one is idle. */
  nextIdle: T | undefined;
}

/**
 * The idle waits of one kind (the waits of calls that answered), kept for the next call of any run:
 * a list through their `nextIdle` (an array that empties and fills again reallocates its store each
 * time), up to `limit` of them (the most calls ever waited for at once, up to it).
 * @internal
 */
export class WaitPool<T extends PooledWait<T>> {
  private idle: T | undefined;
  private count = 0;

  /** @param limit - how many idle waits are kept at most */
  constructor(private readonly limit = 64) {}

  /** @returns an idle wait, taken out of the pool, if there is one */
  take(): T | undefined {
    const wait = this.idle;
    if (wait === undefined) return undefined;
    this.idle = wait.nextIdle;
    wait.nextIdle = undefined;
    this.count--;
    return wait;
  }

  /** @param wait - a wait whose call ended (and that nothing will call back again) */
  keep(wait: T): void {
    if (this.count >= this.limit) return;
    wait.nextIdle = this.idle;
    this.idle = wait;
    this.count++;
  }
}

/** `Promise.prototype.then` as it was when this module loaded. */
// eslint-disable-next-line @typescript-eslint/unbound-method -- only compared, never called
const nativeThen = Promise.prototype.then;

/**
 * Adds a wait's handlers to a promise so that one of them is called once, and never during this call:
 * the promise's `then` is read once (a getter could answer the native one to a check and another to the
 * call) and, when it is the native one, called on the promise. Another `then` (patched on the promise)
 * might call back twice, or at once: the promise is then adopted by a promise of its own (whose
 * resolving functions take one answer), and the handlers go to that one. So a pooled wait or loop whose
 * handlers were called may serve another call: nothing of this one comes to them again.
 * @param pending - the promise
 * @param onValue - its fulfilment handler
 * @param onError - its rejection handler
 * @internal
 */
export function thenOnce(pending: Promise<unknown>, onValue: (value: never) => void, onError: (error: unknown) => void): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the promise as this
  const { then } = pending;
  if (then === nativeThen) void then.call(pending, onValue as (value: unknown) => void, onError);
  else void new Promise<unknown>((resolve) => resolve(pending)).then(onValue as (value: unknown) => void, onError);
}
