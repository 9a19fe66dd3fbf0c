import type { ReceivedToolResult } from './tool-call.js';

/** What a call is answered with: its result, or its result in a list (a batch of one call). @internal */
export type ToolAnswer = ReceivedToolResult | ReceivedToolResult[];

/**
 * @param result - a call's result
 * @returns it, in a list
 * @internal
 */
export function asList(result: ReceivedToolResult): ReceivedToolResult[] {
  return [result];
}

/**
 * A call's result, in a list when asked for.
 * @param result - the result, or its promise
 * @param list - whether to answer a list
 * @returns the result or the list (a promise when `result` is one)
 * @internal
 */
export function listed(result: Promise<ReceivedToolResult>, list: boolean): Promise<ToolAnswer>;
export function listed(result: ReceivedToolResult | Promise<ReceivedToolResult>, list: boolean): ToolAnswer | Promise<ToolAnswer>;
export function listed(result: ReceivedToolResult | Promise<ReceivedToolResult>, list: boolean): ToolAnswer | Promise<ToolAnswer> {
  if (!list) return result;
  return result instanceof Promise ? result.then(asList) : [result];
}
