import type { AgentContext } from '../context/agent-context.js';

/**
 * What a tool does to the world: `'read'` (no side effects), `'write'` (changes something that can
 * be changed back) or `'destructive'` (cannot be undone). A tool without one has unknown effects.
 */
export type ToolEffects = 'read' | 'write' | 'destructive';

/** How a failed call of an idempotent tool is retried: `attempts` in all (the first included), backoff from `baseDelayMs`. */
export interface ToolRetryOptions {
  /** How many times the call may run in all, the first attempt included (at least 1). */
  attempts: number;
  /** The delay ceiling of the first retry, doubled on each further retry (full jitter); default 100 ms. */
  baseDelayMs?: number;
}

/**
 * Decides per call whether a person must approve it before it runs.
 * @param args - the call's validated arguments
 * @param context - the run's context for the call
 */
export type ApprovalPredicate<TArgs = unknown> = (args: TArgs, context: AgentContext) => boolean | Promise<boolean>;

/** The side-effect options every tool kind takes (class options, `@Tool({...})`, `Tool.declaration`). */
export interface ToolSideEffectOptions<TArgs = unknown> {
  /** `'read'`, `'write'` or `'destructive'`; absent means unknown. Drives ordering within a batch and approval policies. */
  effects?: ToolEffects;
  /** Whether running the call twice with the same arguments does no more than running it once; default true for `'read'`, else false. */
  idempotent?: boolean;
  /** Whether the tool reaches systems outside the application (the web, other services). */
  openWorld?: boolean;
  /** Retries of failed calls (timeouts and errors marked `retryable`); only for idempotent tools. */
  retry?: ToolRetryOptions;
  /** Whether a person must approve each call (or a predicate deciding per call); default false. */
  needsApproval?: boolean | ApprovalPredicate<TArgs>;
  /** A long-running tool returns an initial result at once and is completed later with `state.update(...)`. */
  longRunning?: boolean;
}

/** The side-effect options of a tool, checked and with their defaults. */
export interface ResolvedSideEffects {
  readonly effects?: ToolEffects;
  readonly idempotent: boolean;
  readonly openWorld?: boolean;
  readonly retry?: Required<ToolRetryOptions>;
  readonly needsApproval?: boolean | ApprovalPredicate<never>;
  readonly longRunning: boolean;
}
