import type { HttpReply } from './fake-openai-server';

/** A tool call in a scripted completion. */
export interface ScriptedToolCall {
  id: string;
  name: string;
  arguments: string;
}

let completionCount = 0;

/**
 * A 200 Chat Completions reply with text and/or tool calls, shaped like OpenAI's.
 * @param reply - the text, the tool calls and the token counts
 * @returns the scripted reply
 */
export function completionReply(reply: {
  content?: string | null;
  toolCalls?: ScriptedToolCall[];
  usage?: { prompt: number; completion: number };
}): HttpReply {
  const toolCalls = reply.toolCalls ?? [];
  const usage = reply.usage ?? { prompt: 10, completion: 5 };
  completionCount += 1;
  return {
    body: {
      id: `chatcmpl-test-${completionCount}`,
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
          logprobs: null,
          message: {
            role: 'assistant',
            content: reply.content ?? null,
            refusal: null,
            ...(toolCalls.length > 0
              ? {
                  tool_calls: toolCalls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: call.name, arguments: call.arguments },
                  })),
                }
              : {}),
          },
        },
      ],
      usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion },
    },
  };
}

/** A reply with only text. */
export function textReply(content: string, usage?: { prompt: number; completion: number }): HttpReply {
  return completionReply({ content, usage });
}

/** A reply with tool calls only. */
export function toolCallsReply(...toolCalls: ScriptedToolCall[]): HttpReply {
  return completionReply({ toolCalls });
}

/**
 * An OpenAI-style error reply.
 * @param status - the HTTP status
 * @param headers - e.g. `{ 'retry-after': '2' }`
 * @param message - the error message
 */
export function errorReply(status: number, headers: Record<string, string> = {}, message = `error ${status}`): HttpReply {
  return { status, headers, body: { error: { message, type: 'test_error', code: null, param: null } } };
}
