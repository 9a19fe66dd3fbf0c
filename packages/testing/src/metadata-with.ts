import { ContextAwareTool, FrameworkKeys, ToolCallMetadata, type AgentContext, type MetadataEntries } from '@toolcraft/core';

/**
 * Builds the metadata an agent run would give a call: the context under
 * `ContextAwareTool.AgentContextKey` (and its call id, run id and signal under the other
 * framework keys), plus your entries. The framework's entries win over yours, as in a run.
 * @param context - the agent context, e.g. from `testAgentContext()`
 * @param entries - more metadata, e.g. `{ 'trace.span.id': 'span-1' }`
 * @returns the metadata
 * @example
 * const result = await SafeTool.of(new WhoAmITool()).execute({}, metadataWith(testAgentContext(), { tenant: 'acme' }));
 */
export function metadataWith(context: AgentContext, entries?: ToolCallMetadata | MetadataEntries): ToolCallMetadata {
  return ToolCallMetadata.of(entries).merge([
    [ContextAwareTool.AgentContextKey, context],
    [FrameworkKeys.toolCallId, context.toolCallId],
    [FrameworkKeys.runId, context.runId],
    [FrameworkKeys.signal, context.signal],
  ]);
}
