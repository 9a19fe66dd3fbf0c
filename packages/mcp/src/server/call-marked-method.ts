import {
  defaultArgumentLimits,
  describeThrownValue,
  FrameworkKeys,
  ToolArgumentsError,
  ToolCallMetadata,
  type AgentContext,
  type ErrorDetail,
} from '@toolcraft/core';
import { untilAborted, type MarkedMethod } from '@toolcraft/core/internal';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';

/** One call of a `@Prompt` or `@Resource` method. */
export interface MarkedCall {
  /** What is called: `'prompt'` or `'resource'`, for messages. */
  kind: 'prompt' | 'resource';
  /** The request's id, the call's id in its context. */
  requestId: string;
  /** The request's signal: the call's `context.signal`, and what stops waiting for it. */
  signal: AbortSignal;
  /** The connection's context (its state and name), made into the call's. */
  context: AgentContext;
  /** How much of a thrown error the client is told (the server's `errorDetail`). */
  errorDetail: ErrorDetail;
}

/**
 * Decodes a prompt's or resource's arguments with the method's validator and calls it, waiting at
 * most until the request is cancelled. Bad arguments are answered with `InvalidParams` and the text a
 * tool's bad arguments get (`Invalid arguments for prompt 'x':` then one line per violation); a method
 * that throws, with `InternalError` and its error told as `errorDetail` says.
 * @param method - the prompt or resource
 * @param args - the raw arguments (strings already read for their schema)
 * @param call - the request's id, signal and context
 * @returns what the method returned
 * @throws McpProtocolError for bad arguments or a failing method; the signal's reason when it is cancelled
 */
export function callMarkedMethod(method: MarkedMethod, args: Record<string, unknown>, call: MarkedCall): Promise<unknown> {
  const outcome = method.argsDecoder.decode(args, defaultArgumentLimits);
  if (!outcome.ok) {
    const text = new ToolArgumentsError(method.name, outcome.violations).message.replace(
      /^Invalid arguments for tool /,
      `Invalid arguments for ${call.kind} `,
    );
    return Promise.reject(new McpProtocolError(ProtocolErrorCode.invalidParams, text));
  }
  return callInContext((metadata) => method.invoke(outcome.value, metadata), `${capitalised(call.kind)} '${method.name}'`, call);
}

/**
 * Runs a method of a service with the call's context and signal (as `callMarkedMethod` runs a prompt
 * or resource), waiting at most until the request is cancelled; a failure is answered with
 * `InternalError`, its error told as `errorDetail` says.
 * @param run - calls the method with the call's metadata
 * @param subject - what is called, for the error (`Resource 'note'`)
 * @param call - the request's id, signal and context
 * @returns what the method returned
 * @throws McpProtocolError for a failing method; the signal's reason when it is cancelled
 */
export async function callInContext(
  run: (metadata: ToolCallMetadata) => unknown,
  subject: string,
  call: Omit<MarkedCall, 'kind'>,
): Promise<unknown> {
  const context = call.context.forToolCall(call.requestId, call.signal);
  const metadata = ToolCallMetadata.of([
    [FrameworkKeys.agentContext, context],
    [FrameworkKeys.signal, call.signal],
    [FrameworkKeys.toolCallId, call.requestId],
  ]);
  try {
    return await untilAborted(
      Promise.resolve().then(() => run(metadata)),
      call.signal,
    );
  } catch (error) {
    if (call.signal.aborted) throw error;
    throw new McpProtocolError(ProtocolErrorCode.internalError, failureText(subject, error, call.errorDetail));
  }
}

function failureText(subject: string, error: unknown, detail: ErrorDetail): string {
  switch (detail) {
    case 'generic':
      return `${subject} failed.`;
    case 'full':
      return `${subject} failed with ${describeThrownValue(error, { detail: 'full' })}`;
    default:
      return `${subject} failed: ${describeThrownValue(error)}`;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
