import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { SchemaDocuments } from './ajv-instance.js';
import type { ArgsDecoder } from './args-decoder.js';
import { declaredIds } from './declared-ids.js';

/**
 * Reads the `schemas` option: JSON Schema documents, each with an absolute `$id`, that `$ref`s of
 * tools' schemas may name.
 * @param list - the documents
 * @returns the set, with the canonical key naming it
 * @throws Error saying which document is not usable and why (an `$id` declared twice names both places)
 */
export function readSchemaDocuments(list: readonly JsonSchema[]): SchemaDocuments {
  if (!Array.isArray(list as unknown)) throw new Error('schemas must be a list of JSON Schema documents, each with an $id');
  const ids = new Map<string, string>();
  list.forEach((document, index) => {
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      throw new Error(`schemas[${index}] must be a JSON Schema object with an $id`);
    }
    const id = document.$id;
    if (typeof id !== 'string' || !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(id)) {
      throw new Error(
        `schemas[${index}] must have an absolute URI as its $id (e.g. "https://example.com/schemas/address.json"), which $refs name; it has ${JSON.stringify(id) ?? 'none'}`,
      );
    }
    // Every $id (embedded ones too) names one schema in the set: ajv registers them all.
    for (const declared of declaredIds(document)) {
      const where = declared.at === '' ? `schemas[${index}]` : `schemas[${index}] at ${declared.at}`;
      const earlier = ids.get(declared.uri);
      if (earlier !== undefined)
        throw new Error(
          `${where} declares the $id ${JSON.stringify(declared.uri)}, which ${earlier} declares too; each $id must name one schema: rename one of them`,
        );
      ids.set(declared.uri, where);
    }
  });
  return { list: [...list], key: JSON.stringify(list) };
}

/**
 * Gives each decoder the documents its `$ref`s name (a decoder that needs none ignores them).
 * @param decoders - the tools' decoders
 * @param documents - the documents
 * @throws InvalidToolDefinitionError for a tool whose `$ref` names a document still missing
 */
export function bindSchemaDocuments(decoders: Iterable<ArgsDecoder<unknown>>, documents: SchemaDocuments): void {
  for (const decoder of decoders) decoder.bindSchemas?.(documents);
}

/**
 * Refuses a tool whose `$ref` names a document that was never given, before any call reaches it.
 * @param decoders - the tools' decoders
 * @throws InvalidToolDefinitionError naming the tool and the document
 */
export function assertSchemaDocumentsGiven(decoders: Iterable<ArgsDecoder<unknown>>): void {
  for (const decoder of decoders) {
    const missing = decoder.missingDocument?.();
    if (missing === undefined) continue;
    throw new InvalidToolDefinitionError(
      decoder.subject ?? 'a tool',
      `its schema refers to ${missing}, another document: give it in \`schemas\` (ToolRegistry.builder().schemas([document]) or the AgentEnvironment's schemas option), with that $id, or fix the $ref.`,
    );
  }
}
