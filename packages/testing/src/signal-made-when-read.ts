/** `Object.prototype.__lookupGetter__`: whether a property is an accessor, without reading it (nor allocating a descriptor). */
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__: (this: object, key: string) => unknown }).__lookupGetter__;

/**
 * Whether a request's `signal` is made when read (an accessor, as on an agent's requests, whose own
 * wait watches the run): reading it would make the signal for nothing while no turn waits.
 * @param request - a model request
 * @returns true for an accessor `signal`
 * @internal
 */
export function signalMadeWhenRead(request: object): boolean {
  return lookupGetter.call(request, 'signal') !== undefined;
}
