import type { ToolSchemaManifest } from '@toolcraft/core';
import type { ManifestDifference } from './manifest-difference.js';

/**
 * Compares a committed manifest with the current one, tool by tool and path by path.
 * @param committed - the manifest in the repository
 * @param current - the manifest the code gives now
 * @returns the differences, in key order; empty when they match
 */
export function diffManifests(committed: ToolSchemaManifest, current: ToolSchemaManifest): ManifestDifference[] {
  const differences: ManifestDifference[] = [];
  if (committed.version !== current.version) {
    differences.push({ tool: '', change: 'changed', path: 'version', committed: committed.version, current: current.version });
  }
  const committedTools = committed.tools ?? {};
  const keys = [...new Set([...Object.keys(committedTools), ...Object.keys(current.tools)])].sort();
  for (const tool of keys) {
    const before: unknown = committedTools[tool];
    const after: unknown = current.tools[tool];
    if (before === undefined) differences.push({ tool, change: 'added', path: '', current: after });
    else if (after === undefined) differences.push({ tool, change: 'removed', path: '', committed: before });
    else compare(before, after, '', (path, old, now) => differences.push({ tool, change: 'changed', path, committed: old, current: now }));
  }
  return differences;
}

type Report = (path: string, committed: unknown, current: unknown) => void;

function compare(committed: unknown, current: unknown, path: string, report: Report): void {
  if (Array.isArray(committed) && Array.isArray(current)) {
    const length = Math.max(committed.length, current.length);
    for (let i = 0; i < length; i++) compare(committed[i], current[i], `${path}[${i}]`, report);
  } else if (isRecord(committed) && isRecord(current)) {
    const keys = [...new Set([...Object.keys(committed), ...Object.keys(current)])];
    for (const key of keys) compare(committed[key], current[key], path === '' ? key : `${path}.${key}`, report);
  } else if (JSON.stringify(committed) !== JSON.stringify(current)) {
    report(path, committed, current);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
