import type { ContentBlockParam, MessageCreateParamsNonStreaming, TextBlockParam, Tool } from '@anthropic-ai/sdk/resources/messages';

const ephemeral = { type: 'ephemeral' } as const;

/** Block types that take a `cache_control` (thinking blocks do not). */
const cacheableBlocks: ReadonlySet<string> = new Set(['text', 'image', 'document', 'tool_use', 'tool_result', 'search_result']);

/**
 * Puts the `cache: 'auto'` breakpoints on a request body: `cache_control: { type: 'ephemeral' }` on the
 * last tool (the tools are a stable prefix), the last system block, and the last block of the last
 * message (so the next turn reads this one's prefix from the cache). Three breakpoints; the API allows four.
 * The converted tools are shared and frozen, so the last one is copied, never changed.
 * @param body - a request body built for this request
 */
export function addCacheBreakpoints(body: MessageCreateParamsNonStreaming): void {
  const tools = body.tools as Tool[] | undefined;
  if (tools !== undefined && tools.length > 0) body.tools = [...tools.slice(0, -1), { ...tools.at(-1)!, cache_control: ephemeral }];
  if (Array.isArray(body.system) && body.system.length > 0) {
    const system: TextBlockParam[] = body.system;
    body.system = [...system.slice(0, -1), { ...system.at(-1)!, cache_control: ephemeral }];
  }
  const last = body.messages.at(-1);
  if (last === undefined || !Array.isArray(last.content) || last.content.length === 0) return;
  const content = last.content as ContentBlockParam[];
  const block = content.at(-1)!;
  if (cacheableBlocks.has(block.type)) content[content.length - 1] = { ...block, cache_control: ephemeral } as ContentBlockParam;
}
