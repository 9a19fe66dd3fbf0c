import 'reflect-metadata';
import { Agent, AgentEnvironment, ToolRegistry, type ErrorDetail } from '@toolcraft/core';
import { createMcpServer, McpToolError, type McpToolset } from '@toolcraft/mcp';
import { ScriptedModel } from '@toolcraft/testing';
import { inMemoryToolset } from '../support/in-memory-toolset';
import { FailTool } from '../support/test-tools';

describe("a toolcraft server's error results, imported by a toolcraft McpToolset", () => {
  let toolset: McpToolset | undefined;
  afterEach(() => toolset?.close());

  async function failWith(serverDetail: ErrorDetail, prefix = ''): Promise<string> {
    toolset = inMemoryToolset(createMcpServer([new FailTool()], { name: 'remote', version: '1', errorDetail: serverDetail }), { prefix });
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    const result = await environment.executeTool({ name: `${prefix}fail`, arguments: { message: 'quota exceeded' } });
    expect(result.isError).toBe(true);
    expect(McpToolError.isInstance(result.error)).toBe(true);
    return result.content;
  }

  it('reach the model with one "Error: tool ... failed:" lead-in, as a local tool’s error would', async () => {
    expect(await failWith('message')).toBe("Error: tool 'fail' failed: quota exceeded");
  });

  it('name the tool as the model calls it, under a prefix', async () => {
    expect(await failWith('message', 'remote_')).toBe("Error: tool 'remote_fail' failed: quota exceeded");
  });

  it("keep what the server's errorDetail chose to tell, without repeating the lead-in", async () => {
    expect(await failWith('generic')).toBe(
      "Error: tool 'fail' failed: No details are available; try different arguments or another approach.",
    );
    expect(await failWith('full')).toMatch(/^Error: tool 'fail' failed: Error: quota exceeded/);
  });

  it('read the same in an agent run', async () => {
    toolset = inMemoryToolset(createMcpServer([new FailTool()], { name: 'remote', version: '1' }));
    const model = new ScriptedModel([{ toolCalls: [{ name: 'fail', arguments: { message: 'no disk' } }] }, { text: 'sorry' }]);
    const run = await new Agent({ model, tools: [toolset] }).run('go');
    expect(run.toolCalls[0]!.result.content).toBe("Error: tool 'fail' failed: no disk");
  });
});
