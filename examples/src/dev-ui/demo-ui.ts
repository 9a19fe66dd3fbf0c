import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentText, type ChatRequest } from '@toolcraft/core';
import { serveDevtools, type DevtoolsServer } from '@toolcraft/devtools';
import { toOpenAITools, toResponsesTools } from '@toolcraft/openai';
import type { ScriptedOutcome, ScriptedTurn } from '@toolcraft/testing';
import { modelFromEnv } from '../model-from-env.js';
import { createCleanupAgent } from '../pausing/cleanup-agent.js';

/** The text of the last user message, and the messages after it (this run's turn so far). */
function lastTurn(request: ChatRequest): { text: string; after: ChatRequest['messages'] } {
  const index = request.messages.map((message) => message.role).lastIndexOf('user');
  const user = request.messages[index];
  const text = user?.role === 'user' && typeof user.content === 'string' ? user.content : '';
  return { text, after: request.messages.slice(index + 1) };
}

/**
 * What the offline model answers in the dev UI, from the conversation: asked to clean up or delete,
 * it lists the files, asks to delete each `.log` file (each deletion waits for approval), then reports.
 * @param request - the model request
 * @returns the model's turn
 */
function demoUITurn(request: ChatRequest): ScriptedOutcome {
  const { text, after } = lastTurn(request);
  const listing = after.find((message) => message.role === 'tool' && message.name === 'list_files');
  const deletions = after.filter((message) => message.role === 'tool' && message.name === 'delete_file');
  if (deletions.length > 0) return { text: `Done: ${deletions.map((message) => contentText(message.content)).join('; ')}.` };
  if (listing !== undefined) {
    const files = contentText(listing.content);
    const logs = (JSON.parse(files) as string[]).filter((name) => name.endsWith('.log'));
    if (logs.length === 0) return { text: `No log files left: ${files}.` };
    return { text: `I will delete ${logs.join(' and ')}.`, toolCalls: logs.map((name) => ({ name: 'delete_file', arguments: { name } })) };
  }
  if (/clean|delete|log|file/i.test(text))
    return { text: 'Let me look at the folder.', toolCalls: [{ name: 'list_files', arguments: {} }] };
  return { text: 'I clean up the working folder. Ask me to delete the log files, and approve (or edit) each deletion.' };
}

/** The offline model's turns: the same conversation-driven turn, as often as the session needs it. */
const demoUIScript: ScriptedTurn[] = Array.from({ length: 1000 }, () => demoUITurn);

/**
 * `npm start -- --ui`: the demo's cleanup agent (its deletions wait for approval) in the dev UI, over a
 * temporary folder with two log files and a note. Offline unless OPENAI_API_KEY is set.
 * @param options - the port (4111 by default; 0 for any free one) and where lines go
 * @returns the dev UI (close it to stop), and the folder it works in
 */
export async function startDemoUI(
  options: { port?: number; log?: (line: string) => void; environment?: NodeJS.ProcessEnv } = {},
): Promise<{ devtools: DevtoolsServer; folder: string; close(): Promise<void> }> {
  const log = options.log ?? console.log;
  const folder = await mkdtemp(join(tmpdir(), 'toolcraft-demo-ui-'));
  for (const name of ['build.log', 'debug.log']) await writeFile(join(folder, name), 'old log lines\n');
  await writeFile(join(folder, 'notes.md'), '# Notes\n');
  const model = modelFromEnv(demoUIScript, options.environment);
  const devtools = await serveDevtools({
    agent: createCleanupAgent(model.model, folder),
    port: options.port ?? 4111,
    providers: { 'openai (chat completions)': (tools) => toOpenAITools(tools), 'openai (responses)': (tools) => toResponsesTools(tools) },
  });
  log(model.banner);
  log(`The demo's cleanup agent in the dev UI: ${devtools.url} (working folder ${folder}; Ctrl+C stops).`);
  return {
    devtools,
    folder,
    close: async () => {
      await devtools.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
