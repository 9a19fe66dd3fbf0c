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
 * @throws InvalidEnvironmentOptionsError when a document is not usable (no absolute `$id`, a repeated one)
 * @throws InvalidToolDefinitionError for a tool whose `$ref` names a document still missing
 */
export function bindEnvironmentSchemas(registry: ToolRegistry, schemas: readonly JsonSchema[] | undefined): void {
  const decoders = registry.tools.map((tool) => tool.argsDecoder);
  if (schemas !== undefined) bindSchemaDocuments(decoders, readOptionDocuments(schemas));
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
