import type { ArtifactAccess, ArtifactStore } from '../artifacts/artifact-store.js';
import { InMemoryArtifactStore } from '../artifacts/in-memory-artifact-store.js';
import { ScopedArtifacts } from '../artifacts/scoped-artifacts.js';
import type { MemorySearch } from '../context/memory-search.js';
import type { Abortable } from '../environment/abort-watchers.js';
import { untilAborted } from '../environment/bounded-await.js';
import type { ReceivedToolResult } from '../environment/tool-call.js';
import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { checkMethods } from './check-methods.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { ResultBudget } from '../results/result-budget.js';
import { applyResultBudget } from './budget/apply-result-budget.js';
import { ReadArtifactTool, readArtifactToolName } from './budget/read-artifact-tool.js';
import type { ChatMessage } from '../model/messages.js';
import type { MemoryService } from './memory-service.js';
import type { MemoryReport, MemoryStrategy } from './memory-strategy.js';
import type { RunDeadline } from './run-deadline.js';
import { addUsage, zeroUsage } from './usage.js';
import type { SessionKey } from './session.js';

/** Where a run keeps what its memory strategy did (the run itself). */
export interface MemoryReportHolder {
  memoryReport?: MemoryReport;
}

/** The options of an agent that {@link RunExtras} handles. */
export interface RunExtrasOptions {
  artifacts?: ArtifactStore;
  memoryService?: MemoryService;
  memory?: MemoryStrategy;
  resultBudget?: ResultBudget;
}

/** The user of runs without a session, for artifacts and memory search. */
export const anonymousUser = 'anonymous';

/**
 * What an agent adds around its loop for sessions, memory and artifacts: each run's artifacts and
 * memory search (scoped to its session's app and user, else the agent's name and `anonymous`), the
 * memory strategy's window, result budgets, and the `read_artifact` tool when results may spill.
 * @internal
 */
export class RunExtras {
  /** The agent's artifact store (in memory by default). */
  readonly artifacts: ArtifactStore;
  private readonly budgetedRegistries = new WeakMap<ToolRegistry, boolean>();

  /**
   * @param agentName - the agent's name (the app of runs without a session)
   * @param options - the agent's options
   * @throws InvalidAgentOptionsError for a bad `resultBudget`
   */
  constructor(
    private readonly agentName: string,
    private readonly options: RunExtrasOptions,
  ) {
    checkMethods(
      'memory',
      options.memory,
      ['select', 'toJSON'],
      'a MemoryStrategy (SlidingWindowMemory, SummarizingMemory, or an object with select and toJSON)',
    );
    checkMethods(
      'artifacts',
      options.artifacts,
      ['save', 'load', 'list', 'versions'],
      'an ArtifactStore (InMemoryArtifactStore, FileArtifactStore)',
    );
    checkMethods(
      'memoryService',
      options.memoryService,
      ['add', 'search'],
      'a MemoryService (InMemoryMemoryService, or an object with add and search)',
    );
    this.artifacts = options.artifacts ?? new InMemoryArtifactStore();
    const maxChars = options.resultBudget?.maxChars;
    if (options.resultBudget !== undefined && (!Number.isSafeInteger(maxChars) || maxChars! < 1))
      throw new InvalidAgentOptionsError('resultBudget.maxChars', maxChars, 'a whole number of at least 1');
  }

  /**
   * Builds the agent's tools, again with `read_artifact` when a result may be spilled (the agent's
   * budget or a fixed tool's spills) and no tool has that name.
   * @param build - builds the agent's tools, with one built-in tool or none
   * @returns the tools built
   */
  withBuiltInTools<T extends { registry: ToolRegistry }>(build: (builtIn: AnyTool | undefined) => T): T {
    const built = build(undefined);
    const budgets = [this.options.resultBudget, ...built.registry.tools.map((tool) => tool.resultBudget)];
    const spills = budgets.some((budget) => budget !== undefined && budget.spill !== false);
    if (!spills || built.registry.findTool(readArtifactToolName) !== undefined) return built;
    return build(new ReadArtifactTool());
  }

  /**
   * @param runId - the run's id
   * @param session - the run's session, if any
   * @returns the artifacts of the run's context (made when a tool first reaches for them)
   */
  artifactsOf(runId: string, session: SessionKey | undefined): ArtifactAccess {
    const appName = session?.appName ?? this.agentName;
    const userId = session?.userId ?? anonymousUser;
    return new ScopedArtifacts(this.artifacts, { appName, userId, sessionId: session?.sessionId ?? runId });
  }

  /**
   * @param session - the run's session, if any
   * @param deadline - the run's deadline (bounds memory searches; its signal is read at the first search)
   * @returns the memory search of the run's context, or undefined for an agent without a memory service
   */
  memorySearchOf(session: SessionKey | undefined, deadline: RunDeadline): MemorySearch | undefined {
    const service = this.options.memoryService;
    if (service === undefined) return undefined;
    const appName = session?.appName ?? this.agentName;
    const userId = session?.userId ?? anonymousUser;
    return (query) => untilAborted(service.search({ appName, userId, query }, { signal: deadline.signal }), deadline);
  }

  /**
   * The messages to send: the whole transcript, or the memory strategy's window of it. A strategy
   * that fails is recorded and the whole transcript sent; the wait is bounded by the run's signal.
   * @param run - the run (where its report is kept)
   * @param messages - the transcript
   * @param deadline - the run's deadline
   * @returns the messages to send (at once without a memory strategy)
   */
  window(run: MemoryReportHolder, messages: readonly ChatMessage[], deadline: RunDeadline): ChatMessage[] | Promise<ChatMessage[]> {
    const { memory } = this.options;
    if (memory === undefined) return messages.slice();
    return this.select(memory, run, messages, deadline);
  }

  private async select(
    memory: MemoryStrategy,
    run: MemoryReportHolder,
    messages: readonly ChatMessage[],
    deadline: RunDeadline,
  ): Promise<ChatMessage[]> {
    const report = (run.memoryReport ??= { usage: { ...zeroUsage }, failures: [] });
    try {
      const window = await untilAborted(memory.select(messages, { signal: deadline.signal, remainingMs: deadline.remainingMs }), deadline);
      report.usage = addUsage(report.usage, window.usage);
      if (window.failure !== undefined) report.failures.push(window.failure);
      return window.messages;
    } catch (error) {
      if (deadline.aborted) throw error;
      report.failures.push(error);
      return messages.slice();
    }
  }

  /**
   * @param results - a turn's results
   * @param registry - the agent's tools
   * @param artifacts - the run's artifacts
   * @param signal - the run's signal (or its deadline)
   * @returns the results within their budgets
   */
  budget(
    results: ReceivedToolResult[],
    registry: ToolRegistry,
    artifacts: ArtifactAccess,
    signal: Abortable,
  ): Promise<ReceivedToolResult[]> | ReceivedToolResult[] {
    if (!this.budgets(registry)) return results;
    return applyResultBudget(results, registry, this.options.resultBudget, artifacts, signal);
  }

  /**
   * @param registry - a turn's tools
   * @returns whether results of these tools have a budget (the agent's, or a tool's own), so `budget` may change them
   */
  budgets(registry: ToolRegistry): boolean {
    let budgeted = this.budgetedRegistries.get(registry);
    if (budgeted === undefined) {
      budgeted = this.options.resultBudget !== undefined || registry.tools.some((tool) => tool.resultBudget !== undefined);
      this.budgetedRegistries.set(registry, budgeted);
    }
    return budgeted;
  }

  /**
   * @param run - the run (where its report is kept)
   * @returns the run result's `memory` when the agent has a memory strategy, else undefined
   */
  memoryReport(run: MemoryReportHolder): MemoryReport | undefined {
    if (this.options.memory === undefined) return undefined;
    return run.memoryReport ?? { usage: { ...zeroUsage }, failures: [] };
  }
}
