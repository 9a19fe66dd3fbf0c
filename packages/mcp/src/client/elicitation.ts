import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { defaultArgumentLimits, describeThrownValue, ToolArgumentsError, type ElicitationResult, type JsonSchema } from '@toolcraft/core';
import { compileArgsDecoder, untilAborted } from '@toolcraft/core/internal';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';

/** What an MCP server asked a person, passed to an `McpToolset`'s `elicitation` handler. */
export interface McpElicitationRequest {
  /** The toolset whose server asks. */
  toolset: string;
  /** What to tell the person. */
  message: string;
  /** The JSON Schema of the values asked for (an object of primitive properties). */
  requestedSchema: Readonly<Record<string, unknown>>;
  /** Aborted when the server gives up (it cancelled, or the connection ended). */
  signal: AbortSignal;
}

/**
 * Answers a server's elicitation (`elicitation/create`), usually by asking the person at the
 * keyboard: `{ action: 'accept', content }` (checked against the requested schema, its defaults
 * filled in), `{ action: 'decline' }` or `{ action: 'cancel' }`.
 */
export type McpElicitationHandler = (request: McpElicitationRequest) => ElicitationResult | Promise<ElicitationResult>;

/**
 * Answers one `elicitation/create` with the toolset's handler. The requested schema is compiled by the
 * one validator (its patterns in linear time, as the server's schemas are someone else's), and an
 * accepted answer is checked against it, its `default`s filled in for the fields left out. A URL-mode
 * elicitation, a schema that cannot be used, a handler that throws or answers what does not fit are
 * answered with a JSON-RPC error, so the server's call ends with a clear error and the session goes on.
 * @param handler - the toolset's handler
 * @param toolset - the toolset's name
 * @param params - the request's params
 * @param signal - the request's signal
 * @returns the answer sent to the server
 * @throws McpProtocolError (InvalidParams, InternalError) saying what was wrong
 */
export async function answerElicitation(
  handler: McpElicitationHandler,
  toolset: string,
  params: ElicitRequest['params'],
  signal: AbortSignal,
): Promise<ElicitResult> {
  if (params.mode === 'url')
    throw new McpProtocolError(
      ProtocolErrorCode.invalidParams,
      'This client answers form elicitation only (it did not declare url elicitation).',
    );
  const requestedSchema = params.requestedSchema as unknown as Readonly<Record<string, unknown>>;
  let decoder;
  try {
    decoder = compileArgsDecoder<Record<string, unknown>>(
      { schema: requestedSchema as JsonSchema, origin: 'imported' },
      'the requested schema',
    );
  } catch (error) {
    throw new McpProtocolError(ProtocolErrorCode.invalidParams, `The requested schema cannot be used: ${describeThrownValue(error)}`);
  }
  let answer: ElicitationResult;
  try {
    answer = await untilAborted(
      Promise.resolve().then(() => handler({ toolset, message: params.message, requestedSchema, signal })),
      signal,
    );
  } catch (error) {
    if (signal.aborted) throw error;
    throw new McpProtocolError(ProtocolErrorCode.internalError, `The elicitation handler failed: ${describeThrownValue(error)}`);
  }
  const action = (answer as { action?: unknown } | undefined)?.action;
  if (action === 'decline' || action === 'cancel') return { action };
  if (action !== 'accept')
    throw new McpProtocolError(
      ProtocolErrorCode.internalError,
      `The elicitation handler answered ${JSON.stringify(answer) ?? typeof answer}; expected { action: 'accept', content }, { action: 'decline' } or { action: 'cancel' }.`,
    );
  const outcome = decoder.decode(answer.content ?? {}, defaultArgumentLimits);
  if (!outcome.ok)
    throw new McpProtocolError(
      ProtocolErrorCode.internalError,
      `The elicitation handler's answer does not fit the requested schema:${new ToolArgumentsError('elicitation', outcome.violations).message.replace(/^[^:]*:/, '')}`,
    );
  return { action: 'accept', content: outcome.value as ElicitResult['content'] };
}
