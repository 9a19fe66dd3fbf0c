import type { AnyTool } from '../tools/abstract-tool.js';

/**
 * Whether a tool's call must run alone within a batch: a `'write'` or `'destructive'` tool starts
 * only after every earlier call finished, and later calls wait for it.
 * @param tool - the tool, or undefined for an unknown name
 * @returns true for a write or destructive tool
 */
export function runsAlone(tool: AnyTool | undefined): boolean {
  return tool?.effects === 'write' || tool?.effects === 'destructive';
}

/**
 * Runs a batch in the order its side effects require: each stretch of consecutive calls that may
 * overlap (read and unknown effects) runs concurrently, up to `maxConcurrency` at once; a call that
 * runs alone waits for everything before it and holds back everything after it. Results are in
 * the order of the items.
 * @param count - how many items
 * @param alone - whether the item at an index runs alone
 * @param maxConcurrency - the most concurrent calls
 * @param run - runs the item at an index; never rejects
 * @returns the results, by index
 */
export async function runOrdered<R>(
  count: number,
  alone: (index: number) => boolean,
  maxConcurrency: number,
  run: (index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(count);
  let start = 0;
  while (start < count) {
    if (alone(start)) {
      results[start] = await run(start);
      start++;
      continue;
    }
    let end = start + 1;
    while (end < count && !alone(end)) end++;
    await runConcurrently(start, end, maxConcurrency, run, results);
    start = end;
  }
  return results;
}

/**
 * Runs the items of `[start, end)` concurrently, up to `maxConcurrency` at once.
 * @param start - the first index
 * @param end - one past the last index
 * @param maxConcurrency - the most at once
 * @param run - runs one item
 * @param results - where the results go, by index
 */
export async function runConcurrently<R>(
  start: number,
  end: number,
  maxConcurrency: number,
  run: (index: number) => Promise<R>,
  results: R[],
): Promise<void> {
  let next = start;
  const worker = async () => {
    while (next < end) {
      const index = next++;
      results[index] = await run(index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(maxConcurrency, end - start)) }, worker));
}
