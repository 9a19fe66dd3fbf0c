import type { JsonValue, ProviderMetadata, ReasoningPart } from '@toolcraft/core';
import type { RedactedThinkingBlockParam, ThinkingBlockParam } from '@anthropic-ai/sdk/resources/messages';

/**
 * What a reasoning part carries for Anthropic (`providerMetadata.anthropic`): the `signature` of a
 * thinking block, or the `redactedData` of a `redacted_thinking` block, exactly as the API sent them.
 */
export interface AnthropicReasoningMetadata {
  /** The `signature` of a `thinking` block, which the API checks when the block comes back. */
  signature?: string;
  /** The opaque `data` of a `redacted_thinking` block. */
  redactedData?: string;
}

/**
 * The provider data of a thinking block, for a reasoning part.
 * @param metadata - the block's signature or redacted data
 * @returns `{ anthropic: { ... } }`
 */
export function reasoningMetadata(metadata: AnthropicReasoningMetadata): ProviderMetadata {
  return { anthropic: { ...metadata } as { [key: string]: JsonValue } };
}

/**
 * The thinking block a reasoning part stands for, to send back untouched: a `thinking` block with its
 * signature, or a `redacted_thinking` block with its data. A reasoning part without Anthropic data (of
 * another provider, or made by hand) cannot be sent: the API checks the signature.
 * @param part - a reasoning part of an assistant message
 * @returns the block, or undefined when the part has no Anthropic data
 */
export function toThinkingBlock(part: ReasoningPart): ThinkingBlockParam | RedactedThinkingBlockParam | undefined {
  const own = part.providerMetadata?.['anthropic'];
  if (typeof own !== 'object' || own === null || Array.isArray(own)) return undefined;
  const { signature, redactedData } = own as AnthropicReasoningMetadata;
  if (typeof redactedData === 'string') return { type: 'redacted_thinking', data: redactedData };
  if (typeof signature === 'string') return { type: 'thinking', thinking: part.text, signature };
  return undefined;
}
