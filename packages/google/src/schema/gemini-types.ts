import { Type, type Schema } from '@google/genai';
import type { JsonSchema } from '@toolcraft/core';
import type { SchemaContext } from './schema-context.js';

/** Gemini's `Type` of each JSON Schema type (`null` has none: it becomes `nullable`). */
export const geminiTypes: ReadonlyMap<string, Type> = new Map<string, Type>([
  ['string', Type.STRING],
  ['number', Type.NUMBER],
  ['integer', Type.INTEGER],
  ['boolean', Type.BOOLEAN],
  ['array', Type.ARRAY],
  ['object', Type.OBJECT],
]);

/** The JSON Schema type of each of Gemini's `Type`s. */
export const jsonTypes: ReadonlyMap<Type, string> = new Map<Type, string>([...geminiTypes].map(([json, gemini]) => [gemini, json]));

/** A node's declared JSON types without `null`, and whether `null` was one of them. */
export interface DeclaredTypes {
  list: string[];
  nullable: boolean;
}

/** Converts a node already resolved (no `$ref`, no `allOf`): how the union and keyword helpers recurse without importing the converter. */
export type ResolvedConverter = (schema: JsonSchema, path: string, context: SchemaContext) => Schema;

/** Converts any node: how the keyword helpers recurse into properties and items. */
export type NodeConverter = (input: unknown, path: string, context: SchemaContext) => Schema;
