import 'reflect-metadata';
import { Agent, type ChatModel, type RunResult } from '@toolcraft/core';
import { McpToolset } from '@toolcraft/mcp';
import { modelFromEnv } from '../model-from-env.js';
import { printRun } from '../print-run.js';
import { startNotesServer } from './notes-server.js';

/** The offline script: list the server's resources, read the note, answer. */
export const notesAgentScript = [
  { toolCalls: [{ name: 'list_resources', arguments: {} }] },
  { toolCalls: [{ name: 'read_resource', arguments: { uri: 'notes://2' } }] },
  { text: 'MCP splits the work three ways: clients read resources, models call tools and users pick prompts.' },
];

/**
 * The notebook server's tools, with `resourceTools: true`: besides its `addNote` tool, the model gets
 * `list_resources` (the notes the server lists, and its templates) and `read_resource`.
 * @param url - the server's MCP endpoint
 * @returns the toolset
 */
export function notebookToolset(url: URL): McpToolset {
  return McpToolset.http(url, { name: 'notebook', resourceTools: true });
}

/**
 * Asks the server for its `summarise` prompt (what a user would pick in a host's menu) and runs an
 * agent on it, with the server's tools and resource tools.
 * @param model - the chat model
 * @param notebook - the notebook server's toolset
 * @param id - the note to summarise
 * @param audience - who reads the summary: `'child'` or `'expert'`
 * @returns the run
 */
export async function summariseNote(model: ChatModel, notebook: McpToolset, id: string, audience: string): Promise<RunResult> {
  const prompt = await notebook.getPrompt('summarise', { id, audience });
  const input = prompt.messages
    .map((message) => (message.content.type === 'text' ? message.content.text : ''))
    .filter((text) => text.length > 0)
    .join('\n');
  const agent = new Agent({ model, name: 'notes_agent', tools: [notebook], instructions: 'Answer from the notes of the MCP server.' });
  return agent.run(input);
}

if (require.main === module) {
  const { model, banner } = modelFromEnv(notesAgentScript);
  console.log(banner);
  void (async () => {
    const { server, url } = await startNotesServer(0);
    const notebook = notebookToolset(url);
    try {
      console.log(
        'resources:',
        (await notebook.listResources()).map((resource) => `${resource.uri} (${resource.title ?? resource.name})`).join(', '),
      );
      printRun(await summariseNote(model, notebook, '2', 'expert'), console.log);
    } catch (error) {
      console.error(error);
      process.exitCode = 1;
    } finally {
      await notebook.close();
      server.close();
    }
  })();
}
