import { ToolCancelledError } from '../errors/tool-cancelled-error.js';
import { ToolTimeoutError } from '../errors/tool-timeout-error.js';
import { MissingAgentContextError } from '../errors/missing-agent-context-error.js';
import { ToolArgumentsError } from '../errors/tool-arguments-error.js';
import { ToolNotFoundError } from '../errors/tool-not-found-error.js';

/**
 * What the model is told of an error thrown by a tool: `'message'` (the error's message, never its
 * stack), `'generic'` (only that the tool failed) or `'full'` (class, message and cause chain).
 */
export type ErrorDetail = 'message' | 'generic' | 'full';

/**
 * Words for the model about a failed tool call. The framework's own errors (timeout, cancellation,
 * missing context) are always told as they are: they carry no secrets and help the model.
 * @param toolName - the tool
 * @param error - what it threw
 * @param detail - how much to tell
 * @returns the text for the model
 */
export function describeToolError(toolName: string, error: unknown, detail: ErrorDetail): string {
  if (isFrameworkError(error)) return `Error: ${error.message}`;
  switch (detail) {
    case 'generic':
      return `Error: tool '${toolName}' failed. No details are available; try different arguments or another approach.`;
    case 'full':
      return `Error: tool '${toolName}' failed with ${chain(error)}`;
    default:
      return `Error: tool '${toolName}' failed: ${messageOf(error)}`;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function chain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    parts.push(current instanceof Error ? `${current.name}: ${current.message}` : messageOf(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join('\n  caused by ');
}

/** toolcraft's own errors about a call, which carry no secrets; errors a tool throws (even toolcraft ones) follow `errorDetail`. */
function isFrameworkError(error: unknown): error is Error {
  return (
    ToolTimeoutError.isInstance(error) ||
    ToolCancelledError.isInstance(error) ||
    MissingAgentContextError.isInstance(error) ||
    ToolArgumentsError.isInstance(error) ||
    ToolNotFoundError.isInstance(error)
  );
}
