import { ToolcraftError } from '@toolcraft/core';

const errorName = 'InvalidMcpOptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** Options of an MCP server, handler or toolset that cannot work, saying which and what was expected. */
export class InvalidMcpOptionsError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param subject - what was being created (`createMcpServer()`, `McpToolset.stdio()`...)
   * @param problem - what was wrong and what was expected
   */
  constructor(subject: string, problem: string) {
    super(`Invalid options of ${subject}: ${problem}`);
  }

  /**
   * Tells whether a value is a {@link InvalidMcpOptionsError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidMcpOptionsError}
   */
  static override isInstance(error: unknown): error is InvalidMcpOptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
