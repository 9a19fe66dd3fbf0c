import type { JsonValue, ProviderMetadata } from '@toolcraft/core';

/** The key under which this adapter keeps what Gemini needs back (`providerMetadata.google`). */
export const metadataKey = 'google';

/** What `providerMetadata.google` of a tool call or a reasoning part may hold. */
export interface GooglePartMetadata {
  /** The part's `thoughtSignature`, sent back on the same part. */
  thoughtSignature?: string;
  /** The id Gemini gave the function call (Gemini 3 gives ids; 2.5 on the Gemini API does not). */
  callId?: string;
}

/**
 * Reads this adapter's entry of a part's or call's provider metadata; other providers' keys are never read.
 * @param metadata - the `providerMetadata`, if any
 * @returns the signature and call id found, each only when it is a string
 */
export function readPartMetadata(metadata: ProviderMetadata | undefined): GooglePartMetadata {
  const entry = metadata?.[metadataKey];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return {};
  const { thoughtSignature, callId } = entry;
  return {
    ...(typeof thoughtSignature === 'string' ? { thoughtSignature } : {}),
    ...(typeof callId === 'string' ? { callId } : {}),
  };
}

/**
 * Builds provider metadata holding this adapter's entry, or nothing when the entry would be empty.
 * @param entry - the fields to keep (undefined ones are left out)
 * @returns `{ google: entry }`, or undefined
 */
export function partMetadata(entry: Record<string, JsonValue | undefined>): ProviderMetadata | undefined {
  const fields = Object.entries(entry).filter((field): field is [string, JsonValue] => field[1] !== undefined);
  return fields.length === 0 ? undefined : { [metadataKey]: Object.fromEntries(fields) };
}

/**
 * Reads the signatures of an assistant message's text parts (`providerMetadata.google.textSignatures`:
 * one entry per text part of the content, in order, `null` for a part without one; a string content
 * counts as one text part).
 * @param metadata - the assistant message's `providerMetadata`, if any
 * @returns the signatures, by text part
 */
export function readTextSignatures(metadata: ProviderMetadata | undefined): Array<string | undefined> {
  const entry = metadata?.[metadataKey];
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
  const signatures = entry.textSignatures;
  return Array.isArray(signatures) ? signatures.map((signature) => (typeof signature === 'string' ? signature : undefined)) : [];
}
