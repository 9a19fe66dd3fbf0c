import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  McpError,
  ResultSchema,
  type CallToolRequest,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import { untilAborted } from '@toolcraft/core/internal';
import type { CallResultLike } from './result-text.js';

/** How long to wait between two `tasks/get` when the server suggests no `pollInterval`, in ms (the SDK's default). */
const defaultPollMs = 1_000;

/** Tells a task's waiter of each `notifications/tasks/status` for it; returns a function that stops. */
export type TaskStatusWatch = (taskId: string, listener: (task: Task) => void) => () => void;

/** One tool call made as an MCP task. */
export interface TaskCall {
  /** The `tools/call` params (name, arguments, `_meta`). */
  params: CallToolRequest['params'];
  /** Stops the call: the task is cancelled (`tasks/cancel`). */
  signal?: AbortSignal;
  /** The call's time limit, in ms: the task is asked to live that long, and cancelled past it. */
  timeout: number;
  /** How long `tasks/cancel` may take, in ms. */
  cancelTimeoutMs: number;
  /** Status notifications of the task, which end a wait between polls early. */
  watch: TaskStatusWatch;
}

/**
 * Calls a tool as an MCP task (2025-11-25, experimental; the SDK's `client.experimental.tasks`):
 * `tools/call` with a `task` gets a `CreateTaskResult`; `tasks/get` is polled at the server's
 * `pollInterval` (a `notifications/tasks/status` ends a wait early) until the task needs input or
 * ends; then `tasks/result` gives the tool's result (it delivers the server's queued elicitation or
 * sampling requests while the task needs input, and blocks until the task ends). Everything is
 * bounded by the call's time limit and signal; a call stopped or timed out cancels the task
 * (`tasks/cancel`, when the server offers it). A server that answers the call plainly (no task) is
 * answered with that result.
 * @param client - the connected SDK client
 * @param call - the params, signal, time limit and status notifications
 * @returns the tool's result
 * @throws McpError for a task the server cancelled, a time limit passed (`RequestTimeout`) or a
 *   JSON-RPC error; the signal's reason (or the SDK's error for it) when the call is stopped
 */
export async function callToolAsTask(client: Client, call: TaskCall): Promise<CallResultLike> {
  const { params, signal, timeout } = call;
  const deadline = Date.now() + timeout;
  const remaining = () => Math.max(1, deadline - Date.now());
  // Not stopped by the signal: a task created for a call stopped meanwhile is cancelled once its id is known.
  const creating = client.request({ method: 'tools/call', params }, ResultSchema, { timeout: remaining(), task: { ttl: timeout } });
  let created;
  try {
    created = signal === undefined ? await creating : await untilAborted(creating, signal);
  } catch (error) {
    if (signal?.aborted)
      creating.then(
        (late) => {
          const parsed = CreateTaskResultSchema.safeParse(late);
          if (parsed.success) cancelTask(client, parsed.data.task.taskId, call.cancelTimeoutMs);
        },
        () => undefined,
      );
    throw error;
  }
  if (created.task === undefined) return CallToolResultSchema.parse(created);
  let task: Task = CreateTaskResultSchema.parse(created).task;
  let wake: (() => void) | undefined;
  const stop = call.watch(task.taskId, (update) => {
    task = update;
    wake?.();
  });
  try {
    while (task.status === 'working') {
      const polled = task;
      await pause(Math.min(task.pollInterval ?? defaultPollMs, deadline - Date.now()), signal, (resume) => (wake = resume));
      wake = undefined;
      if (Date.now() >= deadline)
        throw new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout, taskId: task.taskId, status: task.status });
      // A status notification already told the task's state; else ask for it.
      if (task === polled)
        task = await linked(signal, (options) => client.experimental.tasks.getTask(polled.taskId, { ...options, timeout: remaining() }));
    }
    if (task.status === 'cancelled')
      throw new McpError(
        ErrorCode.InternalError,
        `the server cancelled the task ${task.taskId}${task.statusMessage === undefined ? '' : ` (${task.statusMessage})`}`,
      );
    // Completed or failed: the result (or JSON-RPC error) the call would have had; input_required: the server's requests, then that.
    const { taskId } = task;
    return await linked(signal, (options) =>
      client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, { ...options, timeout: remaining() }),
    );
  } catch (error) {
    if (task.status === 'working' || task.status === 'input_required') cancelTask(client, task.taskId, call.cancelTimeoutMs);
    throw error;
  } finally {
    stop();
  }
}

/**
 * Runs one request with a signal of its own that follows the call's: the SDK never removes the
 * listener it adds to a request's signal, and a task's polls would pile them up on the call's.
 */
async function linked<T>(signal: AbortSignal | undefined, request: (options: { signal?: AbortSignal }) => Promise<T>): Promise<T> {
  if (signal === undefined) return request({});
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  try {
    return await request({ signal: controller.signal });
  } finally {
    signal.removeEventListener('abort', forward);
  }
}

/**
 * Waits `ms`, or until woken (a status notification), or rejects with the signal's reason.
 * @param ms - the longest wait
 * @param signal - stops the wait
 * @param onWake - given the function that ends the wait early
 */
function pause(ms: number, signal: AbortSignal | undefined, onWake: (resume: () => void) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const aborted = () => settle(true);
    const timer = setTimeout(() => settle(false), Math.max(0, ms));
    function settle(stopped: boolean): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the call signal's reason, as it is
      if (stopped) reject(signal?.reason);
      else resolve();
    }
    if (signal?.aborted) return settle(true);
    signal?.addEventListener('abort', aborted, { once: true });
    onWake(() => settle(false));
  });
}

/** Asks the server to cancel a task, if it offers `tasks/cancel`; nothing waits for the answer. */
function cancelTask(client: Client, taskId: string, timeout: number): void {
  if (client.getServerCapabilities()?.tasks?.cancel === undefined) return;
  client.experimental.tasks.cancelTask(taskId, { timeout }).catch(() => undefined);
}
