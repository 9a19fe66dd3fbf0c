import type { ManifestDifference } from './manifest-difference.js';

/**
 * Renders differences as the readable report `toolcraft-schema --check` prints:
 * one line per difference, naming the tool and the path that changed.
 * @param differences - from `checkToolSchemas` or `diffManifests`
 * @param manifestName - the manifest's file name, for the heading
 * @returns the report (empty when there are no differences)
 */
export function formatDifferences(differences: readonly ManifestDifference[], manifestName: string): string {
  if (differences.length === 0) return '';
  const lines = [`${manifestName} is stale: ${differences.length} difference${differences.length === 1 ? '' : 's'} with the code.`];
  for (const difference of differences) lines.push(`  ${describe(difference)}`);
  return `${lines.join('\n')}\n`;
}

function describe(difference: ManifestDifference): string {
  const tool = difference.tool === '' ? '(manifest)' : difference.tool;
  if (difference.change === 'added') return `+ ${tool}: new tool, not in the manifest`;
  if (difference.change === 'removed') return `- ${tool}: in the manifest, no longer in the code`;
  return `~ ${tool} ${difference.path}: ${show(difference.committed)} -> ${show(difference.current)}`;
}

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
