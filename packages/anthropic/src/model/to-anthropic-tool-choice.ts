import type { ToolChoice } from '@toolcraft/core';
import type { ToolChoice as AnthropicToolChoice } from '@anthropic-ai/sdk/resources/messages';

/**
 * Maps a provider-neutral tool choice to `tool_choice`: `'auto'` and `'none'` as they are,
 * `'required'` as `any`, `{ name }` as `{ type: 'tool', name }`; `disable_parallel_tool_use` when the
 * model may call only one tool at a time.
 * @param choice - the request's tool choice (undefined: `auto`)
 * @param parallel - whether the model may call several tools in one answer
 * @returns the `tool_choice` parameter, or undefined when the API's default says it all
 */
export function toAnthropicToolChoice(choice: ToolChoice | undefined, parallel: boolean): AnthropicToolChoice | undefined {
  const single = parallel ? {} : { disable_parallel_tool_use: true };
  if (choice === undefined) return parallel ? undefined : { type: 'auto', ...single };
  switch (choice) {
    case 'auto':
      return { type: 'auto', ...single };
    case 'none':
      return { type: 'none' };
    case 'required':
      return { type: 'any', ...single };
    default:
      return { type: 'tool', name: choice.name, ...single };
  }
}
