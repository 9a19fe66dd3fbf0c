import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolSchemaManifestEntry } from '../manifest/tool-schema-manifest.js';
import type { SourceParameter } from './parameter-names.js';

/**
 * Refuses a manifest entry that no longer matches the method: a different number of parameters,
 * or the same names in another order (which would hand the method swapped arguments). Names that
 * differ altogether are allowed, as a minifier renames parameters.
 * @param entry - the manifest entry
 * @param source - the method's parameters as read from its compiled source
 * @param subject - the tool, for the message
 * @throws InvalidToolDefinitionError when the manifest is stale
 */
export function checkManifestEntry(entry: ToolSchemaManifestEntry, source: readonly SourceParameter[], subject: string): void {
  const manifestNames = entry.parameters.map((parameter) => parameter.name);
  const sourceNames = source.map((parameter) => parameter.name);
  const sameCount = manifestNames.length === sourceNames.length;
  const reordered =
    sameCount &&
    sourceNames.every((name) => manifestNames.includes(name)) &&
    sourceNames.some((name, index) => manifestNames[index] !== name);
  if (!sameCount || reordered) {
    throw new InvalidToolDefinitionError(
      subject,
      `the schema manifest is stale: it lists the parameters (${manifestNames.join(', ')}), the method has (${sourceNames.join(', ')}). ` +
        'Regenerate it with toolcraft-schema (and check it in CI with toolcraft-schema --check).',
    );
  }
}
