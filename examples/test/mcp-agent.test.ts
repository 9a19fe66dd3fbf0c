import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { createMcpAgent, mcpAgentScript } from '../src/mcp/mcp-agent.js';

// Each test starts a server process; on a busy machine that takes seconds.
jest.setTimeout(30_000);
describe('the MCP agent example (offline)', () => {
  it('answers with the read-only tools it imported from @modelcontextprotocol/server-everything', async () => {
    const model = new ScriptedModel(mcpAgentScript);
    const agent = createMcpAgent(model);
    try {
      const run = await agent.run('What is 19 + 23? Also echo "toolcraft imported this tool over MCP".');
      expect(run.stopReason).toBe('completed');
      expect(run.toolCalls.map((call) => [call.name, call.result.isError])).toEqual([
        ['get-sum', false],
        ['echo', false],
      ]);
      expect(run.toolCalls[0]!.result.content).toContain('42');
      expect(run.toolCalls[1]!.result.content).toBe('Echo: toolcraft imported this tool over MCP');
      const offered = model.requests[0]!.tools!.map((tool) => tool.name);
      expect(offered).toEqual(expect.arrayContaining(['get-sum', 'echo']));
      expect(offered).not.toContain('toggle-simulated-logging');
    } finally {
      await agent.close();
    }
  });
});
