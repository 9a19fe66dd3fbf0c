import type { ToolSchemaManifest } from '@toolcraft/core';

/**
 * Serializes a manifest the way it is committed: two-space JSON with a final newline,
 * so regenerating an unchanged project gives a byte-identical file.
 * @param manifest - the manifest
 * @returns the file's text
 */
export function serializeManifest(manifest: ToolSchemaManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
