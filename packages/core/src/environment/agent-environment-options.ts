import type { AgentContext } from '../context/agent-context.js';
import type { ToolProgressListener } from '../context/tool-progress.js';
import type { ArgumentLimits } from '../decoding/argument-limits.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { FormatterRegistry } from '../results/formatter-registry.js';
import type { ErrorDetail } from './error-detail.js';
import type { ReceivedToolResult } from './tool-call.js';
import type { Feature, FeatureErrorListener } from './feature.js';

/** Options of an {@link AgentEnvironment}. */
export interface AgentEnvironmentOptions {
  /** The tools the environment dispatches to. */
  registry: ToolRegistry;
  /** Features, installed in order (later ones win for metadata). */
  features?: readonly Feature[];
  /** How many calls of one batch run at once; default unlimited, `1` runs them in order. */
  maxConcurrency?: number;
  /** A time limit for each call, in ms; a tool's own `timeoutMs` wins. Default none. */
  toolTimeoutMs?: number;
  /** What the model is told of an error a tool throws: `'message'` (default), `'generic'` or `'full'`. */
  errorDetail?: ErrorDetail;
  /** Cancels every unfinished call of the environment when aborted. */
  signal?: AbortSignal;
  /** Results longer than this are cut, with a marker saying how much; default no limit. */
  maxResultChars?: number;
  /**
   * JSON Schema documents, each with an absolute `$id`, that the tools' schemas may name in a `$ref`
   * (`{ $ref: 'https://example.com/address.json' }`); compiled with ajv's own schema registry.
   */
  schemas?: readonly JsonSchema[];
  /** Limits on each call's arguments; default 1,000,000 characters and 32 levels. */
  argumentLimits?: Partial<ArgumentLimits>;
  /** Result formatters by result class; default an empty registry (`env.formatters`). */
  formatters?: FormatterRegistry;
  /**
   * Receives reports of providers and interceptors that threw, rejected or were abandoned at the
   * call's time limit; default a process warning. Not awaited; a listener that throws or rejects is caught.
   */
  onFeatureError?: FeatureErrorListener;
}

/** Per-batch options the agent loop passes with its calls. */
export interface ToolExecutionOptions {
  /** The run's context, put into the metadata under `ContextAwareTool.AgentContextKey`; it wins over callers and features. */
  agentContext?: AgentContext;
  /** The run's id. */
  runId?: string;
  /** Cancels this batch's unfinished calls when aborted. */
  signal?: AbortSignal;
  /**
   * Set when the caller stops waiting by itself once `signal` aborts (an MCP server: the SDK drops
   * the answer to a cancelled request). A call that nothing else can tell was cancelled (its tool
   * sees no signal or context, no feature is installed, no time limit or retry applies) then runs
   * without a listener on `signal`, which costs microseconds per call; every other call is cancelled
   * as before, and a call whose signal has already aborted is not run. Default false.
   */
  callerAbandonsOnAbort?: boolean;
  /**
   * Receives the progress tools report with `context.reportProgress(done, total?, message?)`, with the
   * call's id and tool name. Called synchronously and not awaited; a throw or rejection is reported
   * through `onFeatureError` (stage `'progress'`) and never fails the call. Reports made after a call
   * ended are dropped.
   */
  onProgress?: ToolProgressListener;
  /**
   * Told each call's result as soon as that call is done, before the batch resolves (`index` is the
   * call's position in the batch). Called synchronously and not awaited; a throw or rejection is
   * reported through `onFeatureError` (feature `'onResult'`, stage `'completed'`) and never changes the results.
   */
  onResult?: (result: ReceivedToolResult, index: number) => unknown;
  /** When the run must end (ms since the epoch): no tool retry starts after it. */
  deadline?: number;
}
