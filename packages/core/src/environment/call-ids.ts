const prefix = `call_${Math.random().toString(36).slice(2, 8)}_`;
let counter = 0;

/**
 * Makes an id for a call that came without one; unique within the process.
 * @returns e.g. `call_k3j9x2_17`
 */
export function generateCallId(): string {
  counter += 1;
  return `${prefix}${counter}`;
}
