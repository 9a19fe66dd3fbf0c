import type { FunctionDeclaration, Tool } from '@google/genai';
import type { ToolDefinition, ToolDefinitionSource } from '@toolcraft/core';
import { convertOnce, readToolDefinitions } from '@toolcraft/core/internal';
import { refuse } from '../schema/schema-context.js';
import { rootPath } from '../schema/schema-path.js';
import { toGeminiParameters } from '../schema/to-gemini-schema.js';

/** Gemini's rule for function names (the SDK's and Vertex AI's reference): a letter or `_` first. */
const functionNamePattern = /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/;

/**
 * Converts tools to the `tools` of a Gemini request: one `Tool` holding a function declaration
 * (`{ name, description, parameters }`) per tool, in order, each input schema converted to
 * Gemini's `Schema` (see `toGeminiParameters` and the keyword table of docs/reference/google.md); a tool
 * without parameters gets no `parameters`. The conversions are cached per registry, per frozen
 * definition list (an agent's) and per schema; every call returns fresh `Tool` and declaration
 * objects (the SDK writes into the declarations it sends) around the shared schemas.
 * @param source - a `ToolRegistry` or a list of `ToolDefinition`s
 * @returns `[{ functionDeclarations }]`, or `[]` for no tools
 * @throws ProviderSchemaError for a tool Gemini would reject or whose schema it would change, naming the tool, the JSON path and the keyword
 * @example
 * const tools = toGeminiTools(registry);
 * await ai.models.generateContent({ model: 'gemini-2.5-flash', contents, config: { tools } });
 */
export function toGeminiTools(source: ToolDefinitionSource): Tool[] {
  const declarations = functionDeclarations(source);
  return declarations.length === 0 ? [] : [{ functionDeclarations: declarations.map((declaration) => ({ ...declaration })) }];
}

/**
 * The function declarations of a source, converted once per registry or frozen list.
 * @param source - a registry or a list of definitions
 * @returns the declarations (shared: copy before handing them to the SDK)
 * @throws ProviderSchemaError as {@link toGeminiTools}
 */
export function functionDeclarations(source: ToolDefinitionSource): readonly FunctionDeclaration[] {
  return convertOnce(source, 'google', () => readToolDefinitions(source).map(toFunctionDeclaration));
}

function toFunctionDeclaration(definition: ToolDefinition): FunctionDeclaration {
  if (!functionNamePattern.test(definition.name)) {
    refuse(
      { root: definition.inputSchema, toolName: definition.name, place: 'parameters', references: [] },
      rootPath,
      'name',
      'Gemini takes function names that start with a letter or an underscore, then letters, digits, _ . : or - (at most 128): rename the tool',
    );
  }
  const parameters = toGeminiParameters(definition.inputSchema, definition.name);
  const declaration: FunctionDeclaration = { name: definition.name, description: definition.description };
  if (parameters !== undefined) declaration.parameters = parameters;
  return Object.freeze(declaration);
}
