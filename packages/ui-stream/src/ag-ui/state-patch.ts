import type { JsonPatch } from '@ag-ui/core';
import { asJsonData } from '../shared/json-value.js';

/**
 * A run's state changes as a JSON Patch on the shared state: `add` for each key set (it replaces a
 * key that exists), `remove` for each key deleted.
 * @param stateDelta - the run's `stateDelta` (`undefined`: the key was deleted)
 * @returns the patch (empty when nothing changed)
 * @internal
 */
export function statePatch(stateDelta: Readonly<Record<string, unknown>>): JsonPatch {
  return Object.entries(stateDelta).map(([key, value]) => {
    const path = `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const data = value === undefined ? undefined : asJsonData(value);
    return data === undefined ? { op: 'remove' as const, path } : { op: 'add' as const, path, value: data };
  });
}
