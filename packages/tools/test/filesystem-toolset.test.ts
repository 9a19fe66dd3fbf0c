import 'reflect-metadata';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { FileSystemToolset, InvalidToolsetOptionsError } from '@toolcraft/tools';

let base: string;
let root: string;
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'toolcraft-fs-'));
  root = join(base, 'root');
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'src', 'a.ts'), 'const a = 1;\nconst b = 2;\nexport { a, b };\n');
  writeFileSync(join(root, 'notes.md'), 'TODO: ship\nTODO: test\n');
  writeFileSync(join(base, 'secret.txt'), 'password');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function environment(options: Partial<ConstructorParameters<typeof FileSystemToolset>[0]> = {}) {
  const toolset = new FileSystemToolset({ root, ...options });
  const env = new AgentEnvironment({ registry: new ToolRegistry([...toolset.tools]) });
  return (name: string, args: Record<string, unknown>) => env.executeTool({ name, arguments: args });
}

describe('FileSystemToolset', () => {
  it('reads a file with line numbers, or a range of it', async () => {
    const call = environment();
    expect((await call('read_file', { path: 'src/a.ts' })).content).toBe('1\tconst a = 1;\n2\tconst b = 2;\n3\texport { a, b };\n4\t\n');
    expect((await call('read_file', { path: 'src/a.ts', startLine: 2, endLine: 2 })).content).toBe('2\tconst b = 2;\n');
    const past = await call('read_file', { path: 'src/a.ts', startLine: 9 });
    expect(past.isError).toBe(true);
    expect(past.content).toContain('has 4 lines; startLine 9 is past its end');
  });

  it('cuts a long read, saying where to read on', async () => {
    const call = environment({ maxReadChars: 20 });
    const result = await call('read_file', { path: 'src/a.ts' });
    expect(result.content).toBe('1\tconst a = 1;\n[... cut at 20 characters: read on with startLine 2]');
  });

  it('lists a folder, recursively when asked, and searches text in files', async () => {
    const call = environment();
    expect((await call('list_files', {})).content).toBe('notes.md\nsrc/');
    expect((await call('list_files', { recursive: true })).content).toBe('notes.md\nsrc/\nsrc/a.ts');
    expect((await call('search_files', { text: 'todo', ignoreCase: true })).content).toBe('notes.md:1: TODO: ship\nnotes.md:2: TODO: test');
    const none = await call('search_files', { text: 'nowhere' });
    expect(none.isError).toBe(true);
    expect(none.content).toContain("No file under '.' holds 'nowhere'");
  });

  it('writes and edits a unique snippet, and says clearly when the snippet is missing or not unique', async () => {
    const call = environment();
    expect((await call('write_file', { path: 'out/new.txt', content: 'x = 1\nx = 1\n' })).content).toBe('Wrote 12 bytes to out/new.txt.');
    const twice = await call('edit_file', { path: 'out/new.txt', oldText: 'x = 1', newText: 'x = 2' });
    expect(twice.isError).toBe(true);
    expect(twice.content).toContain('occurs 2 times');
    const missing = await call('edit_file', { path: 'src/a.ts', oldText: 'const c', newText: 'x' });
    expect(missing.content).toContain('does not occur');
    expect((await call('edit_file', { path: 'src/a.ts', oldText: 'const b = 2;', newText: 'const b = 3;' })).content).toBe(
      'Edited src/a.ts at line 2.',
    );
    expect(readFileSync(join(root, 'src', 'a.ts'), 'utf8')).toContain('const b = 3;');
  });

  it('keeps every path inside the root: ../, absolute paths and symlinks out are refused, the run goes on', async () => {
    symlinkSync(join(base, 'secret.txt'), join(root, 'link.txt'));
    symlinkSync(base, join(root, 'up'));
    const call = environment();
    for (const [name, args] of [
      ['read_file', { path: '../secret.txt' }],
      ['read_file', { path: join(base, 'secret.txt') }],
      ['read_file', { path: 'link.txt' }],
      ['write_file', { path: 'up/evil.txt', content: 'x' }],
      ['list_files', { path: 'up' }],
    ] as const) {
      const result = await call(name, args);
      expect(result.isError).toBe(true);
      expect(result.content).toContain('is outside the folder these tools work in');
    }
    expect(() => readFileSync(join(base, 'evil.txt'))).toThrow();
    expect((await call('read_file', { path: join(root, 'notes.md') })).content).toContain('TODO: ship');
  });

  it('bounds what is written and offers only reading tools when readOnly', async () => {
    const call = environment({ maxWriteBytes: 4 });
    expect((await call('write_file', { path: 'big.txt', content: '12345' })).content).toContain('more than the 4 these tools write');
    const readOnly = new FileSystemToolset({ root, readOnly: true });
    expect(readOnly.tools.map((tool) => [tool.name, tool.effects])).toEqual([
      ['read_file', 'read'],
      ['list_files', 'read'],
      ['search_files', 'read'],
    ]);
  });

  it("asks for approval of changes with approvals: 'write', as a toolset of an agent", async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'a.txt', content: 'hi' } }] },
      { text: 'ok' },
    ]);
    const run = await new Agent({ model, tools: [new FileSystemToolset({ root })], approvals: 'write' }).run('Write a.txt');
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions[0]).toMatchObject({ kind: 'approval', toolName: 'write_file' });
  });

  it('refuses impossible options', () => {
    expect(() => new FileSystemToolset({ root: '' })).toThrow(InvalidToolsetOptionsError);
    expect(() => new FileSystemToolset({ root, maxEntries: 0 })).toThrow("option 'maxEntries' must be a whole number of at least 1");
  });
});
