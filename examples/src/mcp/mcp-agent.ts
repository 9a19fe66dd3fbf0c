import 'reflect-metadata';
import { Agent, type ChatModel } from '@toolcraft/core';
import { McpToolset } from '@toolcraft/mcp';
import { modelFromEnv } from '../model-from-env.js';
import { printRun } from '../print-run.js';

/** The offline script: two calls to the server's tools, then the answer. */
export const mcpAgentScript = [
  {
    toolCalls: [
      { name: 'get-sum', arguments: { a: 19, b: 23 } },
      { name: 'echo', arguments: { message: 'toolcraft imported this tool over MCP' } },
    ],
  },
  { text: '19 + 23 = 42, and the echo server says: toolcraft imported this tool over MCP.' },
];

/**
 * The MCP "everything" reference server (`@modelcontextprotocol/server-everything`, from the npm
 * registry), started as a child process over stdio; any other server works the same way, e.g.
 * `McpToolset.stdio({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] })`.
 * @returns the toolset
 */
export function everythingServer(): McpToolset {
  return McpToolset.stdio({
    name: 'everything',
    command: process.execPath,
    args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    stderr: 'ignore',
    toolFilter: (tool) => tool.annotations?.readOnlyHint === true,
  });
}

/**
 * An agent whose tools are the read-only tools of an MCP server, asked for at every turn.
 * @param model - the chat model
 * @param toolset - the MCP server's tools
 * @returns the agent (call `agent.close()` to stop the server)
 */
export function createMcpAgent(model: ChatModel, toolset: McpToolset = everythingServer()): Agent {
  return new Agent({ model, name: 'mcp_agent', tools: [toolset], instructions: 'Use the tools of the MCP server to answer.' });
}

if (require.main === module) {
  const { model, banner } = modelFromEnv(mcpAgentScript);
  console.log(banner);
  const agent = createMcpAgent(model);
  agent
    .run('What is 19 + 23? Also echo "toolcraft imported this tool over MCP".')
    .then((run) => printRun(run, console.log))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => agent.close());
}
