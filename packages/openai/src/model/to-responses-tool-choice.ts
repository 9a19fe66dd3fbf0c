import type { ToolChoice } from '@toolcraft/core';
import type { ToolChoiceFunction, ToolChoiceOptions } from 'openai/resources/responses/responses';

/**
 * Maps a provider-neutral tool choice to the Responses API `tool_choice`: `'auto'`, `'none'` and
 * `'required'` as they are, `{ name }` as `{ type: 'function', name }`.
 * @param choice - the tool choice of the request
 * @returns the `tool_choice` parameter
 */
export function toResponsesToolChoice(choice: ToolChoice): ToolChoiceOptions | ToolChoiceFunction {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}
