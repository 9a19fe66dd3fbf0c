import { contentText, ModelCallError, type AssistantMessage, type ChatMessage, type ContentPart, type ToolMessage } from '@toolcraft/core';
import type {
  ResponseFunctionCallOutputItem,
  ResponseInputContent,
  ResponseInputItem,
  ResponseOutputMessage,
} from 'openai/resources/responses/responses';
import { toResponsesFile, toResponsesImageUrl } from './responses-media.js';
import { readItemData, readMessageItems } from './responses-provider-data.js';

/** How the transcript is sent: what the server keeps decides how reasoning items go back. */
export interface ResponsesInputOptions {
  /** Whether responses are stored (`store`): a stored reasoning item is sent back by its id. */
  store: boolean;
}

/**
 * Maps the provider-neutral transcript to the Responses API `input` items, in order:
 * - a system message: a `system` message in place (the transcript's positions kept; `instructions` is left to the caller);
 * - a user message: a `user` message of `input_text`, `input_image` (a URL, or the data as a data
 *   URL) and `input_file` (`file_url`, or `file_data` with a file name) parts;
 * - an assistant message: its reasoning parts as `reasoning` items (by `item_reference` with
 *   `store: true`; else the whole item with its `encrypted_content`, or left out when it has none),
 *   its text as `output_text` messages (with the `phase` they came with), then its tool calls as
 *   `function_call` items (`call_id`, `name`, `arguments`; the item ids stay in the transcript);
 * - a tool message: a `function_call_output` answering its `call_id`, text or parts (text, images,
 *   files); a failed call's output starts with `Error:`.
 * @param messages - the provider-neutral transcript
 * @param options - whether responses are stored
 * @returns the `input` parameter
 * @throws ModelCallError (not retryable) for parts a message cannot hold (a user's reasoning, an
 *   assistant's image or file, a tool's reasoning), naming where
 */
export function toResponsesInput(messages: readonly ChatMessage[], options: ResponsesInputOptions): ResponseInputItem[] {
  const input: ResponseInputItem[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        input.push({ type: 'message', role: 'system', content: message.content });
        break;
      case 'user':
        input.push({
          type: 'message',
          role: 'user',
          content: typeof message.content === 'string' ? message.content : message.content.map(toUserContent),
        });
        break;
      case 'assistant':
        input.push(...assistantItems(message, options));
        break;
      case 'tool':
        input.push({ type: 'function_call_output', call_id: message.toolCallId, output: toolOutput(message) });
        break;
    }
  }
  return input;
}

function toUserContent(part: ContentPart, index: number): ResponseInputContent {
  switch (part.type) {
    case 'text':
      return { type: 'input_text', text: part.text };
    case 'image':
      return { type: 'input_image', image_url: toResponsesImageUrl(part), detail: 'auto' };
    case 'file':
      return { type: 'input_file', ...toResponsesFile(part, index) };
    case 'reasoning':
      throw refused('A user message holds a reasoning part, which only an assistant message may hold.');
  }
}

function assistantItems(message: AssistantMessage, { store }: ResponsesInputOptions): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  const parts: readonly ContentPart[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
  const messageItems = readMessageItems(message.providerMetadata);
  let texts = 0;
  for (const part of parts) {
    if (part.type === 'reasoning') {
      const item = reasoningItem(part.text, readItemData(part.providerMetadata), store);
      if (item !== undefined) items.push(item);
    } else if (part.type === 'text') {
      const { phase } = messageItems[texts++] ?? {};
      if (part.text !== '') items.push(outputMessage(part.text, phase));
    } else {
      throw refused(
        `An assistant message holds ${part.type === 'image' ? 'an image' : 'a file'}, which OpenAI takes only from a user or a tool.`,
      );
    }
  }
  for (const call of message.toolCalls ?? []) {
    items.push({ type: 'function_call', call_id: call.id, name: call.name, arguments: call.arguments });
  }
  return items;
}

/**
 * A reasoning item to send back: stored ones by reference, others whole with their encrypted
 * content. One without either (another provider's, or kept without `encrypted_content`) cannot be
 * sent: the server would look for an item it never stored, so it is left out (the answer that
 * followed it still goes).
 */
function reasoningItem(text: string, data: ReturnType<typeof readItemData>, store: boolean): ResponseInputItem | undefined {
  const { itemId, encryptedContent } = data;
  if (store && itemId !== undefined && encryptedContent === undefined) return { type: 'item_reference', id: itemId };
  if (encryptedContent === undefined) return undefined;
  return {
    type: 'reasoning',
    ...(itemId === undefined ? {} : { id: itemId }),
    summary: text === '' ? [] : [{ type: 'summary_text', text }],
    encrypted_content: encryptedContent,
  } as ResponseInputItem;
}

function outputMessage(text: string, phase: string | undefined): ResponseInputItem {
  // The API takes an earlier answer as an output message without the id it had (`store: false` could not resolve it).
  const message: Omit<ResponseOutputMessage, 'id' | 'status'> = {
    type: 'message',
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
  if (phase === 'commentary' || phase === 'final_answer') message.phase = phase;
  return message as ResponseInputItem;
}

function toolOutput(message: ToolMessage): string | ResponseFunctionCallOutputItem[] {
  if (typeof message.content === 'string') {
    return message.isError === true && !/^error\b/i.test(message.content) ? `Error: ${message.content}` : message.content;
  }
  const output = message.content.map((part, index): ResponseFunctionCallOutputItem => {
    switch (part.type) {
      case 'text':
        return { type: 'input_text', text: part.text };
      case 'image':
        return { type: 'input_image', image_url: toResponsesImageUrl(part) };
      case 'file':
        return { type: 'input_file', ...toResponsesFile(part, index) };
      case 'reasoning':
        throw refused(`Tool '${message.name}' answered with a reasoning part, which only an assistant message may hold.`);
    }
  });
  if (message.isError === true && !/^error\b/i.test(contentText(message.content))) output.unshift({ type: 'input_text', text: 'Error:' });
  return output;
}

function refused(message: string): ModelCallError {
  return new ModelCallError(message, { retryable: false, provider: 'openai' });
}
