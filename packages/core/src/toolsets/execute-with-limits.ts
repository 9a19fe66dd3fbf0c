import type { AgentEnvironment } from '../environment/agent-environment.js';
import type { ToolExecutionOptions } from '../environment/agent-environment-options.js';
import type { ReceivedToolResult, ToolCall } from '../environment/tool-call.js';
import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { ToolUsage } from './tool-usage.js';

/**
 * Executes one turn's calls through an environment, enforcing the tools' per-run limits: a call to a
 * tool past `maxInvocations` or `maxFailures` is answered with a `ToolLimitError` result without
 * running, the others are counted (failures as their results arrive). Results keep the calls' order.
 * @param environment - the turn's environment
 * @param calls - the model's calls
 * @param metadata - the run's metadata
 * @param options - the run's context, id and signal
 * @param usage - the run's counts
 * @returns one result per call, in order
 */
export async function executeWithLimits(
  environment: AgentEnvironment,
  calls: readonly ToolCall[],
  metadata: ToolCallMetadata | MetadataEntries | undefined,
  options: ToolExecutionOptions,
  usage: ToolUsage,
): Promise<ReceivedToolResult[]> {
  const results = new Array<ReceivedToolResult | undefined>(calls.length);
  const admitted: ToolCall[] = [];
  const admittedAt: number[] = [];
  const limitedTools: Array<AnyTool | undefined> = [];
  calls.forEach((call, index) => {
    const tool = environment.registry.findTool(call.name);
    const limited = tool !== undefined && (tool.maxInvocations !== undefined || tool.maxFailures !== undefined) ? tool : undefined;
    const refused = limited ? usage.admit(limited) : usage.refusal(call.name);
    if (refused !== undefined) {
      results[index] = { id: call.id ?? '', name: call.name, content: `Error: ${refused.message}`, isError: true, error: refused };
      return;
    }
    admitted.push(call);
    admittedAt.push(index);
    limitedTools.push(limited);
  });
  const executed = admitted.length === 0 ? [] : await environment.executeTools(admitted, metadata, options);
  executed.forEach((result, position) => {
    const tool = limitedTools[position];
    if (tool !== undefined && result.isError) usage.failed(tool);
    results[admittedAt[position]] = result;
  });
  return results as ReceivedToolResult[];
}
