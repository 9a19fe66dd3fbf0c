import type { ToolEffects } from '../effects/tool-effects.js';
import type { JsonSchema, JsonSchemaDefinition } from '../schema/json-schema.js';
import { schemaObjectOf } from '../schema/schema-object.js';

/** The type of a tool parameter, as Koog's `ToolParameterType` describes it. */
export type ToolParameterType =
  | { kind: 'string'; format?: string }
  | { kind: 'integer' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly unknown[] }
  | { kind: 'array'; items: ToolParameterType }
  | { kind: 'object'; properties: readonly ToolParameterDescriptor[]; requiredProperties: readonly string[] }
  | { kind: 'any' };

/** One parameter of a tool: name, description and type. */
export interface ToolParameterDescriptor {
  name: string;
  description: string;
  type: ToolParameterType;
}

/** What the model is told of a tool (Koog's `ToolDescriptor`), with its declared side effects. */
export interface ToolDescriptor {
  name: string;
  description: string;
  requiredParameters: readonly ToolParameterDescriptor[];
  optionalParameters: readonly ToolParameterDescriptor[];
  /** The tool's per-run limit of calls, if it has one (not sent to the model). */
  maxInvocations?: number;
  /** The tool's per-run limit of failed calls, if it has one (not sent to the model). */
  maxFailures?: number;
  /** `'read'`, `'write'` or `'destructive'`; absent when unknown. */
  effects?: ToolEffects;
  /** Whether a repeated call does no more than one (true by default for `'read'`); absent when neither `effects` nor `idempotent` was declared. */
  idempotent?: boolean;
  /** Whether the tool reaches outside systems, when declared. */
  openWorld?: boolean;
  /** True for a long-running tool (absent otherwise). */
  longRunning?: boolean;
}

/**
 * Derives a descriptor from an object JSON Schema.
 * @param name - the tool's name
 * @param description - the tool's description
 * @param schema - the argument object's schema
 * @returns the descriptor
 */
export function descriptorFromSchema(name: string, description: string, schema: JsonSchema): ToolDescriptor {
  const required = new Set(schema.required ?? []);
  const parameters = Object.entries(schema.properties ?? {}).map(([key, property]) => parameterFromSchema(key, property));
  return {
    name,
    description,
    requiredParameters: parameters.filter((parameter) => required.has(parameter.name)),
    optionalParameters: parameters.filter((parameter) => !required.has(parameter.name)),
  };
}

function parameterFromSchema(name: string, definition: JsonSchemaDefinition): ToolParameterDescriptor {
  return { name, description: schemaObjectOf(definition)?.description ?? '', type: typeFromSchema(definition) };
}

function typeFromSchema(definition: JsonSchemaDefinition | JsonSchemaDefinition[] | undefined): ToolParameterType {
  // A boolean schema (or draft-07's tuple items) says nothing of one type.
  const schema = schemaObjectOf(definition);
  if (schema === undefined) return { kind: 'any' };
  if (schema.enum !== undefined) return { kind: 'enum', values: schema.enum.filter((value) => value !== null) };
  const nonNull = schema.anyOf?.filter((branch) => typeof branch !== 'object' || branch.type !== 'null');
  if (nonNull?.length === 1) return typeFromSchema(nonNull[0]);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== 'null');
  switch (types.length === 1 ? types[0] : undefined) {
    case 'string':
      return schema.format !== undefined ? { kind: 'string', format: schema.format } : { kind: 'string' };
    case 'integer':
      return { kind: 'integer' };
    case 'number':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array':
      return { kind: 'array', items: typeFromSchema(schema.items) };
    case 'object':
      return {
        kind: 'object',
        properties: Object.entries(schema.properties ?? {}).map(([key, property]) => parameterFromSchema(key, property)),
        requiredProperties: schema.required ?? [],
      };
    default:
      return { kind: 'any' };
  }
}
