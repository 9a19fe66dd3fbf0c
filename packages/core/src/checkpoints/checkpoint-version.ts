/**
 * A checkpoint version as a store gave it: a whole number, 1 or more; a string of one (a SQL driver's
 * BIGINT, as node-postgres returns it), or a bigint, is read as that number.
 * @param value - what the store's `load` or `save` answered as the version
 * @returns the version, or undefined when it is not one
 * @internal
 */
export function readCheckpointVersion(value: unknown): number | undefined {
  let version = value;
  if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) version = Number(value);
  else if (typeof value === 'bigint') version = Number(value);
  return typeof version === 'number' && Number.isSafeInteger(version) && version >= 1 ? version : undefined;
}
