import type { AgentEnvironment } from '../environment/agent-environment.js';
import type { ToolExecutionOptions } from '../environment/agent-environment-options.js';
import type { ReceivedToolResult, ToolCall } from '../environment/tool-call.js';
import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { executeWithLimits } from '../toolsets/execute-with-limits.js';
import type { RunTools, TurnToolList } from '../toolsets/run-tools.js';
import type { ToolUsage } from '../toolsets/tool-usage.js';
import type { ToolDefinition } from '../model/chat-model.js';

/** One turn's tools, built once per distinct set: the tools, their environment and their definitions. */
export interface TurnToolSet {
  /** The tools the set was built from (its cache key). */
  readonly tools: readonly AnyTool[];
  /** The environment dispatching to exactly these tools. */
  readonly environment: AgentEnvironment;
  /** The tools as the model is shown them. */
  readonly definitions: readonly ToolDefinition[];
  /** Whether a tool of the set has `maxInvocations` or `maxFailures` (its calls are checked before dispatch). */
  readonly limited: boolean;
  /** Whether a tool of the set may stop the run before it runs: `needsApproval` set (not false), or declaration-only. */
  readonly pausable: boolean;
}

/**
 * The tools of one run, turn by turn: `next()` before each model call gives the turn's set (the
 * agent's cached one when the tools did not change), `execute` answers the turn's calls within the
 * tools' per-run limits.
 * @internal
 */
export class TurnTools {
  /**
   * @param run - the run's tool sources, filter and counts
   * @param setFor - the agent's cache of built sets
   */
  constructor(
    private readonly run: RunTools,
    private readonly setFor: (list: TurnToolList) => TurnToolSet,
  ) {}

  /** The run's per-tool counts (`maxInvocations`, `maxFailures`). */
  get usage(): ToolUsage {
    return this.run.usage;
  }

  /**
   * @returns the coming turn's set of tools
   * @throws ToolsetError, ToolFilterError or DuplicateToolError; the run's abort reason when it stops while a toolset is pending
   */
  next(): TurnToolSet | Promise<TurnToolSet> {
    const list = this.run.next();
    return list instanceof Promise ? list.then(this.setFor) : this.setFor(list);
  }

  /**
   * Executes a turn's calls through the set's environment, enforcing the per-run limits.
   * @param set - the turn's set
   * @param calls - the model's calls
   * @param metadata - the run's metadata
   * @param options - the run's context, id and signal
   * @returns one result per call, in order
   */
  execute(
    set: TurnToolSet,
    calls: readonly ToolCall[],
    metadata: ToolCallMetadata | MetadataEntries | undefined,
    options: ToolExecutionOptions,
  ): Promise<ReceivedToolResult[]> {
    const { usage } = this.run;
    if (!set.limited && !usage.anyExhausted) return set.environment.executeTools(calls, metadata, options);
    return executeWithLimits(set.environment, calls, metadata, options, usage);
  }
}
