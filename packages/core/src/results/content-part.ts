/** A JSON value: what provider data may hold so that it survives a round trip through JSON. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Data a provider needs back on a later turn (a Gemini thought signature, an Anthropic thinking
 * block's signature, an OpenAI Responses reasoning item), keyed by provider:
 * `{ google: { thoughtSignature: '...' } }`. Kept untouched in the transcript, sessions, `RunState` and
 * checkpoints; an adapter reads only its own key.
 */
export type ProviderMetadata = Record<string, JsonValue>;

/** Text. */
export interface TextPart {
  type: 'text';
  text: string;
}

/** An image: base64 data (no `data:` prefix) or a URL, with its media type (`'image/png'`). */
export interface ImagePart {
  type: 'image';
  data: string | URL;
  mediaType: string;
}

/** A file (a PDF, say): base64 data or a URL, with its media type and, optionally, a file name. */
export interface FilePart {
  type: 'file';
  data: string | URL;
  mediaType: string;
  filename?: string;
}

/**
 * The model's reasoning (assistant messages only): its text, possibly a summary or empty when the
 * provider hides it, and what the provider needs to get it back (`providerMetadata`).
 */
export interface ReasoningPart {
  type: 'reasoning';
  text: string;
  providerMetadata?: ProviderMetadata;
}

/** One part of a message's content. A plain string stays valid wherever content is accepted. */
export type ContentPart = TextPart | ImagePart | FilePart | ReasoningPart;
