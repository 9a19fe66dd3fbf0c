import { describeValue } from '../../errors/describe-value.js';

/**
 * What is wrong with a message a context provider added, or undefined when it is one: a system or
 * user message, or an assistant message without tool calls (a tool call and its answer belong to
 * the transcript), with the content its role takes.
 * @param message - one of the provider's `messages`
 * @returns the problem, in words (`'messages[1] ...'` is prefixed by the caller), or undefined
 * @internal
 */
export function providedMessageProblem(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return `is ${describeValue(message)}, not a message { role: 'system' | 'user' | 'assistant', content }`;
  const { role, content, toolCalls } = message as Record<string, unknown>;
  switch (role) {
    case 'system':
      return typeof content === 'string' ? undefined : `is a system message whose content is ${describeValue(content)}, not a string`;
    case 'user':
      return typeof content === 'string' || isParts(content)
        ? undefined
        : `is a user message whose content is ${describeValue(content)}, not a string or a list of content parts ({ type, ... })`;
    case 'assistant':
      if (toolCalls !== undefined)
        return 'is an assistant message with toolCalls: a provider adds no tool calls (they belong to the transcript)';
      return typeof content === 'string' || content === null || isParts(content)
        ? undefined
        : `is an assistant message whose content is ${describeValue(content)}, not a string, null or a list of content parts`;
    case 'tool':
      return 'is a tool message: a provider adds system, user or assistant messages (a tool result answers a call of the transcript)';
    default:
      return `has role ${describeValue(role)}, not 'system', 'user' or 'assistant'`;
  }
}

function isParts(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((part: unknown) => typeof part === 'object' && part !== null && typeof (part as { type?: unknown }).type === 'string')
  );
}
