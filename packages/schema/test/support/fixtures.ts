import * as path from 'node:path';
import type { ToolSchemaManifest, ToolSchemaManifestEntry } from '@toolcraft/core';
import { generateToolSchemas } from '../../src/index';

/**
 * The path of a file under `test/fixtures/`.
 * @param parts - path segments below the fixtures directory
 * @returns the absolute path
 */
export function fixturePath(...parts: string[]): string {
  return path.join(__dirname, '..', 'fixtures', ...parts);
}

let typesManifest: ToolSchemaManifest | undefined;

/**
 * The manifest of the `types` fixture, generated once per test file.
 * @returns the manifest
 */
export function typesFixtureManifest(): ToolSchemaManifest {
  typesManifest ??= generateToolSchemas({ project: fixturePath('types', 'tsconfig.json') });
  return typesManifest;
}

/**
 * One entry of the `types` fixture's manifest.
 * @param key - `ClassName.methodName` or `ClassName`
 * @returns the entry
 */
export function entry(key: string): ToolSchemaManifestEntry {
  const found = typesFixtureManifest().tools[key];
  if (found === undefined) throw new Error(`no manifest entry ${key}`);
  return found;
}
