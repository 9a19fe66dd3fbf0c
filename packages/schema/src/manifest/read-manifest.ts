import { readFileSync } from 'node:fs';
import type { ToolSchemaManifest } from '@toolcraft/core';
import { SchemaGenerationError } from '../errors/schema-generation-error.js';

/**
 * Reads a manifest file.
 * @param file - the path of `tool-schemas.json`
 * @returns the parsed manifest
 * @throws SchemaGenerationError when the file is missing, not JSON, or not a version 1 manifest
 */
export function readManifest(file: string): ToolSchemaManifest {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (cause) {
    throw new SchemaGenerationError(
      `Cannot read the schema manifest ${file}: ${(cause as Error).message}. ` +
        'Generate it with `toolcraft-schema --project tsconfig.json --out <file>`.',
      {},
      { cause },
    );
  }
  const manifest = value as Partial<ToolSchemaManifest> | null;
  if (manifest === null || typeof manifest !== 'object' || manifest.version !== 1 || typeof manifest.tools !== 'object') {
    throw new SchemaGenerationError(`${file} is not a toolcraft schema manifest (expected { "version": 1, "tools": {...} }).`);
  }
  return manifest as ToolSchemaManifest;
}
