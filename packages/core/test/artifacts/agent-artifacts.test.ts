import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  AgentContext,
  ContextAwareTool,
  FileArtifactStore,
  InMemoryArtifactStore,
  InMemorySessionStore,
  ToolRegistry,
} from '@toolcraft/core';

/** Saves and reads artifacts the model names. */
class FilesTool extends ContextAwareTool<{ action: 'save' | 'load' | 'list'; name?: string; text?: string }, string> {
  constructor() {
    super({
      name: 'files',
      description: 'Saves, loads and lists artifacts.',
      argsType: {
        type: 'object',
        properties: { action: { type: 'string', enum: ['save', 'load', 'list'] }, name: { type: 'string' }, text: { type: 'string' } },
        required: ['action'],
      },
    });
  }
  async execute(args: { action: 'save' | 'load' | 'list'; name?: string; text?: string }, context: AgentContext): Promise<string> {
    if (args.action === 'save') return `version ${await context.artifacts.save(args.name!, args.text!, { mimeType: 'text/plain' })}`;
    if (args.action === 'load') return (await context.artifacts.load(args.name!))?.data.toString() ?? 'none';
    return (await context.artifacts.list()).join(',');
  }
}

const call = (args: Record<string, string>) => ({ toolCalls: [{ name: 'files', arguments: args }] });

describe('context.artifacts in agent runs', () => {
  it('saves versions 0, 1 in the run’s session and shares user: artifacts with the user’s other sessions', async () => {
    const artifacts = new InMemoryArtifactStore();
    const sessions = new InMemorySessionStore();
    const registry = ToolRegistry.of(new FilesTool());
    const first = new ScriptedModel([
      call({ action: 'save', name: 'draft.txt', text: 'one' }),
      call({ action: 'save', name: 'draft.txt', text: 'two' }),
      call({ action: 'save', name: 'user:prefs.txt', text: 'dark' }),
      { text: 'saved' },
    ]);
    const run = await new Agent({ model: first, registry, artifacts }).run('save', {
      session: sessions.open({ appName: 'app', userId: 'ada', sessionId: 'one' }),
    });
    expect(run.toolCalls.map((toolCall) => toolCall.result.content)).toEqual(['version 0', 'version 1', 'version 0']);
    await expect(artifacts.load({ appName: 'app', userId: 'ada', sessionId: 'one' }, 'draft.txt', 0)).resolves.toMatchObject({
      data: 'one',
    });

    const second = new ScriptedModel([
      call({ action: 'load', name: 'user:prefs.txt' }),
      call({ action: 'load', name: 'draft.txt' }),
      call({ action: 'list' }),
      { text: 'done' },
    ]);
    const next = await new Agent({ model: second, registry, artifacts }).run('load', {
      session: sessions.open({ appName: 'app', userId: 'ada', sessionId: 'two' }),
    });
    expect(next.toolCalls.map((toolCall) => toolCall.result.content)).toEqual(['dark', 'none', 'user:prefs.txt']);
  });

  it('tells the model when a tool uses a name that would escape the folder, and the run goes on', async () => {
    const model = new ScriptedModel([call({ action: 'save', name: '../../etc/passwd', text: 'x' }), { text: 'sorry' }]);
    const run = await new Agent({ model, registry: ToolRegistry.of(new FilesTool()) }).run('save');
    expect(run.toolCalls[0]!.result).toMatchObject({ isError: true });
    expect(run.toolCalls[0]!.result.content).toMatch(/Artifact name "..\/..\/etc\/passwd" is not allowed: it contains a path separator/);
    expect(run.text).toBe('sorry');
  });

  it('tells the model what the file system refused without an absolute path, even with errorDetail full', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolcraft-artifacts-'));
    try {
      // The store's folder is a file: every save fails in the file system.
      writeFileSync(join(root, 'store'), 'not a folder');
      const model = new ScriptedModel([call({ action: 'save', name: 'draft.txt', text: 'x' }), { text: 'sorry' }]);
      const agent = new Agent({
        model,
        registry: ToolRegistry.of(new FilesTool()),
        artifacts: new FileArtifactStore(join(root, 'store')),
        errorDetail: 'full',
      });
      const run = await agent.run('save');
      const seen = JSON.stringify(model.requests.at(-1)!.messages);
      expect(run.toolCalls[0]!.result.content).toMatch(/Could not save artifact 'draft.txt': the file system refused \(E[A-Z]+/);
      expect(seen).toContain('Could not save artifact');
      expect(seen).not.toContain(root);
      expect(seen).not.toContain(tmpdir());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives a context made by hand its own in-memory artifacts', async () => {
    const context = new AgentContext({ runId: 'r1', agentName: 'unit' });
    await expect(context.artifacts.save('a.txt', 'x')).resolves.toBe(0);
    await expect(context.forToolCall('c1', new AbortController().signal).artifacts.load('a.txt')).resolves.toMatchObject({ data: 'x' });
  });
});
