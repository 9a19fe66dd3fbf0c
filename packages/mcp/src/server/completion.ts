import type { CompleteResult } from '@modelcontextprotocol/sdk/types.js';
import type { MarkedMethod } from '@toolcraft/core/internal';
import type { PromptService } from './prompt-service.js';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';
import type { ResourceService } from './resource-service.js';

/** The most values one completion answers with (the protocol's limit). */
const maxValues = 100;

/**
 * Answers `completion/complete` for a prompt's argument (`ref/prompt`) or a resource template's
 * variable (`ref/resource`): an argument with allowed values (`@LLMDescription({ enum })`) completes
 * to those that start with what was typed (case-insensitive), at most 100 with `total` and
 * `hasMore`; any other argument completes to nothing. An unknown prompt or template is answered with
 * `InvalidParams`.
 * @param params - the request's params (`ref`, `argument`)
 * @param prompts - the server's prompts, if any
 * @param resources - the server's resources, if any
 * @returns the completion
 * @throws McpProtocolError (InvalidParams) for a malformed request or an unknown reference
 */
export function complete(params: unknown, prompts: PromptService | undefined, resources: ResourceService | undefined): CompleteResult {
  const { ref, argument } = (params ?? {}) as {
    ref?: { type?: unknown; name?: unknown; uri?: unknown };
    argument?: { name?: unknown; value?: unknown };
  };
  if (typeof argument?.name !== 'string' || typeof argument.value !== 'string')
    throw new McpProtocolError(
      ProtocolErrorCode.invalidParams,
      'Invalid completion/complete request: params.argument must be { name, value } strings.',
    );
  let method: MarkedMethod | undefined;
  if (ref?.type === 'ref/prompt' && typeof ref.name === 'string') {
    method = prompts?.find(ref.name);
    if (method === undefined) throw new McpProtocolError(ProtocolErrorCode.invalidParams, `Prompt ${ref.name} not found`);
  } else if (ref?.type === 'ref/resource' && typeof ref.uri === 'string') {
    method = resources?.template(ref.uri);
    if (method === undefined) throw new McpProtocolError(ProtocolErrorCode.invalidParams, `Resource template ${ref.uri} not found`);
  } else
    throw new McpProtocolError(
      ProtocolErrorCode.invalidParams,
      "Invalid completion/complete request: params.ref must be { type: 'ref/prompt', name } or { type: 'ref/resource', uri }.",
    );
  const allowed = method.arguments.find((candidate) => candidate.name === argument.name)?.enum ?? [];
  const typed = argument.value.toLowerCase();
  const values = allowed.map(String).filter((value) => value.toLowerCase().startsWith(typed));
  return { completion: { values: values.slice(0, maxValues), total: values.length, hasMore: values.length > maxValues } };
}
