import type { ChatResponse, ModelToolCall, Usage } from '@toolcraft/core';
import { ModelCallError } from '@toolcraft/core';
import type { ChatCompletion, ChatCompletionMessageToolCall } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';

/**
 * Maps a Chat Completions response to the provider-neutral answer: the first choice's
 * text (or its refusal, when the model refused) and function tool calls, and usage.
 * @param completion - the response of `client.chat.completions.create`
 * @returns the assistant message and usage
 * @throws ModelCallError when the response has no choice
 */
export function fromChatCompletion(completion: ChatCompletion): ChatResponse {
  const choice = completion.choices?.[0];
  if (choice === undefined) {
    throw new ModelCallError(`The chat completion '${completion.id}' has no choices.`, { retryable: false });
  }
  const { content, refusal, tool_calls: toolCalls } = choice.message;
  const calls = (toolCalls ?? []).flatMap((call, index) => toModelToolCall(call, index, completion.id));
  const message: ChatResponse['message'] = { role: 'assistant', content: content ?? refusal ?? null };
  if (calls.length > 0) message.toolCalls = calls;
  const usage = completion.usage === undefined ? undefined : fromCompletionUsage(completion.usage);
  return usage === undefined ? { message } : { message, usage };
}

/**
 * Maps OpenAI token counts to {@link Usage}.
 * @param usage - the `usage` of a completion
 * @returns `prompt_tokens` as input, `completion_tokens` as output, and the total
 */
export function fromCompletionUsage(usage: CompletionUsage): Usage {
  return {
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
  };
}

function toModelToolCall(call: ChatCompletionMessageToolCall, index: number, completionId: string): ModelToolCall[] {
  if (call.type !== 'function') return [];
  const id = call.id !== undefined && call.id !== '' ? call.id : `call_${completionId}_${index}`;
  const text = call.function.arguments;
  return [{ id, name: call.function.name, arguments: text === undefined || text === '' ? '{}' : text }];
}
