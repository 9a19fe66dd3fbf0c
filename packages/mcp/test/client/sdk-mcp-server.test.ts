import 'reflect-metadata';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AgentEnvironment, ToolRegistry, type ChatModel } from '@toolcraft/core';
import type { McpToolset } from '@toolcraft/mcp';
import { z } from 'zod';
import { inMemoryToolset } from '../support/in-memory-toolset';

/** The SDK's own McpServer, as other servers are written: a resource, a template, a prompt, a structured tool, elicitation and sampling. */
function sdkServer(): McpServer {
  const server = new McpServer({ name: 'sdk-server', version: '1.0.0' });
  server.registerResource('readme', 'docs://readme', { mimeType: 'text/markdown' }, (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: '# Read me' }],
  }));
  server.registerResource(
    'page',
    new ResourceTemplate('docs://pages/{n}', { list: undefined }),
    { mimeType: 'text/plain' },
    (uri, { n }) => ({
      contents: [{ uri: uri.href, text: `page ${String(n)}` }],
    }),
  );
  server.registerPrompt('greet', { description: 'Greets', argsSchema: { name: z.string() } }, ({ name }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Greet ${name}` } }],
  }));
  server.registerTool(
    'stats',
    { description: 'Stats', inputSchema: { n: z.number() }, outputSchema: { count: z.number(), even: z.boolean() } },
    ({ n }) => ({ content: [{ type: 'text', text: `${n} items` }], structuredContent: { count: n, even: n % 2 === 0 } }),
  );
  server.registerTool('confirm', { description: 'Asks to confirm' }, async () => {
    const answer = await server.server.elicitInput({
      message: 'Sure?',
      requestedSchema: { type: 'object', properties: { sure: { type: 'boolean', default: false } } },
    });
    return { content: [{ type: 'text', text: `${answer.action} ${JSON.stringify(answer.content)}` }] };
  });
  server.registerTool('haiku', { description: 'Samples a haiku' }, async () => {
    const answer = await server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'A haiku' } }],
      maxTokens: 30,
    });
    return { content: [{ type: 'text', text: answer.content.type === 'text' ? answer.content.text : '?' }] };
  });
  return server;
}

describe('McpToolset against the SDK’s own McpServer', () => {
  let toolset: McpToolset;
  afterEach(() => toolset?.close());

  it('reads its resources and templates, and gets its prompts', async () => {
    toolset = inMemoryToolset(sdkServer().server);
    expect((await toolset.listResources()).map((resource) => resource.uri)).toEqual(['docs://readme']);
    expect((await toolset.listResourceTemplates()).map((template) => template.uriTemplate)).toEqual(['docs://pages/{n}']);
    expect((await toolset.readResource('docs://pages/3')).contents).toEqual([{ uri: 'docs://pages/3', text: 'page 3' }]);
    expect((await toolset.getPrompt('greet', { name: 'Ada' })).messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Greet Ada' } },
    ]);
  });

  it('keeps its structuredContent on the value, answers its elicitation and sampling', async () => {
    const model: ChatModel = {
      modelId: 'poet',
      complete: () => Promise.resolve({ message: { role: 'assistant', content: 'old pond / a frog' } }),
    };
    toolset = inMemoryToolset(sdkServer().server, { elicitation: () => ({ action: 'accept', content: {} }), sampling: { model } });
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(...(await toolset.getTools())) });
    expect(await environment.executeTool({ name: 'stats', arguments: { n: 4 } })).toEqual(
      expect.objectContaining({ content: '4 items', value: { count: 4, even: true }, isError: false }),
    );
    expect((await environment.executeTool({ name: 'confirm', arguments: {} })).content).toBe('accept {"sure":false}');
    expect((await environment.executeTool({ name: 'haiku', arguments: {} })).content).toBe('old pond / a frog');
  });
});
