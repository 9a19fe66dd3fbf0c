import type { JsonSchema } from '@toolcraft/core';
import { OpenApiSpecError } from '../errors/openapi-spec-error.js';
import type { OpenApiDocument, Operation, Parameter } from '../spec/openapi-document.js';
import { argumentNames } from './argument-names.js';
import { collectDefs, toJsonSchema } from './to-json-schema.js';

/** Where each argument of a tool goes in the request. */
export interface ArgumentPlan {
  /** Argument name → the parameter it fills. */
  parameters: Map<string, Parameter>;
  /** The argument holding the body, and its media type, when the operation takes one. */
  body?: { argument: string; mediaType: string; required: boolean };
}

/** The media types a body is sent as, in the order preferred. */
const bodyTypes = ['application/json', 'application/x-www-form-urlencoded'];

/**
 * One input schema for an operation: its path, query, header and cookie parameters as properties
 * (named as in the spec; one clashing with another's name gets its location in front, `header_id`,
 * see `argumentNames`), and the request body as `body`; required ones required.
 * @param document - the spec
 * @param where - the operation, for errors (`'POST /pets'`)
 * @param operation - the operation
 * @param shared - the path's own parameters
 * @returns the schema and where each argument goes
 * @throws OpenApiSpecError for a body of a media type the toolset cannot send
 */
export function inputSchema(
  document: OpenApiDocument,
  where: string,
  operation: Operation,
  shared: readonly Parameter[],
): { schema: JsonSchema; plan: ArgumentPlan } {
  const byKey = new Map<string, Parameter>();
  for (const parameter of [...shared, ...(operation.parameters ?? [])]) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  const defs = new Map<string, unknown>();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const plan: ArgumentPlan = { parameters: new Map() };
  const parameters = [...byKey.values()];
  const names = argumentNames(parameters);
  parameters.forEach((parameter, index) => {
    const name = names[index]!;
    const schema = toJsonSchema(parameter.schema ?? { type: 'string' }, defs, where);
    properties[name] =
      parameter.description === undefined || schema.description !== undefined ? schema : { ...schema, description: parameter.description };
    if (parameter.required === true || parameter.in === 'path') required.push(name);
    plan.parameters.set(name, parameter);
  });
  const content = operation.requestBody?.content;
  if (content !== undefined) {
    const mediaType = bodyTypes.find((type) => Object.hasOwn(content, type)) ?? Object.keys(content).find((type) => /\+json$/.test(type));
    if (mediaType === undefined)
      throw new OpenApiSpecError(
        where,
        `its request body is ${Object.keys(content).join(', ')}, which this toolset cannot send (it sends JSON and form bodies); leave the operation out with 'operations'.`,
      );
    const schema = toJsonSchema(content[mediaType]?.schema ?? {}, defs, where);
    const description = operation.requestBody?.description;
    properties.body = description === undefined || schema.description !== undefined ? schema : { ...schema, description };
    const bodyRequired = operation.requestBody?.required === true;
    if (bodyRequired) required.push('body');
    plan.body = { argument: 'body', mediaType, required: bodyRequired };
  }
  const $defs = collectDefs(document.components?.schemas, defs, where);
  const schema: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
  return { schema: $defs === undefined ? schema : ({ ...schema, $defs } as JsonSchema), plan };
}
