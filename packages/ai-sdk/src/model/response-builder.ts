import type {
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3ResponseMetadata,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
} from '@ai-sdk/provider';
import type {
  AssistantMessage,
  ChatResponse,
  ContentPart,
  JsonValue,
  ModelToolCall,
  ProviderMetadata,
  ReasoningPart,
  TextPart,
} from '@toolcraft/core';
import { type AssistantExtras, extrasKey } from './assistant-extras.js';
import { filePartOf, providerPartOf, toolCallOf } from './content-conversions.js';
import { fromFinishReason } from './finish-reason.js';
import { fromUsage } from './usage.js';

/** A part of the answer, with its provider metadata. */
interface BuiltPart {
  part: ContentPart;
  metadata?: SharedV3ProviderMetadata;
}

/** A text or reasoning part being filled (a stream's deltas), with its provider metadata. */
export interface OpenPart extends BuiltPart {
  part: TextPart | ReasoningPart;
}

/**
 * Builds the provider-neutral answer from an AI SDK model's content, in order: text and reasoning
 * (with their provider metadata), generated files as image or file parts, the tool calls toolcraft
 * runs, and the parts of tools the provider ran itself (kept for the next turn, not run). Sources and
 * approval requests of provider tools are not part of the neutral message and are left out.
 */
export class ResponseBuilder {
  private readonly parts: BuiltPart[] = [];
  private readonly calls: ModelToolCall[] = [];
  private readonly providerParts: Array<{ position: number; part: JsonValue }> = [];
  private metadata: LanguageModelV3ResponseMetadata = {};

  /**
   * Adds one content part of a `doGenerate` result (or a whole part of a stream: a tool call, a file).
   * @param content - the part
   */
  add(content: LanguageModelV3Content): void {
    switch (content.type) {
      case 'text':
      case 'reasoning':
        this.open(content.type, content.text, content.providerMetadata);
        break;
      case 'file':
        this.parts.push({ part: filePartOf(content) });
        break;
      case 'tool-call':
        if (content.providerExecuted === true) this.keepProviderPart(providerPartOf(content));
        else this.calls.push(toolCallOf(content));
        break;
      case 'tool-result':
        this.keepProviderPart(providerPartOf(content));
        break;
      default:
        break;
    }
  }

  /**
   * Starts a text or reasoning part.
   * @param type - `'text'` or `'reasoning'`
   * @param text - its text so far
   * @param metadata - its provider metadata, if any
   * @returns the part, to fill with deltas
   */
  open(type: 'text' | 'reasoning', text: string, metadata?: SharedV3ProviderMetadata): OpenPart {
    const open: OpenPart = { part: { type, text }, ...(metadata === undefined ? {} : { metadata }) };
    this.parts.push(open);
    return open;
  }

  /** @param metadata - the response's id, model and timestamp, as the provider gave them */
  setResponseMetadata(metadata: LanguageModelV3ResponseMetadata | undefined): void {
    if (metadata === undefined) return;
    const { id, modelId, timestamp } = metadata;
    this.metadata = { ...this.metadata, ...withoutUndefined({ id, modelId, timestamp }) };
  }

  /**
   * The answer.
   * @param finishReason - why the model stopped
   * @param usage - the token counts
   * @returns the response
   */
  response(finishReason: LanguageModelV3FinishReason | undefined, usage: LanguageModelV3Usage | undefined): ChatResponse {
    // Empty text parts without metadata (a stream's text-start, text-end with nothing between) are left out.
    const kept = this.parts.map((open) =>
      open.part.type === 'text' && open.part.text === '' && open.metadata === undefined ? undefined : open,
    );
    const parts = kept.filter((open): open is BuiltPart => open !== undefined);
    const message: AssistantMessage = { role: 'assistant', content: this.content(parts) };
    if (this.calls.length > 0) message.toolCalls = this.calls;
    const extras = this.extras(parts, kept);
    if (extras !== undefined) message.providerMetadata = { [extrasKey]: extras as JsonValue };
    const response: ChatResponse = { message };
    if (usage !== undefined) response.usage = fromUsage(usage);
    const reason = fromFinishReason(finishReason, this.calls.length > 0);
    if (reason !== undefined) response.finishReason = reason;
    if (this.metadata.id !== undefined) response.id = this.metadata.id;
    if (this.metadata.modelId !== undefined) response.modelId = this.metadata.modelId;
    return response;
  }

  private keepProviderPart(part: JsonValue): void {
    this.providerParts.push({ position: this.parts.length, part });
  }

  /** A string when the answer is plain text (or null when there is none), else the parts in order. */
  private content(parts: readonly BuiltPart[]): string | null | ContentPart[] {
    const plain = parts.every(({ part, metadata }) => part.type === 'text' && metadata === undefined) && this.providerParts.length === 0;
    if (plain) return parts.length === 0 ? null : parts.map(({ part }) => (part as TextPart).text).join('');
    return parts.map(({ part, metadata }) =>
      part.type === 'reasoning' && metadata !== undefined ? { ...part, providerMetadata: metadata as ProviderMetadata } : { ...part },
    );
  }

  /** The text parts' metadata and the provider parts (their positions counted in kept parts). */
  private extras(parts: readonly BuiltPart[], kept: ReadonlyArray<BuiltPart | undefined>): AssistantExtras | undefined {
    const extras: AssistantExtras = {};
    const texts = parts.filter(({ part }) => part.type === 'text');
    if (texts.some(({ metadata }) => metadata !== undefined)) {
      extras.textMetadata = texts.map(({ metadata }) => (metadata === undefined ? null : (metadata as ProviderMetadata)));
    }
    if (this.providerParts.length > 0) {
      extras.providerParts = this.providerParts.map(({ position, part }) => ({
        position: kept.slice(0, position).filter((open) => open !== undefined).length,
        part,
      }));
    }
    return extras.textMetadata === undefined && extras.providerParts === undefined ? undefined : extras;
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
