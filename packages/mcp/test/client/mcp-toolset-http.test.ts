import 'reflect-metadata';
import { AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { createMcpHttpHandler, McpToolset, type McpHttpHandler } from '@toolcraft/mcp';
import { listen } from '../support/http-server';
import { AddTool, FailTool, ProgressTool, WaitTool } from '../support/test-tools';

describe('McpToolset.http (a toolcraft server over Streamable HTTP)', () => {
  let http: Awaited<ReturnType<typeof listen>>;
  let toolset: McpToolset;
  let wait: WaitTool;
  const authorizations: Array<string | undefined> = [];
  beforeEach(async () => {
    wait = new WaitTool();
    const handler = createMcpHttpHandler([new AddTool(), new FailTool(), new ProgressTool(), wait], { name: 'remote', version: '1.0.0' });
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
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'fail', 'progress', 'wait']);
    expect(tools[0]!.inputSchema).toEqual(new AddTool().inputSchema);
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tools) });
    expect((await env.executeTool({ name: 'add', arguments: { a: 40, b: 2 } })).content).toBe('42');
    const failed = await env.executeTool({ name: 'fail', arguments: { message: 'quota exceeded' } });
    expect(failed.isError).toBe(true);
    expect(failed.content).toBe("Error: tool 'fail' failed: quota exceeded");
    expect(authorizations.length).toBeGreaterThan(2);
    expect(new Set(authorizations)).toEqual(new Set(['Bearer token-1']));
  });

  it('stops a cancelled call on the stateless server too (its HTTP exchange is ended), not the other calls', async () => {
    toolset = McpToolset.http(http.url);
    const env = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    const [first, second] = [new AbortController(), new AbortController()];
    const pending = [first, second].map((controller) =>
      env.executeTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal }),
    );
    await wait.starts.reached(2);
    first.abort(new Error('user pressed stop'));
    expect((await pending[0])!.content).toMatch(/cancelled/);
    await wait.aborts.reached(1);
    // A later exchange with the server has gone through: the other call is still running.
    expect((await env.executeTool({ name: 'add', arguments: { a: 1, b: 1 } })).content).toBe('2');
    expect(wait.aborted).toHaveLength(1);
    second.abort();
    await pending[1];
    await wait.aborts.reached(2);
    expect((await env.executeTool({ name: 'add', arguments: { a: 1, b: 2 } })).content).toBe('3');
  });

  it('stops a call past its time limit on the server too', async () => {
    toolset = McpToolset.http(http.url, { timeoutMs: 100 });
    const env = new AgentEnvironment({ registry: ToolRegistry.of(await toolset.getTools()) });
    expect((await env.executeTool({ name: 'wait', arguments: {} })).content).toContain('did not finish within 100 ms');
    await wait.aborts.reached(1);
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
