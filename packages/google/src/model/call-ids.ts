const prefix = `gemini_${Math.random().toString(36).slice(2, 8)}_`;
let counter = 0;

/**
 * Makes an id for a function call Gemini sent without one (Gemini 2.5 on the Gemini API): the run
 * needs one per call, and the answer goes back by position, without it.
 * @returns an id unique within the process, e.g. `gemini_k3j9x2_17`
 */
export function generateCallId(): string {
  counter += 1;
  return `${prefix}${counter}`;
}
