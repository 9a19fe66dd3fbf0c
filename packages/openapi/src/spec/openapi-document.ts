import type { JsonSchema } from '@toolcraft/core';

/** The parts of an OpenAPI 3.x document the toolset reads. */
export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string };
  servers?: Server[];
  paths?: Record<string, PathItem>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, SecurityScheme> };
  security?: SecurityRequirement[];
}

/** A path's operations and shared parameters. */
export type PathItem = { parameters?: Parameter[]; servers?: Server[] } & Partial<Record<HttpMethod, Operation>>;

/** A server requests go to: its URL, whose `{variables}` are filled from their defaults (or the `serverVariables` option). */
export interface Server {
  url: string;
  variables?: Record<string, { default?: string; enum?: string[]; description?: string }>;
}

/** The methods an operation may have. */
export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** One operation. */
export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, { schema?: JsonSchema }> };
  security?: SecurityRequirement[];
  deprecated?: boolean;
  servers?: Server[];
}

/** A parameter of an operation. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  deprecated?: boolean;
}

/** A security scheme. */
export interface SecurityScheme {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  name?: string;
  in?: 'header' | 'query' | 'cookie';
  scheme?: string;
  description?: string;
  flows?: Record<string, { scopes?: Record<string, string>; authorizationUrl?: string; tokenUrl?: string }>;
}

/** Scheme names to scopes; any one requirement of a list must hold. */
export type SecurityRequirement = Record<string, string[]>;
