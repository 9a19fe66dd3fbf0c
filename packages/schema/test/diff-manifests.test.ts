import type { ToolSchemaManifest } from '@toolcraft/core';
import { diffManifests, formatDifferences } from '../src/index';

const manifest = (required: string[]): ToolSchemaManifest => ({
  version: 1,
  tools: {
    'Svc.run': {
      kind: 'method',
      className: 'Svc',
      methodName: 'run',
      name: 'run',
      parameters: [],
      inputSchema: { type: 'object', properties: { a: { type: 'string' } }, required },
    },
  },
});

describe('diffManifests', () => {
  it('finds nothing between equal manifests', () => {
    expect(diffManifests(manifest(['a']), manifest(['a']))).toEqual([]);
  });

  it('reports each changed leaf with its path', () => {
    expect(diffManifests(manifest(['a']), manifest([]))).toEqual([
      { tool: 'Svc.run', change: 'changed', path: 'inputSchema.required[0]', committed: 'a', current: undefined },
    ]);
  });
});

describe('formatDifferences', () => {
  it('prints one line per difference naming the tool and the path', () => {
    const text = formatDifferences(diffManifests(manifest(['a']), manifest([])), 'tool-schemas.json');
    expect(text).toBe(
      'tool-schemas.json is stale: 1 difference with the code.\n' + '  ~ Svc.run inputSchema.required[0]: "a" -> (absent)\n',
    );
  });

  it('prints nothing when there are no differences', () => {
    expect(formatDifferences([], 'tool-schemas.json')).toBe('');
  });
});
