import 'reflect-metadata';
import { AgentContext, AgentEnvironment, ToolRegistry, type ToolProgress } from '@toolcraft/core';
import { McpConnectionError, McpTool, McpToolError, McpToolset } from '@toolcraft/mcp';
import { fixtureToolset, isRunning, waitFor } from '../support/fixture-toolset';

// Each test starts a server process; on a busy machine that takes seconds.
jest.setTimeout(30_000);
describe('McpToolset.stdio (a server written on the SDK alone)', () => {
  let fixture: ReturnType<typeof fixtureToolset>;
  afterEach(async () => {
    await fixture.toolset.close();
    fixture.cleanup();
  });

  async function environment(options: { toolTimeoutMs?: number; maxResultChars?: number } = {}) {
    const tools = await fixture.toolset.getTools();
    return new AgentEnvironment({ registry: ToolRegistry.of(tools), ...options });
  }

  it("imports the server's tools with its schemas and annotations", async () => {
    fixture = fixtureToolset();
    const tools = await fixture.toolset.getTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'hang', 'die', 'big', 'fail', 'progress', 'add_tool', 'image']);
    const echo = tools[0]!;
    if (!(echo instanceof McpTool)) throw new Error('expected an McpTool');
    expect(echo.description).toBe('Echoes a text.');
    expect(echo.inputSchema).toEqual({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
    expect(echo.remote.annotations).toEqual({ readOnlyHint: true });
    expect(echo.toolset).toBe(fixture.toolset.name);
  });

  it('answers calls through an environment: text, isError results as errors, images as parts', async () => {
    fixture = fixtureToolset();
    const env = await environment();
    expect(await env.executeTool({ name: 'echo', arguments: { text: 'hi' } })).toEqual(
      expect.objectContaining({ content: 'echo: hi', isError: false }),
    );
    const failed = await env.executeTool({ name: 'fail', arguments: {} });
    expect(failed).toEqual(expect.objectContaining({ content: "Error: tool 'fail' failed: the disk is full", isError: true }));
    expect(McpToolError.isInstance(failed.error)).toBe(true);
    // An image reaches the model as an image part (the text names it, for a provider that takes text only).
    const image = await env.executeTool({ name: 'image', arguments: {} });
    expect(image.parts).toEqual([
      { type: 'text', text: 'a picture:' },
      { type: 'image', data: Buffer.alloc(300).toString('base64'), mediaType: 'image/png' },
    ]);
    expect(image.content).toBe('a picture:\n[image: image/png]');
    const invalid = await env.executeTool({ name: 'echo', arguments: { text: 3 } });
    expect(invalid.isError).toBe(true);
    expect(invalid.content).toContain("'text'");
  });

  it('skips tools with a name or schema toolcraft cannot use, with a warning for each, and imports the rest', async () => {
    fixture = fixtureToolset({ bad: true });
    const names = (await fixture.toolset.getTools()).map((tool) => tool.name);
    expect(names).toContain('echo');
    expect(names).not.toEqual(expect.arrayContaining(['bad name!']));
    expect(names.filter((name) => name.startsWith('bad') || name === 'not_object')).toEqual([]);
    expect(fixture.warnings.map((warning) => [warning.tool, warning.message])).toEqual([
      ['bad name!', expect.stringContaining('toolcraft tool names are 1 to 64 letters')],
      ['bad_schema', expect.stringContaining("tool 'bad_schema' skipped")],
      ['not_object', expect.stringContaining('inputSchema must be a JSON Schema of type "object", got {"type":"string"}')],
    ]);
    expect(fixture.warnings.every((warning) => warning.toolset === fixture.toolset.name)).toBe(true);
  });

  it('offers the same tool instances turn after turn, and lists again after tools/list_changed', async () => {
    fixture = fixtureToolset();
    const first = await fixture.toolset.getTools();
    expect(fixture.toolset.getTools()).toBe(first);
    await (await environment()).executeTool({ name: 'add_tool', arguments: {} });
    await waitFor(() => !Array.isArray(fixture.toolset.getTools()));
    const second = await fixture.toolset.getTools();
    expect(second.map((tool) => tool.name)).toEqual([...first.map((tool) => tool.name), 'added']);
    expect(second.slice(0, first.length)).toEqual(first);
    expect(second[0]).toBe(first[0]);
  });

  it('answers open calls with a clear error when the server dies, and reconnects at the next turn', async () => {
    fixture = fixtureToolset();
    const env = await environment();
    const [died, hung] = await Promise.all([
      env.executeTool({ name: 'die', arguments: {} }),
      env.executeTool({ name: 'hang', arguments: {} }),
    ]);
    for (const result of [died, hung]) {
      expect(result.isError).toBe(true);
      expect(McpConnectionError.isInstance(result.error)).toBe(true);
    }
    expect(died.content).toContain("closed the connection while 'die' was running");
    expect(died.content).toContain('out of memory (simulated)');
    expect(hung.content).toContain("while 'hang' was running");
    const later = await env.executeTool({ name: 'echo', arguments: { text: 'anyone?' } });
    expect(later.content).toContain("is not connected, so 'echo' cannot be called");
    const tools = await fixture.toolset.getTools();
    expect(fixture.pids()).toHaveLength(2);
    const again = new AgentEnvironment({ registry: ToolRegistry.of(tools) });
    expect((await again.executeTool({ name: 'echo', arguments: { text: 'back' } })).content).toBe('echo: back');
  });

  it("bounds a call the server never answers by the call's time limit and cancels it on the server", async () => {
    fixture = fixtureToolset();
    const env = await environment({ toolTimeoutMs: 100 });
    const result = await env.executeTool({ name: 'hang', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content).toContain("Tool 'hang' did not finish within 100 ms");
    await waitFor(() => fixture.log().some((line) => line.startsWith('cancelled hang')));
    expect((await env.executeTool({ name: 'echo', arguments: { text: 'still here' } })).content).toBe('echo: still here');
  });

  it("bounds a call the server never answers by the run's abort signal", async () => {
    fixture = fixtureToolset();
    const env = await environment();
    const controller = new AbortController();
    const pending = env.executeTool({ name: 'hang', arguments: {} }, undefined, { signal: controller.signal });
    await waitFor(() => fixture.log().includes('started hang'));
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/cancel/i);
    await waitFor(() => fixture.log().some((line) => line.startsWith('cancelled hang')));
  });

  it("cuts oversized results at the toolset's maxResultChars, and the environment's maxResultChars applies too", async () => {
    fixture = fixtureToolset({ maxResultChars: 1_000 });
    const own = await (await environment()).executeTool({ name: 'big', arguments: { n: 1_000_000 } });
    expect(own.content.length).toBeLessThan(1_200);
    expect(own.content).toContain('the result was 1000000 characters, the limit is 1000');
    const env = await (await environment({ maxResultChars: 50 })).executeTool({ name: 'big', arguments: { n: 1_000_000 } });
    expect(env.content.length).toBeLessThan(200);
  });

  it("relays the server's progress notifications to context.reportProgress", async () => {
    fixture = fixtureToolset();
    const env = await environment();
    const reports: ToolProgress[] = [];
    const result = await env.executeTool({ id: 'call-1', name: 'progress', arguments: {} }, undefined, {
      agentContext: new AgentContext({ runId: 'run-1', agentName: 'agent' }),
      onProgress: (progress) => reports.push(progress),
    });
    expect(result.content).toBe('progressed');
    expect(reports).toEqual([1, 2, 3].map((done) => ({ callId: 'call-1', toolName: 'progress', done, total: 3, message: `step ${done}` })));
  });

  it('ends the server process on close(), leaving no orphan, and refuses to be used afterwards', async () => {
    fixture = fixtureToolset();
    await fixture.toolset.getTools();
    const [pid] = fixture.pids();
    expect(isRunning(pid!)).toBe(true);
    await fixture.toolset.close();
    expect(isRunning(pid!)).toBe(false);
    await expect(fixture.toolset.getTools()).rejects.toThrow('the toolset was closed');
    await fixture.toolset.close();
  });

  it('abandons a connection the server never answers when closed, and ends the process before close() resolves', async () => {
    fixture = fixtureToolset({ script: 'silent-server.js' });
    const connecting = fixture.toolset.getTools();
    await waitFor(() => fixture.pids().length === 1);
    const startedAt = Date.now();
    await fixture.toolset.close();
    expect(Date.now() - startedAt).toBeLessThan(10_000); // not the 60 s of requestTimeoutMs
    expect(isRunning(fixture.pids()[0]!)).toBe(false);
    await expect(connecting).rejects.toThrow('the toolset was closed');
  });

  it('ends a server that ignores both its closed stdin and SIGTERM (SIGKILL), leaving no orphan', async () => {
    fixture = fixtureToolset({ script: 'silent-server.js', serverArgs: ['ignore-term'] });
    const connecting = fixture.toolset.getTools();
    Promise.resolve(connecting).catch(() => undefined);
    await waitFor(() => fixture.pids().length === 1); // written once its SIGTERM handler is installed
    await fixture.toolset.close();
    expect(isRunning(fixture.pids()[0]!)).toBe(false);
  });

  it('abandons a tools/list the server never answers when closed', async () => {
    fixture = fixtureToolset({ serverArgs: ['hang-list'] });
    const listing = fixture.toolset.getTools();
    await waitFor(() => fixture.log().includes('listing tools'));
    await fixture.toolset.close();
    await expect(listing).rejects.toThrow('the toolset was closed');
    expect(isRunning(fixture.pids()[0]!)).toBe(false);
  });

  it('answers a call still open when the toolset is closed with an error saying so', async () => {
    fixture = fixtureToolset();
    const env = await environment();
    const pending = env.executeTool({ name: 'hang', arguments: {} });
    await waitFor(() => fixture.log().includes('started hang'));
    await fixture.toolset.close();
    const result = await pending;
    expect(McpConnectionError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain("the toolset was closed (close() was called) while 'hang' was running");
  });

  it('fails the first turn with a clear error when the server cannot be started', async () => {
    fixture = fixtureToolset({ command: '/nonexistent/mcp-server' });
    const failure = fixture.toolset.getTools();
    await expect(failure).rejects.toThrow(McpConnectionError);
    await expect(failure).rejects.toThrow(/MCP server '.*': could not connect: .*ENOENT/);
  });

  it('imports only the tools the filter selects, under a prefix', async () => {
    fixture = fixtureToolset({ toolFilter: ['echo', 'fail'], prefix: 'fx_' });
    const tools = await fixture.toolset.getTools();
    expect(tools.map((tool) => tool.name)).toEqual(['fx_echo', 'fx_fail']);
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tools) });
    expect((await env.executeTool({ name: 'fx_echo', arguments: { text: 'p' } })).content).toBe('echo: p');
  });

  it('refuses impossible options, saying which and what is expected', () => {
    fixture = fixtureToolset();
    expect(() => McpToolset.stdio({ command: '' })).toThrow("'command' must be the server's executable");
    expect(() => McpToolset.stdio({ command: 'node', timeoutMs: 0 })).toThrow("'timeoutMs' must be a number above 0");
    expect(() => McpToolset.stdio({ command: 'node', prefix: 'a.b' })).toThrow("'prefix' must be letters");
    expect(() => McpToolset.http('not a url')).toThrow('is not a URL');
    expect(() => McpToolset.http('ftp://example.com/mcp')).toThrow('must be http: or https:');
  });
});
