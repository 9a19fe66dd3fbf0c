import type { JsonValue, ProviderMetadata } from '@toolcraft/core';

/**
 * What `OpenAIResponsesModel` keeps of a Responses output item under `providerMetadata.openai`,
 * so the next request can send it back (and nothing else reads): the item's id and, for a
 * reasoning item, its `encrypted_content`; for an output message, its `phase`.
 */
export interface ResponsesItemData {
  /** The output item's id (`rs_...`, `fc_...`, `msg_...`). */
  itemId?: string;
  /** A reasoning item's `encrypted_content` (asked for with `store: false`). */
  encryptedContent?: string;
  /** An output message's `phase` (`'commentary'`, `'final_answer'`), which OpenAI asks to be sent back. */
  phase?: string;
}

/**
 * Wraps an item's data as provider metadata under the adapter's key, leaving out what is absent.
 * @param data - the item's id, encrypted content or phase
 * @returns `{ openai: { ... } }`, or undefined when there is nothing to keep
 */
export function toProviderMetadata(data: ResponsesItemData): ProviderMetadata | undefined {
  const entry: Record<string, JsonValue> = {};
  if (data.itemId !== undefined && data.itemId !== '') entry.itemId = data.itemId;
  if (data.encryptedContent !== undefined && data.encryptedContent !== '') entry.encryptedContent = data.encryptedContent;
  if (data.phase !== undefined) entry.phase = data.phase;
  return Object.keys(entry).length === 0 ? undefined : { openai: entry };
}

/**
 * Reads the adapter's own entry of provider metadata (another provider's key is never read), as
 * saved in a session or a state: only string fields count.
 * @param metadata - a part's, a call's or a message's provider metadata
 * @returns the item's data (empty when there is none)
 */
export function readItemData(metadata: ProviderMetadata | undefined): ResponsesItemData {
  const entry = metadata?.['openai'];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return {};
  const data: ResponsesItemData = {};
  const { itemId, encryptedContent, phase } = entry;
  if (typeof itemId === 'string') data.itemId = itemId;
  if (typeof encryptedContent === 'string') data.encryptedContent = encryptedContent;
  if (typeof phase === 'string') data.phase = phase;
  return data;
}

/**
 * The provider metadata of an assistant message: the data of its output messages, in the order of
 * the message's text (a plain string content is the first), as `{ openai: { messages: [...] } }`.
 * @param messages - each output message's id and phase
 * @returns the metadata, or undefined when no message had any
 */
export function toMessageMetadata(messages: readonly ResponsesItemData[]): ProviderMetadata | undefined {
  const entries = messages.map((message) => toProviderMetadata(message)?.['openai'] ?? {});
  return entries.some((entry) => Object.keys(entry).length > 0) ? { openai: { messages: entries } } : undefined;
}

/**
 * Reads the data of an assistant message's output messages (see {@link toMessageMetadata}).
 * @param metadata - the assistant message's provider metadata
 * @returns each text's data, by position (empty when there is none)
 */
export function readMessageItems(metadata: ProviderMetadata | undefined): ResponsesItemData[] {
  const entry = metadata?.['openai'];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || !Array.isArray(entry.messages)) return [];
  return entry.messages.map((message) => readItemData({ openai: message }));
}
