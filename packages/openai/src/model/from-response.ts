import type { ChatResponse, ContentPart, FinishReason, ModelToolCall } from '@toolcraft/core';
import type { Response, ResponseOutputItem } from 'openai/resources/responses/responses';
import { responseFailure, unreadableResponse } from './response-failure.js';
import { toMessageMetadata, toProviderMetadata, type ResponsesItemData } from './responses-provider-data.js';
import { detail, toUsage } from './usage-details.js';

/** The answer's pieces, read from the output items in order. */
interface ReadOutput {
  parts: ContentPart[];
  reasoning: number;
  messages: ResponsesItemData[];
  refusal?: string;
  calls: ModelToolCall[];
  kinds: string[];
}

/**
 * Maps a Responses API response (`client.responses.create`, or the last event of a stream) to the
 * provider-neutral answer:
 * - reasoning items become reasoning parts (their summary, else their text), each with its item id
 *   and `encrypted_content` under `providerMetadata.openai`, for the next turn;
 * - output messages become the text (a string, or text parts after the reasoning), their ids and
 *   phases kept in the message's `providerMetadata.openai.messages`; a message that only refuses
 *   gives the refusal text and finish reason `'refusal'`;
 * - `function_call` items become tool calls (`call_id`, name, argument string, `{}` when empty;
 *   the item id in `providerMetadata.openai`); a call the output cut off (`status: 'incomplete'`)
 *   is left out, since its arguments are not whole;
 * - status `incomplete` finishes with `'length'` (`max_output_tokens`) or `'content_filter'`;
 *   otherwise `'tool_calls'` with calls, else `'stop'`;
 * - usage with `cachedInputTokens` and `reasoningTokens`, the response's id and model.
 * @param response - the response
 * @param model - the model asked for, for error messages
 * @returns the assistant message, usage, finish reason, id and model
 * @throws ModelCallError for a failed response (retryable by its code), a cancelled or unfinished
 *   (background) one, an answer that is not a response, or a completed one with nothing in it
 */
export function fromResponse(response: Response, model: string): ChatResponse {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) {
    const kind = response === null ? 'null' : Array.isArray(response) ? 'an array' : `a ${typeof response}`;
    throw unreadableResponse(model, `the server answered with ${kind} instead of a response object`);
  }
  const what = typeof response.id === 'string' && response.id !== '' ? `the response '${response.id}'` : 'the response';
  const { status } = response;
  if (status === 'failed' || (response.error !== null && response.error !== undefined)) throw responseFailure(model, response.error, what);
  if (status === 'cancelled' || status === 'queued' || status === 'in_progress') {
    throw unreadableResponse(model, `${what} came back with status '${status}' (background responses are not supported)`);
  }
  if (!Array.isArray(response.output)) throw unreadableResponse(model, `${what} has no output list`);
  const read = readOutput(response.output);
  const finishReason = finishReasonOf(response, read);
  // A refusal is the answer's text when the model said nothing else.
  if (read.refusal !== undefined && !read.parts.some((part) => part.type === 'text')) read.parts.push({ type: 'text', text: read.refusal });
  const texts = read.parts.filter((part) => part.type === 'text');
  if (texts.length === 0 && read.calls.length === 0 && finishReason !== 'length' && finishReason !== 'content_filter') {
    throw unreadableResponse(model, `${what} holds no message and no function call (output: ${read.kinds.join(', ') || 'none'})`);
  }
  const content: ChatResponse['message']['content'] =
    read.reasoning > 0 || texts.length > 1 ? read.parts : texts.length === 1 ? texts[0]!.text : null;
  const message: ChatResponse['message'] = { role: 'assistant', content };
  if (read.calls.length > 0) message.toolCalls = read.calls;
  const metadata = toMessageMetadata(read.messages);
  if (metadata !== undefined) message.providerMetadata = metadata;
  const answer: ChatResponse = { message, finishReason };
  const { usage } = response;
  if (typeof usage === 'object' && usage !== null) {
    answer.usage = toUsage({
      input: usage.input_tokens,
      output: usage.output_tokens,
      total: usage.total_tokens,
      cached: detail(usage.input_tokens_details, 'cached_tokens'),
      reasoning: detail(usage.output_tokens_details, 'reasoning_tokens'),
    });
  }
  if (typeof response.id === 'string' && response.id !== '') answer.id = response.id;
  if (typeof response.model === 'string' && response.model !== '') answer.modelId = response.model;
  return answer;
}

function readOutput(output: readonly ResponseOutputItem[]): ReadOutput {
  const read: ReadOutput = { parts: [], reasoning: 0, messages: [], calls: [], kinds: [] };
  for (const item of output) {
    if (typeof item !== 'object' || item === null) continue;
    read.kinds.push(String(item.type));
    if (item.type === 'reasoning') {
      const texts = (item.summary?.length ? item.summary : (item.content ?? [])).map((piece) => piece.text);
      const providerMetadata = toProviderMetadata({ itemId: item.id, encryptedContent: item.encrypted_content ?? undefined });
      read.parts.push({ type: 'reasoning', text: texts.join('\n\n'), ...(providerMetadata === undefined ? {} : { providerMetadata }) });
      read.reasoning++;
    } else if (item.type === 'message') {
      const pieces = Array.isArray(item.content) ? item.content : [];
      const texts = pieces.flatMap((piece) => (piece.type === 'output_text' && typeof piece.text === 'string' ? [piece.text] : []));
      const refusals = pieces.flatMap((piece) => (piece.type === 'refusal' && typeof piece.refusal === 'string' ? [piece.refusal] : []));
      if (texts.length > 0) {
        read.parts.push({ type: 'text', text: texts.join('') });
        read.messages.push({ ...(item.id ? { itemId: item.id } : {}), ...(item.phase ? { phase: item.phase } : {}) });
      } else if (refusals.length > 0) read.refusal = (read.refusal ?? '') + refusals.join('');
    } else if (item.type === 'function_call' && item.status !== 'incomplete') {
      const providerMetadata = toProviderMetadata({ itemId: item.id });
      read.calls.push({
        id: typeof item.call_id === 'string' ? item.call_id : '',
        name: typeof item.name === 'string' ? item.name : '',
        arguments: typeof item.arguments === 'string' && item.arguments !== '' ? item.arguments : '{}',
        ...(providerMetadata === undefined ? {} : { providerMetadata }),
      });
    }
  }
  return read;
}

function finishReasonOf(response: Response, read: ReadOutput): FinishReason {
  if (response.status === 'incomplete') {
    const reason = response.incomplete_details?.reason;
    return reason === 'max_output_tokens' ? 'length' : reason === 'content_filter' ? 'content_filter' : 'other';
  }
  if (read.refusal !== undefined && !read.parts.some((part) => part.type === 'text')) return 'refusal';
  return read.calls.length > 0 ? 'tool_calls' : 'stop';
}
