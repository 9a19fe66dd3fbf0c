import type { GetPromptResult, ListPromptsResult } from '@modelcontextprotocol/sdk/types.js';
import type { MethodPrompt } from '@toolcraft/core/internal';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import { callMarkedMethod, type MarkedCall } from './call-marked-method.js';
import { promptResult } from './prompt-result.js';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';
import { readStringArguments } from './string-arguments.js';

/**
 * The `@Prompt` methods of a server: `prompts/list` (each prompt's name, title, description and
 * arguments) and `prompts/get`, which validates the arguments as a tool's (strings read for their
 * parameter's type) and answers the messages the method returns. An unknown prompt is answered
 * with `InvalidParams` (-32602), as the protocol says.
 */
export class PromptService {
  /** The `prompts/list` result. */
  readonly listResult: ListPromptsResult;
  private readonly byName = new Map<string, MethodPrompt>();

  /**
   * @param prompts - the prompts, in order
   * @throws InvalidMcpOptionsError when two prompts share a name
   */
  constructor(readonly prompts: readonly MethodPrompt[]) {
    for (const prompt of prompts) {
      if (this.byName.has(prompt.name))
        throw new InvalidMcpOptionsError(
          'an MCP server',
          `two prompts are named '${prompt.name}' (${this.byName.get(prompt.name)!.source} and ${prompt.source}); give one a customName.`,
        );
      this.byName.set(prompt.name, prompt);
    }
    this.listResult = {
      prompts: prompts.map((prompt) => ({
        name: prompt.name,
        ...(prompt.title === undefined ? {} : { title: prompt.title }),
        ...(prompt.description.length === 0 ? {} : { description: prompt.description }),
        ...(prompt.arguments.length === 0
          ? {}
          : {
              arguments: prompt.arguments.map((argument) => ({
                name: argument.name,
                ...(argument.description === undefined ? {} : { description: argument.description }),
                required: argument.required,
              })),
            }),
      })),
    };
  }

  /**
   * @param name - a prompt's name
   * @returns the prompt, or undefined
   */
  find(name: string): MethodPrompt | undefined {
    return this.byName.get(name);
  }

  /**
   * Answers `prompts/get`.
   * @param params - the request's params (`name`, `arguments`)
   * @param call - the request's id, signal and the connection's context
   * @returns the prompt's messages
   * @throws McpProtocolError: InvalidParams for an unknown prompt or bad arguments, InternalError for a failing method
   */
  async get(params: unknown, call: Omit<MarkedCall, 'kind'>): Promise<GetPromptResult> {
    const { name, arguments: args } = (params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof name !== 'string')
      throw new McpProtocolError(
        ProtocolErrorCode.invalidParams,
        "Invalid prompts/get request: params.name must be the prompt's name (a string).",
      );
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
      throw new McpProtocolError(ProtocolErrorCode.invalidParams, 'Invalid prompts/get request: params.arguments must be an object.');
    const prompt = this.byName.get(name);
    if (prompt === undefined) {
      const known = [...this.byName.keys()];
      throw new McpProtocolError(
        ProtocolErrorCode.invalidParams,
        `Prompt ${name} not found${known.length === 0 ? '' : `; this server's prompts: ${known.slice(0, 20).join(', ')}`}`,
      );
    }
    const value = await callMarkedMethod(
      prompt,
      readStringArguments(args as Record<string, unknown> | undefined, prompt.argsDecoder.schema),
      {
        ...call,
        kind: 'prompt',
      },
    );
    return promptResult(prompt.name, value);
  }
}
