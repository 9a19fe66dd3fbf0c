import type { ChatResponse, FinishReason, ModelToolCall, Usage } from '@toolcraft/core';
import { ModelCallError } from '@toolcraft/core';
import { readMessageText } from '@toolcraft/core/internal';
import type { ChatCompletion, ChatCompletionMessageToolCall } from 'openai/resources/chat/completions';
import type { CompletionUsage } from 'openai/resources/completions';
import { detail, toUsage } from './usage-details.js';

/**
 * Maps a Chat Completions response to the provider-neutral answer: the first choice's
 * text (or its refusal, when the model refused) and function tool calls, usage, and the
 * response's id and model.
 * @param completion - the response of `client.chat.completions.create`
 * @returns the assistant message and usage
 * @throws ModelCallError when the response is not an object, has no choice, or is an error body
 */
export function fromChatCompletion(completion: ChatCompletion): ChatResponse {
  if (typeof completion !== 'object' || completion === null || Array.isArray(completion)) {
    const kind = completion === null ? 'null' : Array.isArray(completion) ? 'an array' : `a ${typeof completion}`;
    throw new ModelCallError(`The model server answered with ${kind} instead of a chat completion object.`, {
      retryable: false,
      provider: 'openai',
    });
  }
  const choice: ChatCompletion['choices'][number] | null | undefined = Array.isArray(completion.choices)
    ? completion.choices[0]
    : undefined;
  if (typeof choice !== 'object' || choice === null) {
    // Some OpenAI-compatible servers answer 200 with an error body instead of an error status.
    const error = (completion as { error?: { message?: string; code?: unknown } }).error;
    if (error !== undefined) {
      throw new ModelCallError(`The model server answered with an error: ${error.message ?? JSON.stringify(error)}`, {
        retryable: false,
        provider: 'openai',
        cause: error,
      });
    }
    const id = typeof completion.id === 'string' ? ` '${completion.id}'` : '';
    throw new ModelCallError(`The chat completion${id} has no choices.`, { retryable: false, provider: 'openai' });
  }
  const { content: rawContent, refusal: rawRefusal, tool_calls: toolCalls } = (choice.message ?? {}) as Partial<typeof choice.message>;
  const content = readMessageText(rawContent);
  const refusal = readMessageText(rawRefusal);
  const calls = (Array.isArray(toolCalls) ? toolCalls : []).flatMap(toModelToolCall);
  const message: ChatResponse['message'] = { role: 'assistant', content: content ?? refusal ?? null };
  if (calls.length > 0) message.toolCalls = calls;
  const usage = typeof completion.usage === 'object' && completion.usage !== null ? fromCompletionUsage(completion.usage) : undefined;
  const finishReason = refusal != null && content == null ? 'refusal' : toFinishReason(choice.finish_reason);
  const response: ChatResponse = { message };
  if (usage !== undefined) response.usage = usage;
  if (finishReason !== undefined) response.finishReason = finishReason;
  if (typeof completion.id === 'string' && completion.id !== '') response.id = completion.id;
  if (typeof completion.model === 'string' && completion.model !== '') response.modelId = completion.model;
  return response;
}

function toFinishReason(reason: string | null | undefined): FinishReason | undefined {
  switch (reason) {
    case 'stop':
    case 'length':
    case 'tool_calls':
    case 'content_filter':
      return reason;
    case 'function_call':
      return 'tool_calls';
    case null:
    case undefined:
      return undefined;
    default:
      return 'other';
  }
}

/**
 * Maps OpenAI token counts to {@link Usage}, always as numbers: a count sent as a numeric string
 * (`"107"`) is read as that number, and a missing or malformed one (negative, fractional, `NaN`,
 * an object) as 0, or for the total, as input plus output.
 * @param usage - the `usage` of a completion
 * @returns `prompt_tokens` as input, `completion_tokens` as output, the total, and when sent,
 *   `prompt_tokens_details.cached_tokens` as `cachedInputTokens` and
 *   `completion_tokens_details.reasoning_tokens` as `reasoningTokens`
 */
export function fromCompletionUsage(usage: CompletionUsage): Usage {
  return toUsage({
    input: usage.prompt_tokens,
    output: usage.completion_tokens,
    total: usage.total_tokens,
    cached: detail(usage.prompt_tokens_details, 'cached_tokens'),
    reasoning: detail(usage.completion_tokens_details, 'reasoning_tokens'),
  });
}

/**
 * One function call of the response, normalised so it can be executed and sent back as history:
 * a missing `type` counts as a function call, a missing name becomes `''` (answered as an unknown
 * tool), object arguments become their JSON text, and a missing id is left for the agent to generate.
 */
function toModelToolCall(call: ChatCompletionMessageToolCall): ModelToolCall[] {
  const loose = call as { type?: string; id?: string; function?: { name?: unknown; arguments?: unknown } };
  if ((loose.type !== undefined && loose.type !== 'function') || typeof loose.function !== 'object' || loose.function === null) return [];
  const { name, arguments: raw } = loose.function;
  const text = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : JSON.stringify(raw);
  return [
    { id: typeof loose.id === 'string' ? loose.id : '', name: typeof name === 'string' ? name : '', arguments: text === '' ? '{}' : text },
  ];
}
