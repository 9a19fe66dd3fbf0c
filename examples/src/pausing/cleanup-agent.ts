import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, contentText, type ChatModel, type ChatRequest, type JsonSchema, Tool } from '@toolcraft/core';
import type { ScriptedOutcome, ScriptedTurn } from '@toolcraft/testing';

const noArgs: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
const nameArgs: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string', description: 'A file name in the folder' } },
  required: ['name'],
  additionalProperties: false,
};

/** Lists the files of the folder (read-only: runs without asking). */
class ListFiles extends Tool<Record<string, never>, string[]> {
  constructor(private readonly folder: string) {
    super({ argsType: noArgs, name: 'list_files', description: 'Lists the files of the working folder.', effects: 'read' });
  }
  async execute(): Promise<string[]> {
    return (await readdir(this.folder)).sort();
  }
}

/** Deletes one file of the folder: destructive, so the agent's policy asks a person first. */
class DeleteFile extends Tool<{ name: string }, string> {
  constructor(private readonly folder: string) {
    super({
      argsType: nameArgs,
      name: 'delete_file',
      description: 'Deletes a file of the working folder. Cannot be undone.',
      effects: 'destructive',
    });
  }
  async execute(args: { name: string }): Promise<string> {
    if (args.name.includes('/') || args.name.includes('\\') || args.name.startsWith('.'))
      throw new Error(`'${args.name}' is not a file name of the folder`);
    await rm(join(this.folder, args.name));
    return `deleted ${args.name}`;
  }
}

/**
 * An agent that cleans up log files in one folder; every deletion waits for a person's approval
 * (`approvals: 'destructive'`).
 * @param model - the model
 * @param folder - the folder it works in
 * @returns the agent
 */
export function createCleanupAgent(model: ChatModel, folder: string): Agent {
  return new Agent({
    name: 'cleanup',
    model,
    instructions: 'You clean up the working folder: delete the .log files, keep everything else.',
    tools: [new ListFiles(folder), new DeleteFile(folder)],
    approvals: 'destructive',
  });
}

/** The request the examples send. */
export const cleanupRequest = 'Delete the log files in the working folder.';

/**
 * What a scripted model answers, from the transcript alone (so a second process, resuming, answers
 * the same way): list the files, then delete each `.log` file, then report.
 * @param request - the model request
 * @returns the model's turn
 */
function cleanupTurn(request: ChatRequest): ScriptedOutcome {
  const listing = request.messages.find((message) => message.role === 'tool' && message.name === 'list_files');
  if (listing === undefined) return { toolCalls: [{ id: 'list', name: 'list_files', arguments: {} }] };
  const deletions = request.messages.filter((message) => message.role === 'tool' && message.name === 'delete_file');
  if (deletions.length === 0) {
    const logs = (JSON.parse(contentText(listing.content)) as string[]).filter((name) => name.endsWith('.log'));
    return { toolCalls: logs.map((name, index) => ({ id: `delete-${index}`, name: 'delete_file', arguments: { name } })) };
  }
  return { text: `Done: ${deletions.map((message) => contentText(message.content)).join('; ')}.` };
}

/** The scripted model's turns: the same transcript-driven turn, as often as the run needs it. */
export const cleanupScript: ScriptedTurn[] = Array.from({ length: 10 }, () => cleanupTurn);
