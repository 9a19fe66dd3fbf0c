import { bindSchemaDocuments, readSchemaDocuments } from '../decoding/schema-documents.js';
import type { SchemaDocuments } from '../decoding/ajv-instance.js';
import { InvalidEnvironmentOptionsError } from '../errors/invalid-environment-options-error.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { JsonSchema } from '../schema/json-schema.js';

/**
 * Gives the registry's tools the environment's `schemas`, for `$ref`s to other documents.
 * @param registry - the environment's registry
 * @param schemas - the `schemas` option
 * @throws InvalidEnvironmentOptionsError when a document is not usable (no absolute `$id`, a repeated one)
 * @throws InvalidToolDefinitionError for a tool whose `$ref` names a document still missing
 */
export function bindEnvironmentSchemas(registry: ToolRegistry, schemas: readonly JsonSchema[]): void {
  let documents: SchemaDocuments;
  try {
    documents = readSchemaDocuments(schemas);
  } catch (error) {
    throw new InvalidEnvironmentOptionsError(
      'schemas',
      schemas,
      `a list of JSON Schema documents with absolute $ids (${(error as Error).message})`,
    );
  }
  bindSchemaDocuments(
    registry.tools.map((tool) => tool.argsDecoder),
    documents,
  );
}
