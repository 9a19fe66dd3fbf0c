import 'reflect-metadata';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { contentText } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { runToolSearch } from '../src/builtin-tools/tool-search-agent.js';
import { runWorkspace, workspaceScript } from '../src/builtin-tools/workspace-agent.js';

describe('workspace agent (FileSystemToolset and ShellTool)', () => {
  it('waits for approval before the shell runs, then counts with the shell and edits the file inside the folder', async () => {
    const lines: string[] = [];
    const model = new ScriptedModel(workspaceScript);
    const { run, folder } = await runWorkspace((line) => lines.push(line), model);
    try {
      expect(lines).toContain('approving shell {"command":"grep -c ERROR app.log"}');
      expect(run.stopReason).toBe('completed');
      expect(run.text).toBe('app.log holds 2 errors; notes.md now says so.');
      expect(await readFile(join(folder, 'notes.md'), 'utf8')).toBe('# Notes\n\nErrors: 2\n');
      const shellResult = model.requests
        .flatMap((request) => request.messages)
        .find((message) => message.role === 'tool' && message.name === 'shell');
      expect(contentText(shellResult!.content)).toBe('exit code: 0\nstdout:\n2');
      // The shell's context provider told the model where it works, before each model call.
      expect(JSON.stringify(model.requests[0]!.messages)).toContain(folder);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('tool search agent (ToolSearchToolset)', () => {
  it('offers one search tool first, then only what the search found, out of a thousand', async () => {
    const lines: string[] = [];
    const { run, offered } = await runToolSearch((line) => lines.push(line));
    expect(run.stopReason).toBe('completed');
    expect(run.toolCalls.map((call) => call.name)).toEqual(['search_tools', 'refund_order_3']);
    expect(run.toolCalls[1]!.result.content).toBe('refund_order_3: done for A-17');
    expect(offered[0]).toBe(1);
    expect(Math.max(...offered)).toBeLessThanOrEqual(11);
    expect(lines[1]).toMatch(/^turn 2 offered \d+ of 1000 tools: search_tools, refund_order_3/);
  });
});
