import { generateCallId } from './call-ids.js';
import type { CallInfo } from './dispatch-settings.js';
import type { ToolCall } from './tool-call.js';

/**
 * Stands, in the copy of a batch, for an element that could not be read (its getter threw): the
 * call is answered with `error` at its index.
 * @internal
 */
export class UnreadableCall {
  /** @param error - what was wrong, said to the model and the caller */
  constructor(readonly error: TypeError) {}
}

/**
 * Reads a call's id, name and arguments once, defensively: a call that is not an object (a hole of
 * a sparse array, `null`, a number) or whose fields cannot be read (a Proxy whose traps throw) gets
 * `invalid`, a TypeError saying what was wrong, instead of throwing.
 * @param call - what the caller passed as a call
 * @returns the call's info; a missing id is generated, a non-string name converted
 */
export function callInfo(call: ToolCall | UnreadableCall | undefined): CallInfo & { invalid?: TypeError } {
  if (call instanceof UnreadableCall) return { id: generateCallId(), name: '', arguments: undefined, invalid: call.error };
  if (typeof call !== 'object' || call === null) {
    const got = call === null ? 'null' : typeof call;
    return invalidCall(`A tool call must be an object with a 'name' (and optional 'id' and 'arguments'), but was ${got}.`);
  }
  try {
    const id = call.id;
    const name = call.name;
    return {
      id: typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : generateCallId(),
      name: typeof name === 'string' ? name : String(name),
      arguments: call.arguments,
    };
  } catch {
    return invalidCall('A tool call could not be read (reading its id, name or arguments threw).');
  }
}

function invalidCall(message: string): CallInfo & { invalid: TypeError } {
  return { id: generateCallId(), name: '', arguments: undefined, invalid: new TypeError(message) };
}
