import type { LanguageModelV3FinishReason, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import type { ChatResponse } from '@toolcraft/core';
import { type OpenPart, ResponseBuilder } from './response-builder.js';

/**
 * Assembles a `doStream` answer from its parts, as `streamText` does: text and reasoning by id (each
 * delta's or end's provider metadata replacing the one before, when it has one), whole tool calls
 * (their `tool-input-*` deltas are not needed), files, provider-executed parts, the response
 * metadata, and the finish part's usage and reason.
 */
export class StreamAccumulator {
  private readonly builder = new ResponseBuilder();
  private readonly open = new Map<string, OpenPart>();
  private finishReason: LanguageModelV3FinishReason | undefined;
  private usage: LanguageModelV3Usage | undefined;
  /** Whether the `finish` part came. */
  finished = false;
  /** The error of an `error` part, once one came (the stream failed). */
  failure: { error: unknown } | undefined;

  /**
   * Adds one part.
   * @param part - the stream's part
   * @returns the text delta to yield, if the part is one (an `error` part sets {@link StreamAccumulator.failure})
   */
  add(part: LanguageModelV3StreamPart): string | undefined {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start':
        this.open.set(
          key(part.type, part.id),
          this.builder.open(part.type === 'text-start' ? 'text' : 'reasoning', '', part.providerMetadata),
        );
        return undefined;
      case 'text-delta':
      case 'reasoning-delta': {
        const kind = part.type === 'text-delta' ? 'text' : 'reasoning';
        const open = this.partOf(kind, part.id);
        open.part.text += part.delta;
        if (part.providerMetadata !== undefined) open.metadata = part.providerMetadata;
        return kind === 'text' && part.delta !== '' ? part.delta : undefined;
      }
      case 'text-end':
      case 'reasoning-end': {
        const kind = part.type === 'text-end' ? 'text' : 'reasoning';
        const open = this.open.get(key(kind, part.id));
        if (open !== undefined && part.providerMetadata !== undefined) open.metadata = part.providerMetadata;
        this.open.delete(key(kind, part.id));
        return undefined;
      }
      case 'tool-call':
      case 'tool-result':
      case 'file':
        this.builder.add(part);
        return undefined;
      case 'response-metadata':
        this.builder.setResponseMetadata(part);
        return undefined;
      case 'finish':
        this.finishReason = part.finishReason;
        this.usage = part.usage;
        this.finished = true;
        return undefined;
      case 'error':
        this.failure ??= { error: part.error };
        return undefined;
      default:
        return undefined; // stream-start, tool-input-*, sources, approval requests, raw chunks
    }
  }

  /** @returns the whole answer */
  response(): ChatResponse {
    return this.builder.response(this.finishReason, this.usage);
  }

  /** The open part of an id; a delta without its start opens one (a provider that skips starts). */
  private partOf(kind: 'text' | 'reasoning', id: string): OpenPart {
    let open = this.open.get(key(kind, id));
    if (open === undefined) {
      open = this.builder.open(kind, '');
      this.open.set(key(kind, id), open);
    }
    return open;
  }
}

function key(kind: string, id: string): string {
  return `${kind.startsWith('text') ? 'text' : 'reasoning'}:${id}`;
}
