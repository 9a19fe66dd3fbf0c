import 'reflect-metadata';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AgentContext, AgentEnvironment, ToolRegistry, type ChatModel, type ChatRequest } from '@toolcraft/core';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';
import { createMcpServer, McpToolError, type McpToolset } from '@toolcraft/mcp';
import { inMemoryToolset } from '../support/in-memory-toolset';
import { Notes, pixel } from '../support/notes-service';

class Asking {
  @Tool()
  @LLMDescription('Asks the user their name and age')
  async whoAreYou(context: AgentContext): Promise<string> {
    const answer = await context.elicit<{ name: string; age: number }>(
      { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0, default: 30 } }, required: ['name'] },
      'Who are you?',
    );
    return answer.action === 'accept' ? `${answer.content!.name} (${answer.content!.age})` : answer.action;
  }

  @Tool()
  @LLMDescription('Summarises through the client’s model')
  async summarise(@LLMDescription('Text') text: string, context: AgentContext): Promise<string> {
    const answer = await context.sample({ messages: `Summarise: ${text}`, maxTokens: 5000, systemPrompt: 'Be brief.', temperature: 0.2 });
    return `${answer.model}: ${answer.text} (${answer.stopReason ?? ''})`;
  }
}

class Forecast {
  @LLMDescription('Temperature') temperature!: number;
}

class Weather {
  @Tool()
  @LLMDescription('Forecast')
  forecast(@LLMDescription('City') city: string): Forecast {
    return Object.assign(new Forecast(), { temperature: city.length });
  }
}

/** A server on the SDK alone whose tool breaks its own outputSchema, and sends a link and an image. */
function sloppyServer(): Server {
  const server = new Server({ name: 'sloppy', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.fallbackRequestHandler = async (request) => {
    if (request.method === 'tools/list')
      return {
        tools: [
          {
            name: 'report',
            inputSchema: { type: 'object' },
            outputSchema: { type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] },
          },
          { name: 'media', inputSchema: { type: 'object' } },
        ],
      };
    const { name } = request.params as { name: string };
    if (name === 'report') return { content: [{ type: 'text', text: '{"total":"many"}' }], structuredContent: { total: 'many' } };
    return {
      content: [
        { type: 'text', text: 'see:' },
        { type: 'image', data: pixel, mimeType: 'image/png' },
        { type: 'resource_link', uri: 'https://example.com/report.pdf', name: 'report.pdf', mimeType: 'application/pdf' },
        { type: 'resource_link', uri: 'notes://1', name: 'note 1' },
      ],
    };
  };
  return server;
}

describe('McpToolset: resources, prompts, structured results, parts, elicitation and sampling', () => {
  let toolset: McpToolset;
  afterEach(() => toolset?.close());

  async function environmentOf(set: McpToolset): Promise<AgentEnvironment> {
    return new AgentEnvironment({ registry: ToolRegistry.of(...(await set.getTools())) });
  }

  it('lists and reads resources and templates, lists and gets prompts', async () => {
    toolset = inMemoryToolset(createMcpServer([new Notes()], { name: 'notes', version: '1.0.0' }));
    expect((await toolset.listResources()).map((resource) => resource.uri)).toEqual(['notes://index', 'notes://logo']);
    expect((await toolset.listResourceTemplates()).map((template) => template.uriTemplate)).toEqual(['notes://{id}', 'pages://{page}']);
    expect(await toolset.readResource('notes://1')).toEqual({
      contents: [{ uri: 'notes://1', mimeType: 'text/markdown', text: '# Groceries\nmilk, eggs' }],
    });
    await expect(toolset.readResource('nope://1')).rejects.toThrow('MCP error -32002: Resource nope://1 not found');
    expect((await toolset.listPrompts()).map((prompt) => prompt.name)).toEqual(['summarise', 'review', 'describeLogo', 'broken']);
    expect(await toolset.getPrompt('summarise', { id: '2', audience: 'expert' })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise for a expert:\n# Ideas\nan MCP server of decorators' } }],
    });
    await expect(toolset.getPrompt('summarise', { id: '2', audience: 'adult' })).rejects.toThrow(
      "Invalid arguments for prompt 'summarise'",
    );
  });

  it('offers the model list_resources and read_resource with resourceTools: true, images read as parts', async () => {
    toolset = inMemoryToolset(createMcpServer([new Notes()], { name: 'notes', version: '1.0.0' }), {
      resourceTools: true,
      prefix: 'notes_',
    });
    const names = (await toolset.getTools()).map((tool) => tool.name);
    expect(names).toEqual(['notes_add', 'notes_list_resources', 'notes_read_resource']);
    const environment = await environmentOf(toolset);
    const listed = await environment.executeTool({ name: 'notes_list_resources', arguments: {} });
    expect(JSON.parse(listed.content)).toEqual({
      resources: [
        { uri: 'notes://index', name: 'index', title: 'All notes', description: 'The ids of all notes' },
        { uri: 'notes://logo', name: 'logo', description: 'The logo', mimeType: 'image/png' },
      ],
      resourceTemplates: [
        { uriTemplate: 'notes://{id}', name: 'note', description: 'One note', mimeType: 'text/markdown' },
        { uriTemplate: 'pages://{page}', name: 'page', description: 'A page of note ids' },
      ],
    });
    expect((await environment.executeTool({ name: 'notes_read_resource', arguments: { uri: 'notes://2' } })).content).toBe(
      '# Ideas\nan MCP server of decorators',
    );
    const logo = await environment.executeTool({ name: 'notes_read_resource', arguments: { uri: 'notes://logo' } });
    expect(logo.parts).toEqual([{ type: 'image', data: pixel, mediaType: 'image/png' }]);
    const missing = await environment.executeTool({ name: 'notes_read_resource', arguments: { uri: 'x://1' } });
    expect(missing).toEqual(expect.objectContaining({ isError: true, content: expect.stringContaining('Resource x://1 not found') }));
  });

  it('keeps structuredContent on the result’s value, checked against the outputSchema, the text for the model', async () => {
    toolset = inMemoryToolset(createMcpServer([new Weather()], { name: 'weather', version: '1.0.0' }));
    const result = await (await environmentOf(toolset)).executeTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    expect(result).toEqual(expect.objectContaining({ isError: false, content: '{"temperature":4}', value: { temperature: 4 } }));
  });

  it('answers structuredContent that breaks the outputSchema with an error naming the path; images and http links as parts', async () => {
    toolset = inMemoryToolset(sloppyServer());
    const environment = await environmentOf(toolset);
    const report = await environment.executeTool({ name: 'report', arguments: {} });
    expect(report.isError).toBe(true);
    expect(McpToolError.isInstance(report.error)).toBe(true);
    expect(report.content).toBe(
      "Error: tool 'report' failed: the MCP server's structuredContent does not fit the tool's outputSchema:\n- 'total': expected an integer, got string \"many\"",
    );
    const media = await environment.executeTool({ name: 'media', arguments: {} });
    expect(media.parts).toEqual([
      { type: 'text', text: 'see:' },
      { type: 'image', data: pixel, mediaType: 'image/png' },
      { type: 'file', data: 'https://example.com/report.pdf', mediaType: 'application/pdf', filename: 'report.pdf' },
      { type: 'text', text: '[resource link notes://1 (note 1)]' },
    ]);
  });

  it('answers the server’s elicitation with the handler, its answer checked and defaults filled', async () => {
    const asked: string[] = [];
    toolset = inMemoryToolset(createMcpServer([new Asking()], { name: 'asking', version: '1.0.0' }), {
      elicitation: ({ message, toolset: name }) => (asked.push(`${name}: ${message}`), { action: 'accept', content: { name: 'Ada' } }),
    });
    expect((await (await environmentOf(toolset)).executeTool({ name: 'whoAreYou', arguments: {} })).content).toBe('Ada (30)');
    expect(asked).toEqual(['in-memory: Who are you?']);
  });

  it('ends the server’s call with a clear error when the handler’s answer breaks the schema, and goes on', async () => {
    let calls = 0;
    toolset = inMemoryToolset(createMcpServer([new Asking()], { name: 'asking', version: '1.0.0' }), {
      elicitation: () => (calls++ === 0 ? { action: 'accept', content: { age: -3 } } : { action: 'decline' }),
    });
    const environment = await environmentOf(toolset);
    const failed = await environment.executeTool({ name: 'whoAreYou', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(failed.content).toContain("The elicitation handler's answer does not fit the requested schema:");
    expect(failed.content).toContain("'name'");
    expect((await environment.executeTool({ name: 'whoAreYou', arguments: {} })).content).toBe('decline');
  });

  it('refuses elicitation and sampling by default: the client does not offer them', async () => {
    toolset = inMemoryToolset(createMcpServer([new Asking()], { name: 'asking', version: '1.0.0' }));
    const environment = await environmentOf(toolset);
    expect((await environment.executeTool({ name: 'whoAreYou', arguments: {} })).content).toContain(
      'did not declare the elicitation capability',
    );
    expect((await environment.executeTool({ name: 'summarise', arguments: { text: 'x' } })).content).toContain(
      'did not declare the sampling capability',
    );
  });

  it('samples through the ChatModel given, its tokens capped, its requests counted', async () => {
    const seen: ChatRequest[] = [];
    const model: ChatModel = {
      modelId: 'test-model',
      complete: (request) => {
        seen.push(request);
        return Promise.resolve({ message: { role: 'assistant', content: 'short' }, finishReason: 'length' });
      },
    };
    toolset = inMemoryToolset(createMcpServer([new Asking()], { name: 'asking', version: '1.0.0' }), {
      sampling: { model, maxTokens: 100, maxRequests: 1 },
    });
    const environment = await environmentOf(toolset);
    expect((await environment.executeTool({ name: 'summarise', arguments: { text: 'a long text' } })).content).toBe(
      'test-model: short (maxTokens)',
    );
    expect(seen[0]!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Summarise: a long text' },
    ]);
    expect(seen[0]!.settings).toEqual({ maxOutputTokens: 100, temperature: 0.2 });
    const refused = await environment.executeTool({ name: 'summarise', arguments: { text: 'again' } });
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('Sampling refused: this client answers at most 1 sampling requests (sampling.maxRequests)');
  });

  it('ends the server’s call with the model’s failure, and the session goes on', async () => {
    let calls = 0;
    const model: ChatModel = {
      complete: () =>
        calls++ === 0 ? Promise.reject(new Error('rate limited')) : Promise.resolve({ message: { role: 'assistant', content: 'ok' } }),
    };
    toolset = inMemoryToolset(createMcpServer([new Asking()], { name: 'asking', version: '1.0.0' }), { sampling: { model } });
    const environment = await environmentOf(toolset);
    const failed = await environment.executeTool({ name: 'summarise', arguments: { text: 'x' } });
    expect(failed.isError).toBe(true);
    expect(failed.content).toContain('Sampling failed: the model answered with an error: rate limited');
    expect((await environment.executeTool({ name: 'summarise', arguments: { text: 'x' } })).content).toBe('unknown: ok (endTurn)');
  });
});
