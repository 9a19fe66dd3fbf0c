import type {
  ContentBlock,
  Message,
  RawContentBlockDelta,
  RawMessageStreamEvent,
  RedactedThinkingBlock,
  StopReason,
  TextBlock,
  ThinkingBlock,
  ToolUseBlock,
  Usage,
} from '@anthropic-ai/sdk/resources/messages';
import type { JsonReply, ServerSentEvent, SseReply } from './fake-anthropic-server';

/** A text block, as the API answers it. */
export function textBlock(text: string): TextBlock {
  return { type: 'text', text, citations: null };
}

/** A `tool_use` block called by the model directly. */
export function toolUseBlock(id: string, name: string, input: unknown): ToolUseBlock {
  return { type: 'tool_use', id, name, input, caller: { type: 'direct' } };
}

/** A thinking block with its signature. */
export function thinkingBlock(thinking: string, signature: string): ThinkingBlock {
  return { type: 'thinking', thinking, signature };
}

/** A redacted thinking block. */
export function redactedThinkingBlock(data: string): RedactedThinkingBlock {
  return { type: 'redacted_thinking', data };
}

/** The usage of a message: every field the API sends, the counts given. */
export function usage(counts: Partial<Usage> = {}): Usage {
  return {
    input_tokens: 12,
    output_tokens: 7,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
    ...counts,
  };
}

/** A whole message as `POST /v1/messages` answers it. */
export function message(content: ContentBlock[], stopReason: StopReason | null = 'end_turn', extra: Partial<Message> = {}): Message {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: usage(),
    ...extra,
  };
}

/** A JSON reply of one message. */
export function messageReply(content: ContentBlock[], stopReason: StopReason | null = 'end_turn', extra: Partial<Message> = {}): JsonReply {
  return { body: message(content, stopReason, extra) };
}

/** An error answer as the API sends it: `{ type: 'error', error: { type, message } }` with a status. */
export function errorReply(status: number, type: string, text: string, headers: Record<string, string> = {}): JsonReply {
  return { status, headers, body: { type: 'error', error: { type, message: text }, request_id: 'req_test' } };
}

/** The `error` event the API sends inside a stream. */
export function errorEvent(type: string, text: string): ServerSentEvent {
  return { type: 'error', error: { type, message: text } };
}

/** A `ping` event. */
export const pingEvent: ServerSentEvent = { type: 'ping' };

/**
 * The events a message is streamed as: `message_start` (no content, no stop reason), per block a
 * `content_block_start` (empty), its deltas in pieces of `piece` characters (`text_delta`, `thinking_delta`
 * and a `signature_delta`, `input_json_delta`) and `content_block_stop`, then `message_delta` (stop reason,
 * output tokens) and `message_stop`.
 * @param whole - the message
 * @param piece - how many characters each delta carries
 * @returns the events, in order
 */
export function streamEvents(whole: Message, piece = 4): RawMessageStreamEvent[] {
  const events: RawMessageStreamEvent[] = [
    { type: 'message_start', message: { ...whole, content: [], stop_reason: null, usage: { ...whole.usage, output_tokens: 1 } } },
  ];
  whole.content.forEach((block, index) => {
    const delta = (made: RawContentBlockDelta) => events.push({ type: 'content_block_delta', index, delta: made });
    switch (block.type) {
      case 'text':
        events.push({ type: 'content_block_start', index, content_block: { ...block, text: '' } });
        for (const text of pieces(block.text, piece)) delta({ type: 'text_delta', text });
        break;
      case 'thinking':
        events.push({ type: 'content_block_start', index, content_block: { ...block, thinking: '', signature: '' } });
        for (const thinking of pieces(block.thinking, piece)) delta({ type: 'thinking_delta', thinking });
        delta({ type: 'signature_delta', signature: block.signature });
        break;
      case 'tool_use':
        events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
        for (const partial_json of pieces(JSON.stringify(block.input), piece)) delta({ type: 'input_json_delta', partial_json });
        break;
      default:
        events.push({ type: 'content_block_start', index, content_block: block });
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({
    type: 'message_delta',
    delta: { stop_reason: whole.stop_reason, stop_sequence: whole.stop_sequence, stop_details: whole.stop_details, container: null },
    usage: {
      output_tokens: whole.usage.output_tokens,
      input_tokens: whole.usage.input_tokens,
      cache_creation_input_tokens: whole.usage.cache_creation_input_tokens,
      cache_read_input_tokens: whole.usage.cache_read_input_tokens,
      output_tokens_details: whole.usage.output_tokens_details,
      server_tool_use: null,
    },
  });
  events.push({ type: 'message_stop' });
  return events;
}

/** A streamed reply of one message (its events as server-sent events). */
export function streamReply(whole: Message, piece = 4): SseReply {
  return { sse: streamEvents(whole, piece) as unknown as ServerSentEvent[] };
}

function pieces(text: string, size: number): string[] {
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
}
