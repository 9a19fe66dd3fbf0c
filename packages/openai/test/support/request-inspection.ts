import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { FunctionDefinition } from 'openai/resources/shared';

type ChatBody = ChatCompletionCreateParamsNonStreaming;

/** The function tool names of a recorded request, in order. */
export function toolNames(body: ChatBody): string[] {
  return (body.tools ?? []).flatMap((tool) => (tool.type === 'function' ? [tool.function.name] : []));
}

/** The function definition of a recorded request's tool, by name. */
export function functionTool(body: ChatBody, name: string): FunctionDefinition {
  const tool = (body.tools ?? []).find((candidate) => candidate.type === 'function' && candidate.function.name === name);
  if (tool === undefined || tool.type !== 'function') throw new Error(`no function tool '${name}' in the request`);
  return tool.function;
}

/** The last message of a recorded request. */
export function lastMessage(body: ChatBody): ChatCompletionMessageParam {
  const message = body.messages.at(-1);
  if (message === undefined) throw new Error('the request has no messages');
  return message;
}

/** The text content of a message (string content only). */
export function textOf(message: ChatCompletionMessageParam): string {
  if (typeof message.content !== 'string') throw new Error(`message content is not text: ${JSON.stringify(message.content)}`);
  return message.content;
}
