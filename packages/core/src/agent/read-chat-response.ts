import { generateCallId } from '../environment/call-ids.js';
import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { ModelCallError } from '../errors/model-call-error.js';
import type { ChatResponse, FinishReason } from '../model/chat-model.js';
import type { AssistantMessage, ModelToolCall } from '../model/messages.js';
import type { ProviderMetadata } from '../results/content-part.js';
import { readMessageContent } from './read-message-content.js';
import { readUsage } from './read-usage.js';

const expectedShape =
  "{ message: { role: 'assistant', content: string | null | ContentPart[], toolCalls?: { id, name, arguments, providerMetadata? }[], providerMetadata? }, usage? }";
const finishReasons: ReadonlySet<string> = new Set<FinishReason>(['stop', 'length', 'tool_calls', 'content_filter', 'refusal', 'other']);

/**
 * Reads what a {@link ChatModel}'s `complete()` resolved with, trusting nothing, into a fresh
 * response for the transcript: `content` is a string or `null` (an array of text parts is joined,
 * as `@toolcraft/openai` reads them; a number or other object counts as no text), or the parts when
 * they hold reasoning, images or files; `providerMetadata` objects are kept; every tool call
 * has an id (generated when the model sent none) and string arguments (an object is sent as its
 * JSON text), usage counts are numbers (numeric strings read, junk ignored), and the response's
 * `id` and `modelId` are kept when they are non-empty strings.
 * @param reply - the value the model's promise resolved with
 * @returns the response
 * @throws ModelCallError (`retryable: false`) for a reply that is not a response: not an object, no
 *   message object, `toolCalls` not an array, a tool call that is not an object or has no string name,
 *   or a reply whose fields cannot be read
 * @internal
 */
export function readChatResponse(reply: unknown): ChatResponse {
  try {
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) throw malformed(`the reply is ${kindOf(reply)}`);
    const { message, usage: rawUsage, finishReason: rawFinish, id, modelId } = reply as Record<string, unknown>;
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      throw malformed(`its message is ${kindOf(message)}`);
    }
    const { content, toolCalls, providerMetadata } = message as Record<string, unknown>;
    const calls = readToolCalls(toolCalls);
    // Built whole (a field added to a smaller object allocates a second store for it).
    const read: AssistantMessage =
      calls === undefined
        ? { role: 'assistant', content: readMessageContent(content) }
        : { role: 'assistant', content: readMessageContent(content), toolCalls: calls };
    if (isObject(providerMetadata)) read.providerMetadata = providerMetadata as ProviderMetadata;
    const usage = readUsage(rawUsage);
    const finishReason = typeof rawFinish === 'string' ? (finishReasons.has(rawFinish) ? (rawFinish as FinishReason) : 'other') : undefined;
    const response: ChatResponse = { message: read };
    if (usage !== undefined) response.usage = usage;
    if (finishReason !== undefined) response.finishReason = finishReason;
    // The provider's response id and model (for traces), when they are strings.
    if (typeof id === 'string' && id !== '') response.id = id;
    if (typeof modelId === 'string' && modelId !== '') response.modelId = modelId;
    return response;
  } catch (error) {
    if (ModelCallError.isInstance(error)) throw error;
    throw malformed(`reading it threw: ${describeThrownValue(error)}`, error);
  }
}

function readToolCalls(value: unknown): ModelToolCall[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw malformed(`its message.toolCalls is ${kindOf(value)}, not an array`);
  // Sized at once (an empty array grown by push would reserve 17 slots).
  const calls = new Array<ModelToolCall>(value.length);
  for (let index = 0; index < value.length; index++) {
    const call: unknown = value[index];
    if (typeof call !== 'object' || call === null) throw malformed(`its message.toolCalls[${index}] is ${kindOf(call)}, not a tool call`);
    const { id, name, arguments: raw, providerMetadata } = call as Record<string, unknown>;
    if (typeof name !== 'string') throw malformed(`its message.toolCalls[${index}].name is ${kindOf(name)}, not a string`);
    const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '{}' : JSON.stringify(raw);
    const read: ModelToolCall = { id: typeof id === 'string' && id !== '' ? id : generateCallId(), name, arguments: text ?? '{}' };
    if (isObject(providerMetadata)) read.providerMetadata = providerMetadata as ProviderMetadata;
    calls[index] = read;
  }
  return calls;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function malformed(what: string, cause?: unknown): ModelCallError {
  return new ModelCallError(`The model's reply is not a chat response: ${what}; expected ${expectedShape}.`, {
    retryable: false,
    ...(cause === undefined ? {} : { cause }),
  });
}
