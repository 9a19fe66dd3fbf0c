import type { SchemaDocuments } from '../decoding/ajv-instance.js';
import { assertSchemaDocumentsGiven, bindSchemaDocuments, readSchemaDocuments } from '../decoding/schema-documents.js';
import { InvalidEnvironmentOptionsError } from '../errors/invalid-environment-options-error.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { JsonSchema } from '../schema/json-schema.js';

/**
 * Gives the registry's tools the environment's `schemas`, for `$ref`s to other documents, and
 * refuses a tool whose `$ref` still names a document never given.
 * @param registry - the environment's registry
 * @param schemas - the `schemas` option
 * @returns the documents read, to give the tools of a later registry (a toolset's), or undefined for none
 * @throws InvalidEnvironmentOptionsError when a document is not usable (no absolute `$id`, a repeated one)
 * @throws InvalidToolDefinitionError for a tool whose `$ref` names a document still missing
 */
export function bindEnvironmentSchemas(registry: ToolRegistry, schemas: readonly JsonSchema[] | undefined): SchemaDocuments | undefined {
  const documents = schemas === undefined ? undefined : readOptionDocuments(schemas);
  bindRegistrySchemas(registry, documents);
  return documents;
}

/**
 * Gives a registry's tools documents already read, and refuses a tool whose `$ref` still names a
 * document never given.
 * @param registry - the tools
 * @param documents - the documents, if any
 * @throws InvalidToolDefinitionError for a tool whose `$ref` names a document still missing
 */
export function bindRegistrySchemas(registry: ToolRegistry, documents: SchemaDocuments | undefined): void {
  const decoders = registry.tools.map((tool) => tool.argsDecoder);
  if (documents !== undefined) bindSchemaDocuments(decoders, documents);
  assertSchemaDocumentsGiven(decoders);
}

function readOptionDocuments(schemas: readonly JsonSchema[]): SchemaDocuments {
  try {
    return readSchemaDocuments(schemas);
  } catch (error) {
    throw new InvalidEnvironmentOptionsError(
      'schemas',
      schemas,
      `a list of JSON Schema documents with absolute $ids (${(error as Error).message})`,
    );
  }
}
