import type { ArgumentLimits } from '../decoding/argument-limits.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { FormatterRegistry } from '../results/formatter-registry.js';
import type { ErrorDetail } from './error-detail.js';
import type { ToolPipeline } from './tool-pipeline.js';

/** What every call of one environment is dispatched with, resolved once from its options. */
export interface DispatchSettings {
  readonly registry: ToolRegistry;
  readonly formatters: FormatterRegistry;
  readonly pipeline: ToolPipeline;
  readonly limits: ArgumentLimits;
  readonly errorDetail: ErrorDetail;
  readonly toolTimeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly maxResultChars?: number;
}

/** A call as the dispatcher tracks it: its id (generated when missing), the name and the arguments (decoded once valid). */
export interface CallInfo {
  id: string;
  name: string;
  arguments: unknown;
  /** The run the call belongs to, when it does (for the `failed` interceptors of calls that never reached their tool). */
  runId?: string;
  /** The features whose `onToolCallStarting` handlers replaced the arguments, once one did (copied to the result). */
  argumentsReplacedBy?: string[];
}
