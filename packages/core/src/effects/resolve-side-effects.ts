import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ResolvedSideEffects, ToolSideEffectOptions } from './tool-effects.js';

const effectValues: readonly unknown[] = ['read', 'write', 'destructive'];
const defaultRetryDelayMs = 100;

/**
 * Checks a tool's side-effect options and fills their defaults (`idempotent` is true for `'read'`).
 * @param options - the options as given
 * @param subject - the tool, for messages (e.g. `'delete_file' (DeleteFile)`)
 * @returns the resolved options
 * @throws InvalidToolDefinitionError for an unknown `effects`, a bad `retry`, or `retry` on a tool that is not idempotent
 */
export function resolveSideEffects(options: ToolSideEffectOptions<never>, subject: string): ResolvedSideEffects {
  const { effects, idempotent, openWorld, retry, needsApproval, longRunning } = options;
  if (effects !== undefined && !effectValues.includes(effects)) {
    throw new InvalidToolDefinitionError(
      subject,
      `effects must be 'read', 'write' or 'destructive' (or absent: unknown), but was ${JSON.stringify(effects)}.`,
    );
  }
  const isIdempotent = idempotent ?? effects === 'read';
  if (needsApproval !== undefined && typeof needsApproval !== 'boolean' && typeof needsApproval !== 'function') {
    throw new InvalidToolDefinitionError(
      subject,
      `needsApproval must be a boolean or a function (args, context) => boolean, but was ${typeof needsApproval}.`,
    );
  }
  return {
    ...(effects !== undefined ? { effects } : {}),
    idempotent: isIdempotent,
    ...(openWorld !== undefined ? { openWorld: openWorld === true } : {}),
    ...(retry !== undefined ? { retry: checkRetry(retry, isIdempotent, subject) } : {}),
    ...(needsApproval !== undefined ? { needsApproval } : {}),
    longRunning: longRunning === true,
  };
}

function checkRetry(retry: ToolSideEffectOptions['retry'], idempotent: boolean, subject: string): ResolvedSideEffects['retry'] {
  if (!idempotent) {
    throw new InvalidToolDefinitionError(
      subject,
      "retry is allowed only on idempotent tools (a retried call may run twice); declare effects: 'read' or idempotent: true, or remove retry.",
    );
  }
  const attempts = retry?.attempts;
  const baseDelayMs = retry?.baseDelayMs ?? defaultRetryDelayMs;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 1) {
    throw new InvalidToolDefinitionError(
      subject,
      `retry.attempts must be a whole number of at least 1 (the first attempt included), but was ${String(attempts)}.`,
    );
  }
  if (typeof baseDelayMs !== 'number' || !(baseDelayMs >= 0) || !Number.isFinite(baseDelayMs)) {
    throw new InvalidToolDefinitionError(
      subject,
      `retry.baseDelayMs must be a finite number of ms, 0 or more, but was ${String(baseDelayMs)}.`,
    );
  }
  return { attempts, baseDelayMs };
}

/** The note ADK appends to the description of a long-running tool, so the model does not call it again while it is pending. */
export const longRunningNote =
  'NOTE: This is a long-running operation. Do not call this tool again if it has already returned some status (such as pending); its final result arrives later.';

/**
 * The side-effect options of an options object, without its other fields and without undefined values.
 * @param options - any options that may carry side effects
 * @returns only the side-effect options that are set
 */
export function pickSideEffects<TArgs>(options: ToolSideEffectOptions<TArgs>): ToolSideEffectOptions<TArgs> {
  const { effects, idempotent, openWorld, retry, needsApproval, longRunning } = options;
  const all: ToolSideEffectOptions<TArgs> = { effects, idempotent, openWorld, retry, needsApproval, longRunning };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined)) as ToolSideEffectOptions<TArgs>;
}
