import 'reflect-metadata';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, type McpError } from '@modelcontextprotocol/sdk/types.js';
import { InvalidToolDefinitionError } from '@toolcraft/core';
import { LLMDescription, Prompt, Resource, Tool } from '@toolcraft/core/annotations';
import { createMcpServer, InvalidMcpOptionsError } from '@toolcraft/mcp';
import { connectClient } from '../support/connect';
import { Notes, pixel } from '../support/notes-service';
import { RepeatTool } from '../support/test-tools';

const info = { name: 'notes', version: '1.0.0' };

/** The JSON-RPC error a request was answered with. */
async function rejection(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    return error as McpError;
  }
  throw new Error('expected the request to fail');
}

describe('createMcpServer: @Resource and @Prompt methods', () => {
  let client: Client;
  afterEach(() => client?.close());

  it('serves the tools, prompts and resources of one service class beside other tools, and says so in its capabilities', async () => {
    client = await connectClient(createMcpServer([new Notes(), new RepeatTool()], info));
    expect(client.getServerCapabilities()).toEqual(expect.objectContaining({ tools: {}, prompts: {}, resources: {}, completions: {} }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'repeat']);
  });

  it('lists fixed resources and resource templates apart, with name, title, description and media type', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    expect((await client.listResources()).resources).toEqual([
      { uri: 'notes://index', name: 'index', title: 'All notes', description: 'The ids of all notes' },
      { uri: 'notes://logo', name: 'logo', description: 'The logo', mimeType: 'image/png' },
    ]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      { uriTemplate: 'notes://{id}', name: 'note', description: 'One note', mimeType: 'text/markdown' },
      { uriTemplate: 'pages://{page}', name: 'page', description: 'A page of note ids' },
    ]);
  });

  it('reads a template resource with its variables as the arguments, a fixed one as JSON, bytes as a blob', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    expect(await client.readResource({ uri: 'notes://2' })).toEqual({
      contents: [{ uri: 'notes://2', mimeType: 'text/markdown', text: '# Ideas\nan MCP server of decorators' }],
    });
    expect(await client.readResource({ uri: 'notes://index' })).toEqual({
      contents: [{ uri: 'notes://index', mimeType: 'application/json', text: '{"ids":["1","2"]}' }],
    });
    expect(await client.readResource({ uri: 'notes://logo' })).toEqual({
      contents: [{ uri: 'notes://logo', mimeType: 'image/png', blob: pixel }],
    });
    // A template variable is a string on the wire; an integer parameter gets it as a number.
    expect((await client.readResource({ uri: 'pages://3' })).contents[0]).toEqual(expect.objectContaining({ text: 'page 4' }));
  });

  it('answers a URI no resource serves with the protocol code -32002 and the URI, once, without a doubled prefix', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const error = await rejection(client.readResource({ uri: 'other://1' }));
    expect(error.code).toBe(-32002);
    expect(error.message).toBe('MCP error -32002: Resource other://1 not found');
    expect(error.data).toEqual({ uri: 'other://1' });
  });

  it('validates template variables with the one validator, in the words a tool gets', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const error = await rejection(client.readResource({ uri: 'pages://two' }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toBe(
      "MCP error -32602: Invalid arguments for resource 'page':\n- 'page': expected an integer, got string \"two\"",
    );
  });

  it('answers a failing resource method with InternalError naming the resource and the error', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const error = await rejection(client.readResource({ uri: 'notes://9' }));
    expect(error.code).toBe(ErrorCode.InternalError);
    expect(error.message).toBe("MCP error -32603: Resource 'note' failed: no note 9");
  });

  it('lists prompts with their arguments, required or not', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['summarise', 'review', 'describeLogo', 'broken']);
    expect(prompts[0]).toEqual({
      name: 'summarise',
      title: 'Summarise a note',
      description: 'Summarise a note for a reader',
      arguments: [
        { name: 'id', description: 'Note id', required: true },
        { name: 'audience', description: 'Audience', required: true },
      ],
    });
    expect(prompts[2]).toEqual({ name: 'describeLogo', description: 'Describe the logo' });
  });

  it('gets a prompt: its text as a user message', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    expect(await client.getPrompt({ name: 'summarise', arguments: { id: '1', audience: 'child' } })).toEqual({
      messages: [{ role: 'user', content: { type: 'text', text: 'Summarise for a child:\n# Groceries\nmilk, eggs' } }],
    });
  });

  it('gets a prompt of messages with roles, an embedded resource, and its call context', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const { messages } = await client.getPrompt({ name: 'review', arguments: { id: '2' } });
    expect(messages).toEqual([
      { role: 'user', content: { type: 'text', text: expect.stringMatching(/^Review note 2 \(asked by notes, call \d+\)$/) } },
      { role: 'assistant', content: { type: 'text', text: 'Here is the note:' } },
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'notes://2', mimeType: 'text/markdown', text: '# Ideas\nan MCP server of decorators' },
        },
      },
    ]);
  });

  it('gets a prompt of content parts: an image, then text', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    expect((await client.getPrompt({ name: 'describeLogo' })).messages).toEqual([
      { role: 'user', content: { type: 'image', data: pixel, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Describe this image.' } },
    ]);
  });

  it('validates prompt arguments with the one validator (allowed values and required ones), with the text a tool gets', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const error = await rejection(client.getPrompt({ name: 'summarise', arguments: { audience: 'adult' } }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toBe(
      'MCP error -32602: Invalid arguments for prompt \'summarise\':\n- \'id\': is required but missing (expected a string)\n- \'audience\': expected one of "child", "expert", "executive", got string "adult"',
    );
  });

  it('answers an unknown prompt with InvalidParams naming the prompts it has, and a failing one with InternalError', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const unknown = await rejection(client.getPrompt({ name: 'sumarise' }));
    expect(unknown.code).toBe(ErrorCode.InvalidParams);
    expect(unknown.message).toBe(
      "MCP error -32602: Prompt sumarise not found; this server's prompts: summarise, review, describeLogo, broken",
    );
    const broken = await rejection(client.getPrompt({ name: 'broken' }));
    expect(broken.code).toBe(ErrorCode.InternalError);
    expect(broken.message).toBe("MCP error -32603: Prompt 'broken' failed: the template is missing");
  });

  it('completes an argument with allowed values from what was typed, and others to nothing', async () => {
    client = await connectClient(createMcpServer([new Notes()], info));
    const ref = { type: 'ref/prompt' as const, name: 'summarise' };
    expect(await client.complete({ ref, argument: { name: 'audience', value: 'EX' } })).toEqual({
      completion: { values: ['expert', 'executive'], total: 2, hasMore: false },
    });
    expect(await client.complete({ ref, argument: { name: 'audience', value: '' } })).toEqual({
      completion: { values: ['child', 'expert', 'executive'], total: 3, hasMore: false },
    });
    expect(await client.complete({ ref, argument: { name: 'id', value: '1' } })).toEqual({
      completion: { values: [], total: 0, hasMore: false },
    });
    const resource = { type: 'ref/resource' as const, uri: 'notes://{id}' };
    expect(await client.complete({ ref: resource, argument: { name: 'id', value: '' } })).toEqual({
      completion: { values: [], total: 0, hasMore: false },
    });
    const unknown = await rejection(client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } }));
    expect(unknown.code).toBe(ErrorCode.InvalidParams);
  });

  it('answers prompts and resources requests of a server without them with MethodNotFound, once prefixed', async () => {
    client = await connectClient(createMcpServer([new RepeatTool()], info));
    expect(client.getServerCapabilities()?.prompts).toBeUndefined();
    const error = await rejection(
      client.request({ method: 'prompts/list' }, (await import('@modelcontextprotocol/sdk/types.js')).ListPromptsResultSchema),
    );
    expect(error.code).toBe(ErrorCode.MethodNotFound);
    expect(error.message).toBe('MCP error -32601: Method not found: prompts/list');
  });

  it('refuses, when the server is made, two prompts of one name and two resources of one URI', () => {
    class Twice {
      @Prompt() @LLMDescription('one') hello(): string {
        return 'a';
      }
      @Prompt({ customName: 'hello' }) @LLMDescription('two') other(): string {
        return 'b';
      }
    }
    expect(() => createMcpServer([new Twice()], info)).toThrow(InvalidMcpOptionsError);
    expect(() => createMcpServer([new Twice()], info)).toThrow("two prompts are named 'hello' (Twice.hello and Twice.other)");
    class SameUri {
      @Resource({ uri: 'a://x' }) one(): string {
        return 'a';
      }
      @Resource({ uri: 'a://x' }) two(): string {
        return 'b';
      }
    }
    expect(() => createMcpServer([new SameUri()], info)).toThrow('two resources serve the URI "a://x"');
  });

  it('refuses a URI template whose variables and parameters do not match, and a URI without a scheme', () => {
    class Unmatched {
      @Resource({ uri: 'a://{name}' }) one(@LLMDescription('id') id: string): string {
        return id;
      }
    }
    expect(() => createMcpServer([new Unmatched()], info)).toThrow(InvalidToolDefinitionError);
    expect(() => createMcpServer([new Unmatched()], info)).toThrow(
      'the URI template "a://{name}" has the variable {name}, which names no parameter of the method (its parameters: id)',
    );
    class Unfilled {
      @Resource({ uri: 'a://fixed' }) one(@LLMDescription('id') id: string): string {
        return id;
      }
    }
    expect(() => createMcpServer([new Unfilled()], info)).toThrow('the required parameter \'id\' is not a variable of the URI "a://fixed"');
    class NoScheme {
      @Resource({ uri: 'notes/{id}' }) one(@LLMDescription('id') id: string): string {
        return id;
      }
    }
    expect(() => createMcpServer([new NoScheme()], info)).toThrow('the resource URI "notes/{id}" has no scheme');
  });

  it('serves a service of prompts only, without tools', async () => {
    class OnlyPrompts {
      @Prompt() @LLMDescription('Greets') greet(@LLMDescription('Who') name: string): string {
        return `Hello ${name}`;
      }
    }
    client = await connectClient(createMcpServer([new OnlyPrompts()], info));
    expect((await client.listTools()).tools).toEqual([]);
    expect((await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } })).messages[0]!.content).toEqual({
      type: 'text',
      text: 'Hello Ada',
    });
  });

  it('still refuses an object with no @Tool, @Prompt or @Resource method', () => {
    expect(() => createMcpServer([{} as never], info)).toThrow(InvalidToolDefinitionError);
  });

  it('a @Tool parameter with allowed values is validated against them', async () => {
    class Weather {
      @Tool()
      @LLMDescription('Forecast')
      forecast(@LLMDescription({ description: 'Unit', enum: ['C', 'F'] }) unit: string): string {
        return unit;
      }
    }
    client = await connectClient(createMcpServer([new Weather()], info));
    const [tool] = (await client.listTools()).tools;
    expect(tool!.inputSchema.properties).toEqual({ unit: { type: 'string', enum: ['C', 'F'], description: 'Unit' } });
    expect(await client.callTool({ name: 'forecast', arguments: { unit: 'K' } })).toEqual({
      content: [
        {
          type: 'text',
          text: 'Error: Invalid arguments for tool \'forecast\':\n- \'unit\': expected one of "C", "F", got string "K"\nFix the arguments and call \'forecast\' again.',
        },
      ],
      isError: true,
    });
  });
});
