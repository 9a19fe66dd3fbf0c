/**
 * @toolcraft/openapi: an OpenAPI 3.x spec as a toolcraft toolset (`OpenApiToolset`).
 * @packageDocumentation
 */
export { OpenApiSpecError } from './errors/openapi-spec-error.js';
export { OpenApiToolset } from './openapi-toolset.js';
export type { OpenApiToolsetOptions } from './openapi-toolset-options.js';
export type { OpenApiCredential } from './http/apply-auth.js';
export type { OperationTool } from './http/operation-tool.js';
