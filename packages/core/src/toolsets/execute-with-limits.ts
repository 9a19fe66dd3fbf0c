import type { AgentEnvironment } from '../environment/agent-environment.js';
import type { ToolExecutionOptions } from '../environment/agent-environment-options.js';
import type { ReceivedToolResult, ToolCall } from '../environment/tool-call.js';
import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { ToolUsage } from './tool-usage.js';

/** A call of a wave: where it is in the turn, and its tool when the tool has per-run limits. */
interface WaveCall {
  readonly index: number;
  readonly limited?: AnyTool;
}

/**
 * Executes one turn's calls through an environment, enforcing the tools' per-run limits. A call to a
 * tool past `maxInvocations` or `maxFailures` is answered with a `ToolLimitError` result without
 * running, through the environment (its `failed` interceptors see it, its `onResult` listener is
 * told, as for an unknown tool). The other calls run in the environment's order of side effects, in
 * waves: a wave takes the calls in order, up to the first that could take a tool past `maxFailures`
 * if all of the wave's calls of that tool failed; that call and the ones after it wait for the wave's
 * results, so concurrent calls never take a tool past its limit. Without such a call the turn is one
 * wave. Results keep the calls' order.
 * @param environment - the turn's environment
 * @param calls - the model's calls
 * @param metadata - the run's metadata
 * @param options - the run's context, id, signal and listeners
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
  const results = new Array<ReceivedToolResult>(calls.length);
  const refusals: Array<Promise<void>> = [];
  let start = 0;
  while (start < calls.length) {
    const wave: WaveCall[] = [];
    const inWave = new Map<string, number>();
    let end = start;
    for (; end < calls.length; end++) {
      const call = calls[end];
      const tool = environment.registry.findTool(call.name);
      const limited = tool !== undefined && (tool.maxInvocations !== undefined || tool.maxFailures !== undefined) ? tool : undefined;
      const running = limited === undefined ? 0 : (inWave.get(limited.descriptor.name) ?? 0);
      // All of the wave's calls of this tool might fail: this one waits for their results.
      if (limited !== undefined && running > 0 && running >= usage.failuresLeft(limited)) break;
      const refused = limited ? usage.admit(limited) : usage.refusal(call.name);
      if (refused !== undefined) {
        const index = end;
        refusals.push(environment.refuseCall(call, tool, refused, options, index).then((result) => void (results[index] = result)));
        continue;
      }
      wave.push(limited === undefined ? { index: end } : { index: end, limited });
      if (limited !== undefined) inWave.set(limited.descriptor.name, running + 1);
    }
    if (wave.length > 0) await runWave(environment, calls, wave, metadata, options, usage, results);
    start = end;
  }
  await Promise.all(refusals);
  return results;
}

/** Runs a wave's calls as one batch of the environment and counts their failures. */
async function runWave(
  environment: AgentEnvironment,
  calls: readonly ToolCall[],
  wave: readonly WaveCall[],
  metadata: ToolCallMetadata | MetadataEntries | undefined,
  options: ToolExecutionOptions,
  usage: ToolUsage,
  results: ReceivedToolResult[],
): Promise<void> {
  const { onResult } = options;
  const waveOptions: ToolExecutionOptions =
    onResult === undefined || wave.length === calls.length
      ? options
      : { ...options, onResult: (result, position) => onResult(result, wave[position].index) };
  const executed = await environment.executeTools(
    wave.map(({ index }) => calls[index]),
    metadata,
    waveOptions,
  );
  executed.forEach((result, position) => {
    const { index, limited } = wave[position];
    // A call that waits for the host neither failed nor used up an invocation: it runs again on resume.
    if (limited !== undefined && result.paused === true) usage.release(limited);
    else if (limited !== undefined && result.isError) usage.failed(limited);
    results[index] = result;
  });
}
