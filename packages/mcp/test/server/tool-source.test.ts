import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AgentEnvironment, DuplicateToolError, InvalidToolDefinitionError, ToolRegistry, type Toolset } from '@toolcraft/core';
import { Tool } from '@toolcraft/core/annotations';
import {
  createMcpHttpHandler,
  createMcpServer,
  InvalidMcpOptionsError,
  serveMcpStdio,
  type McpToolSource,
  type McpToolsItem,
} from '@toolcraft/mcp';
import { connectClient } from '../support/connect';
import { AddTool, FailTool, RepeatTool } from '../support/test-tools';

const info = { name: 'test-server', version: '1.2.3' };

class GreetingService {
  @Tool() greet(name: string): string {
    return `hello ${name}`;
  }
}

describe("An MCP server's tools", () => {
  let client: Client | undefined;
  afterEach(() => client?.close());

  async function listedNames(server: ReturnType<typeof createMcpServer>): Promise<string[]> {
    client = await connectClient(server);
    return (await client.listTools()).tools.map((tool) => tool.name);
  }

  it('may be a list mixing tools, @Tool service instances, registries and nested lists, served in order', async () => {
    const registry = ToolRegistry.of(new FailTool());
    const server = createMcpServer([new AddTool(), registry, new GreetingService(), [ToolRegistry.of(new RepeatTool())]], info);
    expect(await listedNames(server)).toEqual(['add', 'fail', 'greet', 'repeat']);
    expect((await client!.callTool({ name: 'fail', arguments: { message: 'no' } })).isError).toBe(true);
    expect((await client!.callTool({ name: 'greet', arguments: { name: 'ada' } })).content).toEqual([{ type: 'text', text: 'hello ada' }]);
  });

  it('counts a tool found in a list and in a registry of the same list once, and refuses two different tools with one name', async () => {
    const add = new AddTool();
    expect(await listedNames(createMcpServer([add, ToolRegistry.of(add)], info))).toEqual(['add']);
    expect(() => createMcpServer([new AddTool(), ToolRegistry.of(new AddTool())], info)).toThrow(DuplicateToolError);
  });

  it('may be a value typed McpToolSource', async () => {
    const source: McpToolSource = [new AddTool(), ToolRegistry.of(new FailTool())];
    expect(await listedNames(createMcpServer(source, info))).toEqual(['add', 'fail']);
  });

  it('refuses an environment inside the list at compile time, and with an error saying what to pass', () => {
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(new FailTool()) });
    // @ts-expect-error an environment must be the whole source
    expect(() => createMcpServer([new AddTool(), environment], info)).toThrow(InvalidMcpOptionsError);
    // @ts-expect-error an environment must be the whole source, in a nested list too
    expect(() => createMcpServer([[environment]], info)).toThrow('put environment.registry in the list');
    // @ts-expect-error the same check applies to every entry point
    expect(() => createMcpHttpHandler([environment], info)).toThrow(InvalidMcpOptionsError);
    // @ts-expect-error the same check applies to every entry point
    return expect(serveMcpStdio([environment], info)).rejects.toThrow(InvalidMcpOptionsError);
  });

  it('may hold a toolset, whose tools are listed as they are now', async () => {
    const toolset: Toolset = { name: 'remote', getTools: () => [new FailTool()] };
    expect(await listedNames(createMcpServer([new AddTool(), toolset], info))).toEqual(['add', 'fail']);
    expect(client!.getServerCapabilities()?.tools).toEqual({ listChanged: true });
  });

  it('refuses classes, strings and other values that are not tools at compile time and with a clear error', () => {
    // @ts-expect-error a class is not an instance
    expect(() => createMcpServer([AddTool], info)).toThrow(/takes instances, not classes: pass new AddTool\(\)/);
    // @ts-expect-error a string is not a tool
    expect(() => createMcpServer(['add'], info)).toThrow(InvalidToolDefinitionError);
    // Any object may be a service: one without @Tool methods is refused when the server is made.
    expect(() => createMcpServer([new Date()], info)).toThrow(/has no method marked @Tool\(\)/);
    // @ts-expect-error the source must be a registry, an environment or a list
    expect(() => createMcpServer(undefined, info)).toThrow(
      'the tools must be a ToolRegistry, an AgentEnvironment, or a list of tools, @Tool service instances and registries; got undefined',
    );
  });

  it('refuses a list that contains itself instead of overflowing the stack', () => {
    const list: McpToolsItem[] = [new AddTool()];
    list.push(list);
    expect(() => createMcpServer(list, info)).toThrow('its list of tools contains itself');
  });
});
