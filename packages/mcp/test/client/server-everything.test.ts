import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { Agent, AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { McpToolset, type McpToolsetWarning } from '@toolcraft/mcp';
import { ScriptedModel } from '@toolcraft/testing';

/** The processes this process started and that still run (but the `ps` asking), by pid. */
function children(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, command]) => Number(pid) > 0 && command !== 'ps')
    .map(([pid]) => Number(pid));
}

// Each test starts a server process; on a busy machine that takes seconds.
jest.setTimeout(30_000);
describe('McpToolset importing @modelcontextprotocol/server-everything (from the npm registry) over stdio', () => {
  it('gives an agent its tools: the model sees their schemas, the calls reach the server, and close() leaves no process behind', async () => {
    const before = children();
    const warnings: McpToolsetWarning[] = [];
    const everything = McpToolset.stdio({
      command: process.execPath,
      args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
      stderr: 'ignore',
      onWarning: (warning) => warnings.push(warning),
    });
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'echo', arguments: { message: 'hello from toolcraft' } },
          { id: 'c2', name: 'get-sum', arguments: { a: 2, b: 40 } },
        ],
      },
      { toolCalls: [{ id: 'c3', name: 'get-sum', arguments: { a: 'two' } }] },
      { text: 'The sum is 42.' },
    ]);
    const agent = new Agent({ model, tools: [everything], maxDurationMs: 30_000 });
    try {
      const run = await agent.run('Echo a greeting and add 2 and 40.');
      expect(run.stopReason).toBe('completed');
      expect(run.text).toBe('The sum is 42.');
      const offered = model.requests[0]!.tools!;
      expect(offered.map((tool) => tool.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image']));
      expect(offered.find((tool) => tool.name === 'get-sum')!.inputSchema).toEqual(
        expect.objectContaining({
          type: 'object',
          properties: expect.objectContaining({ a: expect.objectContaining({ type: 'number' }) }),
        }),
      );
      expect(run.toolCalls.map((call) => [call.name, call.result.isError, call.result.content])).toEqual([
        ['echo', false, 'Echo: hello from toolcraft'],
        ['get-sum', false, expect.stringContaining('42')],
        ['get-sum', true, expect.stringContaining("'a'")],
      ]);
      // Its one task-only tool is offered too: McpToolset calls it as an MCP task.
      expect(offered.map((tool) => tool.name)).toContain('simulate-research-query');
      expect(warnings).toEqual([]);
      expect(children().length).toBe(before.length + 1);
    } finally {
      await agent.close();
    }
    expect(children()).toEqual(before);
  });

  it('calls its task-only tool as an MCP task, answering the elicitation the task asks for while it needs input', async () => {
    const asked: string[] = [];
    const everything = McpToolset.stdio({
      command: process.execPath,
      args: [require.resolve('@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
      stderr: 'ignore',
      elicitation: ({ message }) => {
        asked.push(message);
        return { action: 'accept', content: { interpretation: 'programming' } };
      },
    });
    try {
      const environment = new AgentEnvironment({ registry: ToolRegistry.of(await everything.getTools()) });
      // The server's own stages take about a second each (four of them): its pace, not a wait of this test.
      const result = await environment.executeTool({
        id: 'c1',
        name: 'simulate-research-query',
        arguments: { topic: 'python', ambiguous: true },
      });
      expect(result.isError).toBe(false);
      expect(result.content).toContain('# Research Report: python (programming)');
      expect(result.content).toContain('`input_required`');
      expect(asked).toEqual([expect.stringContaining('"python" could have multiple interpretations')]);
    } finally {
      await everything.close();
    }
  });
});
