/* eslint-disable @typescript-eslint/prefer-promise-reject-errors -- a tool's own rejection is passed on as it is */
import { ToolCancelledError } from '../errors/tool-cancelled-error.js';
import { ToolTimeoutError } from '../errors/tool-timeout-error.js';

/** The longest delay `setTimeout` honours; a longer (or infinite) time limit means none. */
const longestTimer = 2_147_483_647;

/**
 * Runs a call with a time limit and cancellation: whichever comes first ends it with a
 * {@link ToolTimeoutError} or {@link ToolCancelledError}, and aborts the controller the tool's signal
 * comes from.
 * @param run - starts the tool
 * @param toolName - for messages
 * @param controller - the controller of the signal the tool sees
 * @param timeoutMs - the limit, or undefined
 * @param cancel - the batch's signal, or undefined
 * @returns what the tool returned
 */
export function runGuarded<T>(
  run: () => Promise<T> | T,
  toolName: string,
  controller: AbortController,
  timeoutMs: number | undefined,
  cancel: AbortSignal | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (timer !== undefined) clearTimeout(timer);
      cancel?.removeEventListener('abort', onCancel);
    };
    const onCancel = () => {
      const error = new ToolCancelledError(toolName, cancel?.reason);
      controller.abort(error);
      finish();
      reject(error);
    };
    if (timeoutMs !== undefined && timeoutMs <= longestTimer) {
      timer = setTimeout(() => {
        const error = new ToolTimeoutError(toolName, timeoutMs);
        controller.abort(error);
        finish();
        reject(error);
      }, timeoutMs);
    }
    cancel?.addEventListener('abort', onCancel, { once: true });
    // An abort before the listener was added (e.g. while a starting interceptor ran) still cancels.
    if (cancel?.aborted) {
      onCancel();
      return;
    }
    let pending: Promise<T> | T;
    try {
      pending = run();
    } catch (error) {
      finish();
      reject(error);
      return;
    }
    Promise.resolve(pending).then(
      (value) => {
        finish();
        resolve(value);
      },
      (error: unknown) => {
        finish();
        reject(error);
      },
    );
  });
}
