/** What copying arguments passed as an object found: the private copy, or the limit passed. */
export type SizeVerdict = { ok: true; copy: object } | { ok: false; reason: 'tooLong' | 'tooDeep' | 'circular' };

/** The cost of one value besides its text: punctuation, a number's digits, `true`... */
const nodeCost = 6;

/**
 * Copies arguments passed as an object, reading each property exactly once (a getter that answers
 * differently on a second read cannot slip a value past the checks), and measures the copy against
 * the limits a JSON string meets on the way: its size as JSON would be (string and key lengths plus a
 * small cost per value) and its nesting depth. It stops as soon as a limit is passed, so a huge or
 * cyclic object costs at most the budget. Plain objects and arrays are copied; other values are kept.
 * A depth passed because an object contains itself is told apart (`'circular'`), at no cost to the
 * objects that pass: the object found too deep is looked for among its parents as the walk unwinds.
 * @param value - the argument object
 * @param maxLength - the size budget, in characters
 * @param maxDepth - the deepest nesting accepted
 * @returns the copy, or which limit was passed
 */
export function copyArguments(value: object, maxLength: number, maxDepth: number): SizeVerdict {
  const state: WalkState = { budget: maxLength, failed: undefined, deepest: undefined };
  const copy = walk(value, 1, maxDepth, state);
  if (state.failed !== undefined) return { ok: false, reason: state.failed };
  return state.budget < 0 ? { ok: false, reason: 'tooLong' } : { ok: true, copy };
}

interface WalkState {
  budget: number;
  failed: 'tooLong' | 'tooDeep' | 'circular' | undefined;
  /** The object found past the depth limit, looked for among its parents. */
  deepest: object | undefined;
}

function walk(value: object, depth: number, maxDepth: number, state: WalkState): object {
  if (depth > maxDepth) {
    state.failed = 'tooDeep';
    state.deepest = value;
    return value;
  }
  const isArray = Array.isArray(value);
  if (!isArray && !isPlain(value)) return value;
  const keys = isArray ? undefined : Object.keys(value);
  const count = isArray ? (value as unknown[]).length : keys!.length;
  state.budget -= nodeCost + count;
  const output: unknown[] | Record<string, unknown> = isArray ? new Array<unknown>(count) : {};
  for (let index = 0; index < count; index++) {
    if (state.budget < 0) {
      state.failed = 'tooLong';
      return value;
    }
    let child: unknown;
    const key = isArray ? index : keys![index]!;
    if (isArray) child = (value as unknown[])[index];
    else {
      state.budget -= (key as string).length + 3;
      child = (value as Record<string, unknown>)[key];
    }
    if (typeof child === 'string') state.budget -= child.length + 2;
    else if (typeof child === 'object' && child !== null) {
      child = walk(child, depth + 1, maxDepth, state);
      if (state.failed !== undefined) {
        if (state.failed === 'tooDeep' && state.deepest === value) state.failed = 'circular';
        return value;
      }
    } else state.budget -= nodeCost;
    if (isArray) (output as unknown[])[index] = child;
    else if (key === '__proto__')
      Object.defineProperty(output, key, { value: child, enumerable: true, writable: true, configurable: true });
    else (output as Record<string, unknown>)[key] = child;
  }
  return output;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
