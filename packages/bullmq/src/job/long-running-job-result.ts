import type { ReceivedToolResult } from '@toolcraft/core';

/** The return value of a long-running call's job: what the model is to read, and the tool's value for the host. */
export interface LongRunningJobResult {
  /** The text the model reads: the result formatted by the tool's formatter, as a direct call would give it. */
  content: string;
  /** The tool's return value, when it survives JSON (absent otherwise). */
  value?: unknown;
}

/**
 * The job's return value of a successful call: BullMQ keeps it as JSON, so a value that does not
 * survive JSON (a BigInt, a cycle, a function) is left out and only the text is kept.
 * @param result - the environment's result of the call
 * @returns the return value
 */
export function jobResultOf(result: ReceivedToolResult): LongRunningJobResult {
  let json: string | undefined;
  try {
    json = JSON.stringify(result.value);
  } catch {
    json = undefined;
  }
  return json === undefined ? { content: result.content } : { content: result.content, value: JSON.parse(json) as unknown };
}
