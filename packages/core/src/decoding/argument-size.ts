/** What measuring arguments passed as an object found. */
export type SizeVerdict = 'ok' | 'tooLong' | 'tooDeep';

/** The cost of one value besides its text: punctuation, a number's digits, `true`... */
const nodeCost = 6;

/**
 * Measures arguments passed as an object against the limits a JSON string meets: their size as
 * JSON would be (string and key lengths plus a small cost per value) and their nesting depth.
 * It stops as soon as a limit is passed, so a huge or cyclic object costs at most the budget.
 * @param value - the argument object
 * @param maxLength - the size budget, in characters
 * @param maxDepth - the deepest nesting accepted
 * @returns the verdict
 */
export function measureArguments(value: object, maxLength: number, maxDepth: number): SizeVerdict {
  const state = { budget: maxLength };
  return walk(value, 1, maxDepth, state);
}

function walk(value: object, depth: number, maxDepth: number, state: { budget: number }): SizeVerdict {
  if (depth > maxDepth) return 'tooDeep';
  const isArray = Array.isArray(value);
  const keys = isArray ? undefined : Object.keys(value);
  const count = isArray ? value.length : keys!.length;
  state.budget -= nodeCost + count;
  for (let index = 0; index < count; index++) {
    if (state.budget < 0) return 'tooLong';
    let child: unknown;
    if (isArray) child = (value as unknown[])[index];
    else {
      const key = keys![index]!;
      state.budget -= key.length + 3;
      child = (value as Record<string, unknown>)[key];
    }
    if (typeof child === 'string') state.budget -= child.length + 2;
    else if (typeof child === 'object' && child !== null) {
      const verdict = walk(child, depth + 1, maxDepth, state);
      if (verdict !== 'ok') return verdict;
    } else state.budget -= nodeCost;
  }
  return state.budget < 0 ? 'tooLong' : 'ok';
}
