/**
 * Whether two JSON values are equal (objects by keys, in any order).
 * @param left - a JSON value
 * @param right - another
 * @returns true when they are the same data
 * @internal
 */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right))
    return left.length === right.length && left.every((item, index) => sameJson(item, right[index]));
  const leftKeys = Object.keys(left);
  const rightRecord = right as Record<string, unknown>;
  return (
    leftKeys.length === Object.keys(right).length &&
    leftKeys.every(
      (key) => Object.prototype.hasOwnProperty.call(right, key) && sameJson((left as Record<string, unknown>)[key], rightRecord[key]),
    )
  );
}
