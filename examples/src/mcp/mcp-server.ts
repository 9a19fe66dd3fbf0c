import 'reflect-metadata';
import { type AnyTool } from '@toolcraft/core';
import { serveMcpStdio } from '@toolcraft/mcp';
import { CalculatorTool } from '../tools/calculator-tool.js';
import { CountdownTool } from './countdown-tool.js';

/** The tools the example servers expose. */
export function exampleTools(): AnyTool[] {
  return [new CalculatorTool(), new CountdownTool()];
}

/** The example server's name and version, as clients see them. */
export const exampleServerInfo = { name: 'toolcraft-example', version: '0.1.0' };

// Run by an MCP host (Claude Desktop, an IDE, the MCP Inspector) as `node examples/dist/cjs/mcp/mcp-server.js`.
if (require.main === module) {
  serveMcpStdio(exampleTools(), exampleServerInfo).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
