import { FunctionCallingConfigMode, type GenerateContentConfig, type ToolConfig } from '@google/genai';
import { ModelCallError, type ChatRequest, type ToolChoice } from '@toolcraft/core';
import { googleProvider } from '../schema/schema-context.js';
import { toGeminiResponseSchema } from '../schema/to-gemini-schema.js';
import type { GeminiGenerationConfig } from './gemini-chat-model-options.js';

/**
 * The generation options of one request, later ones winning: the model's `config`, then the
 * request's `settings` (`temperature`, `topP`, `maxOutputTokens`, `stopSequences`, `seed`), then
 * `providerOptions.google` (merged one level deep: `thinkingConfig` fields join the model's).
 * Structured output becomes `responseMimeType: 'application/json'` with the schema converted to
 * Gemini's `responseSchema` by the rules tools follow. `providerOptions.google` cannot set what the
 * model sets from the request (system instruction, tools, tool config, abort signal, HTTP options).
 * @param request - the request
 * @param defaults - the model's `config`
 * @returns the config, without the fields the model sets itself (tools, system instruction, signal)
 * @throws ModelCallError when `providerOptions.google` is not an object
 * @throws ProviderSchemaError for a structured output schema Gemini cannot take
 */
export function toGenerateConfig(request: ChatRequest, defaults: GeminiGenerationConfig | undefined): GenerateContentConfig {
  const config: GenerateContentConfig = { ...defaults };
  const settings = request.settings ?? {};
  if (settings.temperature !== undefined) config.temperature = settings.temperature;
  if (settings.topP !== undefined) config.topP = settings.topP;
  if (settings.maxOutputTokens !== undefined) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) config.stopSequences = [...settings.stopSequences];
  if (settings.seed !== undefined) config.seed = settings.seed;
  const options = request.providerOptions?.[googleProvider];
  if (options !== undefined) {
    if (!isPlainObject(options)) {
      throw new ModelCallError(`providerOptions.google must be an object of Gemini generation options, got ${JSON.stringify(options)}.`, {
        retryable: false,
        provider: googleProvider,
      });
    }
    for (const [key, value] of Object.entries(options)) {
      if (managedKeys.has(key)) continue;
      const current = (config as Record<string, unknown>)[key];
      (config as Record<string, unknown>)[key] = isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
    }
  }
  if (request.responseFormat !== undefined) {
    config.responseMimeType = 'application/json';
    config.responseSchema = toGeminiResponseSchema(request.responseFormat.schema, request.responseFormat.name);
    delete config.responseJsonSchema;
  }
  return config;
}

/**
 * Maps a tool choice to Gemini's function calling config: `'auto'` → `AUTO`, `'none'` → `NONE`,
 * `'required'` → `ANY`, `{ name }` → `ANY` with that one name allowed.
 * @param choice - the request's tool choice
 * @returns the tool config
 */
export function toToolConfig(choice: ToolChoice): ToolConfig {
  if (choice === 'auto') return { functionCallingConfig: { mode: FunctionCallingConfigMode.AUTO } };
  if (choice === 'none') return { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } };
  if (choice === 'required') return { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } };
  return { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: [choice.name] } };
}

/** What the model sets from the request itself: `providerOptions.google` cannot change them. */
const managedKeys: ReadonlySet<string> = new Set(['systemInstruction', 'tools', 'toolConfig', 'abortSignal', 'httpOptions']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}
