import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolSchemaManifest } from './tool-schema-manifest.js';

/** The manifest format versions this version of `@toolcraft/core` reads. */
const supportedManifestVersions: readonly number[] = [1];

/**
 * Checks at runtime what the manifest's type cannot: that it is a `toolcraft-schema` manifest of a
 * version this package reads, whose entries have the fields the registry uses.
 * @param manifest - the manifest, as imported or parsed from JSON
 * @throws InvalidToolDefinitionError naming what is wrong and how to fix it
 */
export function assertToolSchemaManifest(manifest: unknown): asserts manifest is ToolSchemaManifest {
  if (typeof manifest !== 'object' || manifest === null || typeof (manifest as { tools?: unknown }).tools !== 'object') {
    throw new InvalidToolDefinitionError(
      'schema manifest',
      'expected a toolcraft-schema manifest ({ version: 1, tools: {...} }), as written by npx toolcraft-schema.',
    );
  }
  const { version, tools } = manifest as { version?: unknown; tools: Record<string, unknown> | null };
  if (typeof version !== 'number' || !supportedManifestVersions.includes(version)) {
    throw new InvalidToolDefinitionError(
      'schema manifest',
      `its version is ${JSON.stringify(version) ?? 'missing'}, and this version of @toolcraft/core reads version ` +
        `${supportedManifestVersions.join(' or ')}. Regenerate it with the toolcraft-schema of the same release as @toolcraft/core.`,
    );
  }
  for (const [key, entry] of Object.entries(tools ?? {})) {
    const { kind, parameters, inputSchema } = (entry ?? {}) as { kind?: unknown; parameters?: unknown; inputSchema?: unknown };
    if ((kind !== 'method' && kind !== 'class') || !Array.isArray(parameters) || typeof inputSchema !== 'object' || inputSchema === null) {
      throw new InvalidToolDefinitionError(
        `schema manifest entry '${key}'`,
        "expected { kind: 'method' | 'class', parameters: [...], inputSchema: {...} }; regenerate the manifest with toolcraft-schema.",
      );
    }
  }
}
