import type { ToolChoice } from '@toolcraft/core';
import type { ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';

/**
 * Maps a provider-neutral tool choice to `tool_choice`: `'auto'`, `'none'` and
 * `'required'` as they are, `{ name }` as a named function choice.
 * @param choice - the tool choice of the request
 * @returns the `tool_choice` parameter
 */
export function toChatCompletionToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}
