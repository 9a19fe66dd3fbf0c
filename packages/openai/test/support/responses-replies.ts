import type {
  Response,
  ResponseFunctionToolCall,
  ResponseOutputItem,
  ResponseOutputMessage,
  ResponseReasoningItem,
  ResponseStreamEvent,
  ResponseUsage,
} from 'openai/resources/responses/responses';
import type { EventsReply, HttpReply } from './fake-openai-server';

/**
 * Replies shaped like the Responses API's, typed with the `openai` SDK's own types so the compiler
 * checks them against what the real API sends.
 */

let responseCount = 0;

/** An output message with text (`output_text`), or refusing (`refusal`). */
export function messageItem(
  text: string,
  options: { id?: string; refusal?: boolean; phase?: 'commentary' | 'final_answer' } = {},
): ResponseOutputMessage {
  return {
    type: 'message',
    id: options.id ?? 'msg_1',
    role: 'assistant',
    status: 'completed',
    content: options.refusal === true ? [{ type: 'refusal', refusal: text }] : [{ type: 'output_text', text, annotations: [] }],
    ...(options.phase === undefined ? {} : { phase: options.phase }),
  };
}

/** A function call item. */
export function functionCallItem(callId: string, name: string, args: string, id = `fc_${callId}`): ResponseFunctionToolCall {
  return { type: 'function_call', id, call_id: callId, name, arguments: args, status: 'completed' };
}

/** A reasoning item with a summary and, as `include: ['reasoning.encrypted_content']` asks, its encrypted content. */
export function reasoningItem(id: string, summary: string, encryptedContent?: string): ResponseReasoningItem {
  return {
    type: 'reasoning',
    id,
    summary: summary === '' ? [] : [{ type: 'summary_text', text: summary }],
    ...(encryptedContent === undefined ? {} : { encrypted_content: encryptedContent }),
  };
}

/** Token counts as the Responses API reports them. */
export function usageOf(input: number, output: number, details: { cached?: number; reasoning?: number } = {}): ResponseUsage {
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: details.cached ?? 0, cache_write_tokens: 0 },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: details.reasoning ?? 0 },
    total_tokens: input + output,
  };
}

/** A whole response object (`status: 'completed'` unless told). */
export function responseObject(output: ResponseOutputItem[], overrides: Partial<Response> = {}): Response {
  responseCount += 1;
  return {
    id: `resp_test_${responseCount}`,
    object: 'response',
    created_at: 1_700_000_000,
    model: 'gpt-5-mini-2025-08-07',
    status: 'completed',
    output,
    output_text: '',
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: 'auto',
    tools: [],
    top_p: null,
    usage: usageOf(10, 5),
    ...overrides,
  };
}

/** A 200 JSON reply with a response. */
export function responseReply(output: ResponseOutputItem[], overrides: Partial<Response> = {}): HttpReply {
  return { body: responseObject(output, overrides) };
}

/**
 * The events the Responses API streams for a response, in its order: `response.created`, then per
 * output item `response.output_item.added`, its deltas (text, refusal, function-call arguments,
 * reasoning summary, split in `pieces` parts) and `response.output_item.done`, then
 * `response.completed` (or `response.incomplete` / `response.failed`, as the response's status says).
 * @param response - the response the stream makes up
 * @param pieces - how many deltas each text or argument string is split into
 * @returns the events
 */
export function responseEvents(response: Response, pieces = 2): ResponseStreamEvent[] {
  let sequence = 0;
  const next = () => sequence++;
  const events: ResponseStreamEvent[] = [
    { type: 'response.created', sequence_number: next(), response: { ...response, status: 'in_progress', output: [], usage: undefined } },
  ];
  response.output.forEach((item, outputIndex) => {
    events.push({ type: 'response.output_item.added', sequence_number: next(), output_index: outputIndex, item: emptied(item) });
    if (item.type === 'message') {
      item.content.forEach((part, contentIndex) => {
        for (const delta of split(part.type === 'output_text' ? part.text : part.refusal, pieces)) {
          const common = { sequence_number: next(), output_index: outputIndex, content_index: contentIndex, item_id: item.id, delta };
          events.push(
            part.type === 'output_text'
              ? { type: 'response.output_text.delta', ...common, logprobs: [] }
              : { type: 'response.refusal.delta', ...common },
          );
        }
      });
    } else if (item.type === 'function_call') {
      for (const delta of split(item.arguments, pieces)) {
        events.push({
          type: 'response.function_call_arguments.delta',
          sequence_number: next(),
          output_index: outputIndex,
          item_id: item.id!,
          delta,
        });
      }
      events.push({
        type: 'response.function_call_arguments.done',
        sequence_number: next(),
        output_index: outputIndex,
        item_id: item.id!,
        name: item.name,
        arguments: item.arguments,
      });
    } else if (item.type === 'reasoning') {
      item.summary.forEach((part, summaryIndex) => {
        for (const delta of split(part.text, pieces)) {
          events.push({
            type: 'response.reasoning_summary_text.delta',
            sequence_number: next(),
            output_index: outputIndex,
            summary_index: summaryIndex,
            item_id: item.id,
            delta,
          });
        }
      });
    }
    events.push({ type: 'response.output_item.done', sequence_number: next(), output_index: outputIndex, item });
  });
  const type =
    response.status === 'incomplete' ? 'response.incomplete' : response.status === 'failed' ? 'response.failed' : 'response.completed';
  events.push({ type, sequence_number: next(), response } as ResponseStreamEvent);
  return events;
}

/** A streamed reply of {@link responseEvents}. */
export function streamedReply(response: Response, extra: Omit<EventsReply, 'events'> = {}): EventsReply {
  return { events: responseEvents(response), ...extra };
}

/** The item as `response.output_item.added` announces it: before its text or arguments arrive. */
function emptied(item: ResponseOutputItem): ResponseOutputItem {
  if (item.type === 'message') return { ...item, status: 'in_progress', content: [] };
  if (item.type === 'function_call') return { ...item, status: 'in_progress', arguments: '' };
  if (item.type === 'reasoning') return { ...item, summary: [] };
  return item;
}

function split(text: string, pieces: number): string[] {
  if (text === '') return [];
  const size = Math.ceil(text.length / pieces);
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts;
}
