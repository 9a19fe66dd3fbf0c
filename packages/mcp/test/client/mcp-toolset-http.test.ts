import 'reflect-metadata';
import { AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { createMcpHttpHandler, McpToolset, type McpHttpHandler } from '@toolcraft/mcp';
import { listen } from '../support/http-server';
import { AddTool, FailTool, ProgressTool } from '../support/test-tools';

describe('McpToolset.http (a toolcraft server over Streamable HTTP)', () => {
  let http: Awaited<ReturnType<typeof listen>>;
  let toolset: McpToolset;
  const authorizations: Array<string | undefined> = [];
  beforeEach(async () => {
    const handler = createMcpHttpHandler([new AddTool(), new FailTool(), new ProgressTool()], { name: 'remote', version: '1.0.0' });
    const recording: McpHttpHandler = (request, response) => {
      authorizations.push(request.headers.authorization);
      return handler(request, response);
    };
    http = await listen(recording);
  });
  afterEach(async () => {
    await toolset?.close();
    await http.close();
  });

  it("imports the tools with the server's schemas, calls them with the configured headers, and answers errors as error results", async () => {
    toolset = McpToolset.http(http.url, { headers: { Authorization: 'Bearer token-1' } });
    const tools = await toolset.getTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'fail', 'progress']);
    expect(tools[0]!.inputSchema).toEqual(new AddTool().inputSchema);
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tools) });
    expect((await env.executeTool({ name: 'add', arguments: { a: 40, b: 2 } })).content).toBe('42');
    const failed = await env.executeTool({ name: 'fail', arguments: { message: 'quota exceeded' } });
    expect(failed.isError).toBe(true);
    expect(failed.content).toBe("Error: tool 'fail' failed: quota exceeded");
    expect(authorizations.length).toBeGreaterThan(2);
    expect(new Set(authorizations)).toEqual(new Set(['Bearer token-1']));
  });

  it('is named after the host unless named', () => {
    toolset = McpToolset.http(http.url);
    expect(toolset.name).toBe(http.url.host);
    expect(McpToolset.http(http.url, { name: 'billing' }).name).toBe('billing');
  });

  it('fails the first turn clearly when nothing listens at the URL', async () => {
    await http.close();
    toolset = McpToolset.http(http.url);
    await expect(toolset.getTools()).rejects.toThrow(/MCP server '127\.0\.0\.1:\d+': could not connect/);
  });
});
