import 'reflect-metadata';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, contentText, type ChatModel, type ChatRequest, type RunResult } from '@toolcraft/core';
import type { ScriptedOutcome, ScriptedTurn } from '@toolcraft/testing';
import { FileSystemToolset, ShellTool } from '@toolcraft/tools';
import { modelFromEnv } from '../model-from-env.js';

/** The request the example sends. */
export const workspaceRequest = 'How many errors does app.log hold? Note the count at the end of notes.md.';

/** The id of the scripted shell call, so the offline run is the same every time. */
const shellCall = 'count-errors';

/**
 * What the scripted model answers, read off the transcript: read the notes, count the errors with
 * the shell (which waits for a person's approval), then edit the notes and report.
 * @param request - the model request
 * @returns the model's turn
 */
function workspaceTurn(request: ChatRequest): ScriptedOutcome {
  const answered = (name: string) => request.messages.find((message) => message.role === 'tool' && message.name === name);
  if (answered('read_file') === undefined) return { toolCalls: [{ id: 'read-notes', name: 'read_file', arguments: { path: 'notes.md' } }] };
  const shell = answered('shell');
  if (shell === undefined) return { toolCalls: [{ id: shellCall, name: 'shell', arguments: { command: 'grep -c ERROR app.log' } }] };
  const count = /stdout:\s*(\d+)/.exec(contentText(shell.content))?.[1] ?? 'an unknown number of';
  if (answered('edit_file') === undefined)
    return {
      toolCalls: [
        { id: 'note-count', name: 'edit_file', arguments: { path: 'notes.md', oldText: 'Errors: ?', newText: `Errors: ${count}` } },
      ],
    };
  return { text: `app.log holds ${count} errors; notes.md now says so.` };
}

/** The scripted model's turns: the transcript-driven turn, as often as the run needs it. */
export const workspaceScript: ScriptedTurn[] = Array.from({ length: 8 }, () => workspaceTurn);

/**
 * An agent working in one folder with the built-in tools of `@toolcraft/tools`: `FileSystemToolset`
 * (every path kept inside the folder) and a persistent `ShellTool`, whose commands each wait for a
 * person's approval; the shell's context provider tells the model where it is.
 * @param model - the model
 * @param folder - the folder the agent works in
 * @returns the agent
 */
export function createWorkspaceAgent(model: ChatModel, folder: string): Agent {
  const shell = new ShellTool({ mode: 'persistent', cwd: folder, timeoutMs: 10_000, maxOutputChars: 4_000 });
  return new Agent({
    name: 'workspace',
    model,
    instructions: 'You work in the given folder with its file tools and a shell. Keep answers short.',
    tools: [new FileSystemToolset({ root: folder }), shell],
    contextProviders: [shell.contextProvider],
  });
}

/**
 * Runs the workspace agent in a fresh temporary folder: the shell command waits for approval, the
 * host (here, this function) prints it and approves it, and the run resumes. Offline on a scripted
 * model unless a provider key is set.
 * @param log - where lines go
 * @param model - the model (default: from the environment, else the offline script)
 * @returns the final run and the folder
 */
export async function runWorkspace(
  log: (line: string) => void = console.log,
  model?: ChatModel,
): Promise<{ run: RunResult; folder: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'toolcraft-workspace-'));
  await writeFile(join(folder, 'app.log'), ['INFO start', 'ERROR disk full', 'INFO retry', 'ERROR disk full', ''].join('\n'));
  await writeFile(join(folder, 'notes.md'), '# Notes\n\nErrors: ?\n');
  if (model === undefined) {
    const chosen = modelFromEnv(workspaceScript);
    log(chosen.banner);
    model = chosen.model;
  }
  const agent = createWorkspaceAgent(model, folder);
  let run = await agent.run(workspaceRequest);
  while (run.stopReason === 'interrupted') {
    for (const item of run.interruptions) {
      log(`approving ${item.toolName} ${item.arguments}`);
      run.state.approve(item.callId);
    }
    run = await agent.resume(run.state);
  }
  for (const call of run.toolCalls) log(`${call.name}: ${call.result.content.split('\n').join(' | ')}`);
  log(`notes.md now reads: ${JSON.stringify(await readFile(join(folder, 'notes.md'), 'utf8'))}`);
  log(`${run.stopReason}: ${run.text}`);
  await agent.close();
  return { run, folder };
}

if (require.main === module) {
  runWorkspace().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
