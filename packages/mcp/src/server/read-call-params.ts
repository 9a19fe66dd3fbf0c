import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';
import type { CallParams } from './tool-service.js';

/**
 * Reads the params of a raw `tools/call` request (the server answers it without the SDK's zod
 * parsing, which costs more than the call): a name, and optionally arguments and `_meta` objects.
 * @param params - the request's params
 * @returns the params (the same object)
 * @throws McpProtocolError (InvalidParams) saying what is wrong
 */
export function readCallParams(params: unknown): CallParams {
  if (typeof params !== 'object' || params === null) throw invalid("params.name must be the tool's name (a string)");
  const { name, arguments: args, _meta } = params as Record<string, unknown>;
  if (typeof name !== 'string') throw invalid("params.name must be the tool's name (a string)");
  if (args !== undefined && !isObject(args)) throw invalid('params.arguments must be an object');
  if (_meta !== undefined && !isObject(_meta)) throw invalid('params._meta must be an object');
  // The params themselves, checked: no copy per call (other fields, such as `task`, are not read).
  return params as CallParams;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(problem: string): McpProtocolError {
  return new McpProtocolError(ProtocolErrorCode.invalidParams, `Invalid tools/call request: ${problem}.`);
}
