import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { ToolSchemaManifest } from '@toolcraft/core';

const MANIFEST = path.join('src', 'schema-manifest', 'tool-schemas.json');

/**
 * Reads the example's committed `tool-schemas.json`, whether this runs from source or from
 * the compiled `dist` (it looks in this directory, then up for `src/schema-manifest/`).
 * @returns the manifest
 * @throws Error when the file cannot be found
 */
export function loadSupportDeskManifest(): ToolSchemaManifest {
  const candidates = [path.join(__dirname, 'tool-schemas.json')];
  for (let directory = __dirname; path.dirname(directory) !== directory; directory = path.dirname(directory)) {
    candidates.push(path.join(directory, MANIFEST));
  }
  const found = candidates.find((file) => existsSync(file));
  if (found === undefined) throw new Error('tool-schemas.json not found; run `npm run schemas`.');
  return JSON.parse(readFileSync(found, 'utf8')) as ToolSchemaManifest;
}
