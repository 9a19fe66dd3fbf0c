import {
  contentText,
  type AssistantMessage,
  type ChatMessage,
  type ChatResponse,
  type ContentPart,
  type FinishReason,
} from '@toolcraft/core';

/** One part of a message, as the GenAI conventions' message schema has it. */
type MessagePart =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'blob'; modality: string; mime_type: string; content: string }
  | { type: 'uri'; modality: string; mime_type: string; uri: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: string };

/** A message of `gen_ai.input.messages` (and, with `finish_reason`, of `gen_ai.output.messages`). */
interface GenAIMessage {
  role: ChatMessage['role'];
  parts: MessagePart[];
  name?: string;
}

/**
 * The `gen_ai.input.messages` of a request: the conventions' JSON, each message with its `role` and
 * `parts` (`text`, `tool_call` with the arguments parsed from JSON, `tool_call_response`).
 * @param messages - the request's transcript
 * @returns the attribute's JSON text
 */
export function inputMessages(messages: readonly ChatMessage[]): string {
  return JSON.stringify(messages.map(genAIMessage));
}

/**
 * The `gen_ai.output.messages` of an answer: its one assistant message, with its `finish_reason`.
 * @param response - the model's answer
 * @returns the attribute's JSON text
 */
export function outputMessages(response: ChatResponse): string {
  return JSON.stringify([{ ...genAIMessage(response.message), finish_reason: finishReasonOf(response) }]);
}

function genAIMessage(message: ChatMessage): GenAIMessage {
  switch (message.role) {
    case 'system':
      return { role: message.role, parts: [{ type: 'text', content: message.content }] };
    case 'user':
      return { role: message.role, parts: contentParts(message.content) };
    case 'assistant':
      return { role: 'assistant', parts: assistantParts(message) };
    case 'tool':
      return {
        role: 'tool',
        name: message.name,
        parts: [{ type: 'tool_call_response', id: message.toolCallId, response: contentText(message.content) }],
      };
  }
}

function assistantParts(message: AssistantMessage): MessagePart[] {
  const parts: MessagePart[] = [];
  if (message.content !== null && message.content !== '') parts.push(...contentParts(message.content));
  for (const call of message.toolCalls ?? [])
    parts.push({ type: 'tool_call', id: call.id, name: call.name, arguments: parsed(call.arguments) });
  return parts;
}

/** Content as the conventions' parts: text, reasoning, and images and files as a `blob` (base64) or a `uri`. */
function contentParts(content: string | readonly ContentPart[]): MessagePart[] {
  if (typeof content === 'string') return [{ type: 'text', content }];
  return content.map((part): MessagePart => {
    switch (part.type) {
      case 'text':
        return { type: 'text', content: part.text };
      case 'reasoning':
        return { type: 'reasoning', content: part.text };
      default: {
        const modality = part.type === 'image' ? 'image' : (part.mediaType.split('/')[0] ?? 'file');
        return part.data instanceof URL
          ? { type: 'uri', modality, mime_type: part.mediaType, uri: part.data.href }
          : { type: 'blob', modality, mime_type: part.mediaType, content: part.data };
      }
    }
  });
}

/** The conventions' finish reasons (`tool_call`, not `tool_calls`); toolcraft's others as they are. */
function finishReasonOf(response: ChatResponse): string {
  const reason: FinishReason | undefined = response.finishReason;
  if (reason === undefined) return response.message.toolCalls?.length ? 'tool_call' : 'stop';
  return reason === 'tool_calls' ? 'tool_call' : reason;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
