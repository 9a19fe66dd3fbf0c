import { untilAborted } from '../environment/bounded-await.js';
import type { ReadonlyAgentContext } from '../context/readonly-agent-context.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { askToolset } from './ask-toolset.js';
import type { ToolSegment } from './merge-tools.js';
import { applyNames, applyPredicate, type ToolPredicate } from './tool-filter.js';
import type { ToolSources } from './tool-sources.js';
import { ToolUsage } from './tool-usage.js';

/** The tools offered for one model turn. */
export interface TurnToolList {
  /**
   * The tools, in order (a tool given by two sources may appear twice; it counts once). It may be
   * the array a toolset returned: whoever keeps it must copy it.
   */
  readonly tools: readonly AnyTool[];
  /** The same tools by source, for `mergeTools` (clash check) when the list is new. */
  readonly segments: readonly ToolSegment[];
}

/**
 * The tools of one run, turn by turn: the fixed tools (already filtered by a names filter), the
 * toolsets asked with the run's read-only context (every answer awaited within the run's signal),
 * then the filter predicate and the tools past their limits removed. With nothing that can change
 * (no toolset, no predicate, no limit reached) every turn gets the very same list.
 */
export class RunTools {
  /** The run's per-tool counts for `maxInvocations` and `maxFailures` (shared by the agents of one run). */
  readonly usage: ToolUsage;
  private readonly fixedSegment: ToolSegment;

  /**
   * @param sources - the run's fixed tools (names-filtered) and toolsets
   * @param names - the names filter, if the agent has one
   * @param predicate - the filter predicate, if the agent has one
   * @param context - the run's read-only context
   * @param signal - the run's signal (deadline and caller's abort)
   * @param usage - the run's counts, when another agent of the run already counts (a handoff)
   */
  constructor(
    private readonly sources: ToolSources,
    private readonly names: ReadonlySet<string> | undefined,
    private readonly predicate: ToolPredicate | undefined,
    private readonly context: ReadonlyAgentContext,
    private readonly signal: AbortSignal,
    usage: ToolUsage = new ToolUsage(),
  ) {
    this.usage = usage;
    this.fixedSegment = { tools: sources.tools, source: sources.sourceOf };
  }

  /**
   * The tools of the coming turn.
   * @returns the list, synchronously when every toolset answered synchronously
   * @throws ToolsetError, ToolFilterError, or the signal's reason when the run stops while a toolset is pending
   */
  next(): TurnToolList | Promise<TurnToolList> {
    const { toolsets } = this.sources;
    if (toolsets.length === 0) return this.finish([this.fixedSegment]);
    const answers = toolsets.map((toolset) => askToolset(toolset, this.context));
    const segments = (tools: AnyTool[][]) => [
      this.fixedSegment,
      ...tools.map((list, index) => ({ tools: list, source: `toolset '${toolsets[index].name}'` })),
    ];
    if (answers.every((answer) => Array.isArray(answer))) return this.finish(segments(answers as AnyTool[][]));
    return untilAborted(Promise.all(answers.map(async (answer) => answer)), this.signal).then((tools) => this.finish(segments(tools)));
  }

  private finish(segments: ToolSegment[]): TurnToolList {
    for (let index = 0; index < segments.length; index++) {
      let { tools } = segments[index];
      // The fixed tools were names-filtered once, for the whole run.
      if (index > 0 && this.names !== undefined) tools = applyNames(tools, this.names);
      if (this.predicate !== undefined) tools = applyPredicate(tools, this.predicate, this.context);
      if (this.usage.anyExhausted) tools = tools.filter((tool) => !this.usage.isExhausted(tool));
      if (tools !== segments[index].tools) segments[index] = { tools, source: segments[index].source };
    }
    const filled = segments.filter((segment) => segment.tools.length > 0);
    return { tools: filled.length === 1 ? filled[0].tools : filled.flatMap((segment) => segment.tools), segments };
  }
}
