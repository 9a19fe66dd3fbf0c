import type { ChatResponse, ContentPart, FinishReason, ModelToolCall, ReasoningPart } from '@toolcraft/core';
import type { ContentBlock, Message, StopReason } from '@anthropic-ai/sdk/resources/messages';
import { anthropicError } from './anthropic-provider.js';
import { fromAnthropicUsage } from './anthropic-usage.js';
import { reasoningMetadata } from './reasoning-metadata.js';

/** One answer as it came back: the message, and for a streamed one the JSON text of each tool input, by block index. */
export interface ReceivedMessage {
  message: Message;
  /** The `input_json_delta`s of each `tool_use` block, joined (streams only): the arguments exactly as the model wrote them. */
  inputTexts?: ReadonlyArray<string | undefined>;
}

/**
 * Maps a Messages API answer to the provider-neutral one: thinking blocks as reasoning parts (their
 * `signature`, or a `redacted_thinking` block's `data`, in `providerMetadata.anthropic`, to send back
 * untouched), text blocks as text, `tool_use` blocks as tool calls (arguments: the input as JSON);
 * the stop reason, the usage, the message's id and model. Content is a string when there is no
 * reasoning, parts (reasoning first) when there is. Server-tool blocks (web search results) are not
 * part of the provider-neutral message.
 * @param received - the message (and a stream's tool input texts)
 * @returns the answer
 * @throws ModelCallError (not retryable) for an answer that does not fit: not a message, empty content
 *   with no stop reason, a `tool_use` whose input is not a JSON object
 */
export function fromAnthropicMessage({ message, inputTexts }: ReceivedMessage): ChatResponse {
  if (typeof message !== 'object' || message === null || !Array.isArray(message.content)) {
    throw anthropicError(`Anthropic answered with something that is not a message: ${preview(message)}`);
  }
  if (message.content.length === 0 && message.stop_reason == null) {
    throw anthropicError(`Anthropic answered with empty content and no stop reason (message '${String(message.id)}').`);
  }
  const reasoning: ReasoningPart[] = [];
  const texts: string[] = [];
  const calls: ModelToolCall[] = [];
  message.content.forEach((block: ContentBlock, index) => {
    switch (block.type) {
      case 'text':
        texts.push(block.text);
        break;
      case 'thinking':
        reasoning.push({ type: 'reasoning', text: block.thinking, providerMetadata: reasoningMetadata({ signature: block.signature }) });
        break;
      case 'redacted_thinking':
        reasoning.push({ type: 'reasoning', text: '', providerMetadata: reasoningMetadata({ redactedData: block.data }) });
        break;
      case 'tool_use':
        calls.push({ id: block.id, name: block.name, arguments: toolArguments(block, inputTexts?.[index], message.stop_reason) });
        break;
      default:
        break;
    }
  });
  const finishReason = toFinishReason(message.stop_reason);
  if (finishReason === 'refusal' && texts.length === 0 && typeof message.stop_details?.explanation === 'string') {
    texts.push(message.stop_details.explanation);
  }
  const text = texts.length > 0 ? texts.join('') : null;
  const content: string | null | ContentPart[] =
    reasoning.length > 0 ? [...reasoning, ...texts.map((part) => ({ type: 'text' as const, text: part }))] : text;
  const response: ChatResponse = { message: { role: 'assistant', content } };
  if (calls.length > 0) response.message.toolCalls = calls;
  if (typeof message.usage === 'object' && message.usage !== null) response.usage = fromAnthropicUsage(message.usage);
  if (finishReason !== undefined) response.finishReason = finishReason;
  if (typeof message.id === 'string' && message.id !== '') response.id = message.id;
  if (typeof message.model === 'string' && message.model !== '') response.modelId = message.model;
  return response;
}

/**
 * Maps a stop reason: `end_turn` and `stop_sequence` are `'stop'`, `max_tokens` and
 * `model_context_window_exceeded` are `'length'` (cut off), `tool_use` is `'tool_calls'`, `refusal` is
 * `'refusal'`; another is `'other'`.
 * @param reason - the message's `stop_reason`
 * @returns the finish reason, or undefined when there is none
 */
export function toFinishReason(reason: StopReason | null | undefined): FinishReason | undefined {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'refusal';
    case null:
    case undefined:
      return undefined;
    default:
      return 'other';
  }
}

/**
 * The arguments of a call: a streamed input's JSON text as the model wrote it, or the input as JSON.
 * An input that is not a JSON object is an answer that does not fit, except a streamed one cut off at
 * `max_tokens`, which is kept as it is (its result, an error, tells the model).
 */
function toolArguments(block: Extract<ContentBlock, { type: 'tool_use' }>, inputText: string | undefined, stop: StopReason | null): string {
  const fail = (what: string): never => {
    throw anthropicError(
      `Anthropic answered with a tool_use block for '${block.name}' (${block.id}) whose input is ${what}; a tool's input must be a JSON object.`,
    );
  };
  if (inputText === undefined) {
    if (!isJsonObject(block.input)) fail(describe(block.input));
    return JSON.stringify(block.input);
  }
  if (inputText.trim() === '') return '{}';
  let value: unknown;
  try {
    value = JSON.parse(inputText);
  } catch {
    if (stop === 'max_tokens') return inputText;
    return fail(`not valid JSON (${preview(inputText)})`);
  }
  if (!isJsonObject(value)) fail(describe(value));
  return inputText;
}

function isJsonObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return value === undefined ? 'missing' : preview(JSON.stringify(value));
}

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}
