import type { ToolSchemaManifest } from '@toolcraft/core';
import { generateToolSchemas, type GenerateToolSchemasOptions } from '../generate-tool-schemas.js';
import { diffManifests } from './diff-manifests.js';
import type { ManifestDifference } from './manifest-difference.js';

/** Options of {@link checkToolSchemas}: the project, and the committed manifest to compare. */
export interface CheckToolSchemasOptions extends GenerateToolSchemasOptions {
  /** The manifest in the repository (parsed). */
  manifest: ToolSchemaManifest;
}

/**
 * Regenerates a project's manifest and compares it with the committed one.
 * @param options - the project, optional files, and the committed manifest
 * @returns the differences; empty when the committed manifest is up to date
 * @throws SchemaGenerationError as `generateToolSchemas` does
 * @example
 * const differences = checkToolSchemas({ project: 'tsconfig.json', manifest: committed });
 * if (differences.length > 0) console.error(formatDifferences(differences, 'tool-schemas.json'));
 */
export function checkToolSchemas(options: CheckToolSchemasOptions): ManifestDifference[] {
  return diffManifests(options.manifest, generateToolSchemas(options));
}
