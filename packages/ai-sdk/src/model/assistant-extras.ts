import type { JsonValue, ProviderMetadata } from '@toolcraft/core';

/** The key of this adapter's own data in an assistant message's `providerMetadata`. */
export const extrasKey = 'aiSdk';

/**
 * What an assistant message keeps for this adapter under `providerMetadata.aiSdk`, so that the next
 * turn sends the provider what it gave: the provider metadata of each text part (an OpenAI Responses
 * item id, a Gemini thought signature), which toolcraft's text parts have no field for, and the
 * parts of tools the provider itself ran (web search calls and results), at their place.
 */
export interface AssistantExtras {
  /** By text part, in order: its provider metadata, or null. */
  textMetadata?: Array<ProviderMetadata | null>;
  /** Provider-executed tool calls and results (`LanguageModelV3ToolCallPart`, `LanguageModelV3ToolResultPart` of the prompt), each after `position` of the message's parts. */
  providerParts?: Array<{ position: number; part: JsonValue }>;
}

/**
 * Reads this adapter's extras of an assistant message, defensively (a transcript may come from a
 * session written by another version, or be edited by hand).
 * @param metadata - the message's provider metadata
 * @returns the extras (empty when there are none)
 */
export function readExtras(metadata: ProviderMetadata | undefined): AssistantExtras {
  const extras = metadata?.[extrasKey];
  if (typeof extras !== 'object' || extras === null || Array.isArray(extras)) return {};
  const { textMetadata, providerParts } = extras as Record<string, JsonValue>;
  const result: AssistantExtras = {};
  if (Array.isArray(textMetadata)) result.textMetadata = textMetadata.map((entry) => (isRecord(entry) ? entry : null));
  if (Array.isArray(providerParts)) {
    result.providerParts = providerParts.filter(
      (entry): entry is { position: number; part: JsonValue } =>
        isRecord(entry) && typeof entry.position === 'number' && isRecord(entry.part),
    );
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
