import 'reflect-metadata';
import type { Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpToolset } from '@toolcraft/mcp';
import { ScriptedModel } from '@toolcraft/testing';
import { notebookToolset, notesAgentScript, summariseNote } from '../src/mcp/notes-agent.js';
import { startNotesServer } from '../src/mcp/notes-server.js';

describe('the MCP notes example (a server of @Resource, @Prompt and @Tool methods, and an agent using its resources and prompt; offline)', () => {
  let server: Server;
  let url: URL;
  let notebook: McpToolset;
  beforeEach(async () => {
    ({ server, url } = await startNotesServer(0));
    notebook = notebookToolset(url);
  });
  afterEach(async () => {
    await notebook.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('runs the agent on the server’s prompt: it lists the resources, reads the note and answers', async () => {
    const model = new ScriptedModel(notesAgentScript);
    const run = await summariseNote(model, notebook, '2', 'expert');
    expect(run.stopReason).toBe('completed');
    // The prompt, built by the server's @Prompt method, is the agent's input.
    expect(model.requests[0]!.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringContaining('Summarise the note notes://2 in one sentence, for an expert.') as string,
    });
    expect(model.requests[0]!.tools!.map((tool) => tool.name)).toEqual(['addNote', 'list_resources', 'read_resource']);
    const [listed, read] = run.toolCalls;
    // list_resources shows the notes the template's list method names, and the template itself.
    expect(JSON.parse(listed!.result.content)).toEqual({
      resources: [
        { uri: 'notes://1', name: 'note-1', title: 'Groceries', mimeType: 'text/markdown' },
        { uri: 'notes://2', name: 'note-2', title: 'MCP', mimeType: 'text/markdown' },
      ],
      resourceTemplates: [{ uriTemplate: 'notes://{id}', name: 'note', description: 'One note, as Markdown', mimeType: 'text/markdown' }],
    });
    expect(read!.result).toMatchObject({
      isError: false,
      content: expect.stringContaining('# MCP\n\nResources are read by the client') as string,
    });
    expect(run.text).toBe(notesAgentScript[2]!.text);
  });

  it('serves the same notes, prompt and completions to the SDK’s own Client', async () => {
    const client = new Client({ name: 'any-host', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(url));
      expect(await client.callTool({ name: 'addNote', arguments: { title: 'Ideas', text: 'a third note' } })).toEqual({
        content: [{ type: 'text', text: 'notes://3' }],
      });
      expect((await client.listResources()).resources.map((resource) => resource.uri)).toEqual(['notes://1', 'notes://2', 'notes://3']);
      expect((await client.getPrompt({ name: 'summarise', arguments: { id: '3', audience: 'child' } })).messages).toEqual([
        { role: 'user', content: { type: 'text', text: expect.stringContaining('notes://3 in one sentence, for a child.') as string } },
      ]);
      const completed = await client.complete({
        ref: { type: 'ref/prompt', name: 'summarise' },
        argument: { name: 'audience', value: 'e' },
      });
      expect(completed.completion.values).toEqual(['expert']);
      await expect(client.getPrompt({ name: 'summarise', arguments: { id: '3', audience: 'adult' } })).rejects.toThrow(
        'expected one of "child", "expert"',
      );
    } finally {
      await client.close();
    }
  });
});
