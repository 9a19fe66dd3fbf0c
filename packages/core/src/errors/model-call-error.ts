import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ModelCallError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** Details of a failed model call. */
export interface ModelCallErrorOptions {
  /** Whether the same call may succeed later (429, 5xx, timeouts, connection resets). */
  retryable: boolean;
  /** The HTTP status, if any. */
  status?: number;
  /** How long the server asked us to wait (from `retry-after`), in ms. */
  retryAfterMs?: number;
  /** How many attempts were made in all, once retries gave up. */
  attempts?: number;
  /** The provider that answered (`'google'`, `'anthropic'`, `'openai'`), when the adapter says. */
  provider?: string;
  /** The underlying error. */
  cause?: unknown;
}

/** A model call that failed; model adapters throw it, the agent loop retries it when retryable. */
export class ModelCallError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  readonly retryable: boolean;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly attempts?: number;
  readonly provider?: string;

  /**
   * @param message - what failed
   * @param options - retryability, status, retry-after and cause
   */
  constructor(message: string, options: ModelCallErrorOptions) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.attempts = options.attempts;
    this.provider = options.provider;
  }

  /**
   * Tells whether a value is a {@link ModelCallError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ModelCallError}
   */
  static override isInstance(error: unknown): error is ModelCallError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
