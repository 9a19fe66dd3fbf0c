import type { Abortable } from '../environment/abort-watchers.js';
import { untilAborted } from '../environment/bounded-await.js';
import type { AgentContext } from '../context/agent-context.js';
import type { ReadonlyAgentContext } from '../context/readonly-agent-context.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { askToolset } from './ask-toolset.js';
import { readonlyView } from './readonly-view.js';
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
 * The list of a turn of the fixed tools alone (no toolset, no filter predicate, no tool past its
 * limits), by sources: the same for every turn of every run over them (an agent's runs without run tools).
 * Lists are only read.
 */
const fixedLists = new WeakMap<ToolSources, TurnToolList>();

/**
 * The tools of one run, turn by turn: the fixed tools (already filtered by a names filter), the
 * toolsets asked with the run's read-only context (every answer awaited within the run's signal),
 * then the filter predicate and the tools past their limits removed. With nothing that can change
 * (no toolset, no predicate, no limit reached) every turn gets the very same list.
 */
export class RunTools {
  /** The run's per-tool counts for `maxInvocations` and `maxFailures` (shared by the agents of one run). */
  readonly usage: ToolUsage;
  private view: ReadonlyAgentContext | undefined;

  /**
   * @param sources - the run's fixed tools (names-filtered) and toolsets
   * @param names - the names filter, if the agent has one
   * @param predicate - the filter predicate, if the agent has one
   * @param context - the run's context (toolsets and the predicate see its read-only view, made when first needed)
   * @param signal - the run's signal (deadline and caller's abort)
   * @param usage - the run's counts, when another agent of the run already counts (a handoff)
   */
  constructor(
    private readonly sources: ToolSources,
    private readonly names: ReadonlySet<string> | undefined,
    private readonly predicate: ToolPredicate | undefined,
    private readonly context: AgentContext,
    private readonly signal: Abortable,
    usage: ToolUsage = new ToolUsage(),
  ) {
    this.usage = usage;
  }

  /** The fixed tools, as the first segment of every turn's list. */
  private get fixedSegment(): ToolSegment {
    return { tools: this.sources.tools, source: this.sources.sourceOf };
  }

  /**
   * The tools of the coming turn.
   * @returns the list, synchronously when every toolset answered synchronously
   * @throws ToolsetError, ToolFilterError, or the signal's reason when the run stops while a toolset is pending
   */
  next(): TurnToolList | Promise<TurnToolList> {
    const { toolsets } = this.sources;
    if (toolsets.length === 0) {
      // Only the fixed tools: the same list every turn, until a filter or a limit may change it.
      if (this.predicate !== undefined || this.usage.anyExhausted) return this.finish([this.fixedSegment]);
      let list = fixedLists.get(this.sources);
      if (list === undefined) fixedLists.set(this.sources, (list = this.finish([this.fixedSegment])));
      return list;
    }
    const answers = toolsets.map((toolset) => askToolset(toolset, this.readonlyContext));
    const segments = (tools: AnyTool[][]) => [
      this.fixedSegment,
      ...tools.map((list, index) => ({ tools: list, source: `toolset '${toolsets[index].name}'` })),
    ];
    if (answers.every((answer) => Array.isArray(answer))) return this.finish(segments(answers as AnyTool[][]));
    return untilAborted(Promise.all(answers.map(async (answer) => answer)), this.signal).then((tools) => this.finish(segments(tools)));
  }

  /** The read-only view of the run's context, the same object for every toolset and turn. */
  private get readonlyContext(): ReadonlyAgentContext {
    return (this.view ??= readonlyView(this.context));
  }

  private finish(segments: ToolSegment[]): TurnToolList {
    for (let index = 0; index < segments.length; index++) {
      let { tools } = segments[index];
      // The fixed tools were names-filtered once, for the whole run.
      if (index > 0 && this.names !== undefined) tools = applyNames(tools, this.names);
      if (this.predicate !== undefined) tools = applyPredicate(tools, this.predicate, this.readonlyContext);
      if (this.usage.anyExhausted) tools = tools.filter((tool) => !this.usage.isExhausted(tool));
      if (tools !== segments[index].tools) segments[index] = { tools, source: segments[index].source };
    }
    const filled = segments.filter((segment) => segment.tools.length > 0);
    return { tools: filled.length === 1 ? filled[0].tools : filled.flatMap((segment) => segment.tools), segments };
  }
}
