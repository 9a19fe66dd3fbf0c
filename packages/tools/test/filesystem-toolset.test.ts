import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, AgentEnvironment, ToolRegistry } from '@toolcraft/core';
import { FileSystemToolset, InvalidToolsetOptionsError } from '@toolcraft/tools';
import { pathByIdentity } from '../src/filesystem/opened-path';
import { RootedPaths } from '../src/filesystem/rooted-path';

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
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(base, { recursive: true, force: true });
});

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

  it('never writes through a symlink, even one leading nowhere: nothing is made outside the root', async () => {
    mkdirSync(join(base, 'outside'));
    symlinkSync(join(base, 'outside', 'planted.sh'), join(root, 'notes.txt'));
    symlinkSync(join(base, 'outside', 'newdir'), join(root, 'linkdir'));
    const call = environment();
    const file = await call('write_file', { path: 'notes.txt', content: 'echo pwned' });
    expect(file.isError).toBe(true);
    expect(file.content).toContain("'notes.txt' is a symbolic link: these tools do not write through links");
    expect((await call('edit_file', { path: 'notes.txt', oldText: 'a', newText: 'b' })).isError).toBe(true);
    expect((await call('write_file', { path: 'linkdir/a.txt', content: 'x' })).isError).toBe(true);
    expect(readdirSync(join(base, 'outside'))).toEqual([]);
  });

  it('refuses a file swapped for a symlink out between the check and the open, to read and to edit', async () => {
    const check = RootedPaths.prototype.resolve;
    jest.spyOn(RootedPaths.prototype, 'resolve').mockImplementation(async function (this: RootedPaths, path: string) {
      const real = await check.call(this, path);
      rmSync(real);
      symlinkSync(join(base, 'secret.txt'), real);
      return real;
    });
    const call = environment();
    const read = await call('read_file', { path: 'notes.md' });
    expect(read.isError).toBe(true);
    expect(read.content).not.toContain('password');
    expect(read.content).toContain('is a symbolic link');
  });

  it('refuses a folder swapped for a symlink out between the check and the open: nothing read, written or left outside', async () => {
    mkdirSync(join(base, 'outside'));
    writeFileSync(join(base, 'outside', 'a.ts'), 'secret code');
    const swap = () => {
      rmSync(join(root, 'src'), { recursive: true });
      symlinkSync(join(base, 'outside'), join(root, 'src'));
    };
    const check = RootedPaths.prototype.resolve;
    const resolve = jest.spyOn(RootedPaths.prototype, 'resolve').mockImplementation(async function (this: RootedPaths, path: string) {
      const real = await check.call(this, path);
      swap();
      return real;
    });
    const call = environment();
    const read = await call('read_file', { path: 'src/a.ts' });
    expect(read.content).toContain("The path 'src/a.ts' is outside the folder these tools work in");
    resolve.mockRestore();
    rmSync(join(root, 'src'));
    mkdirSync(join(root, 'src'));
    const parent = RootedPaths.prototype.parentOf;
    jest.spyOn(RootedPaths.prototype, 'parentOf').mockImplementation(async function (this: RootedPaths, path: string, create: boolean) {
      const found = await parent.call(this, path, create);
      swap();
      return found;
    });
    for (const [name, args] of [
      ['write_file', { path: 'src/new.ts', content: 'pwned' }],
      ['write_file', { path: 'src/a.ts', content: 'pwned' }],
    ] as const)
      expect((await call(name, args)).content).toContain(`The path '${args.path}' is outside the folder these tools work in`);
    expect(readdirSync(join(base, 'outside'))).toEqual(['a.ts']);
    expect(readFileSync(join(base, 'outside', 'a.ts'), 'utf8')).toBe('secret code');
  });

  it('tells where an open file is without /proc, by its folder and inode, and not when another file took its place', async () => {
    const path = join(root, 'notes.md');
    const handle = await open(path, 'r');
    try {
      expect(await pathByIdentity(handle, path)).toBe(path);
      rmSync(path);
      writeFileSync(path, 'another file');
      expect(await pathByIdentity(handle, path)).toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it('refuses a named pipe at once, to read, write and edit, without waiting for a writer or reader', async () => {
    execFileSync('mkfifo', [join(root, 'pipe')]);
    const call = environment();
    for (const [name, args] of [
      ['read_file', { path: 'pipe' }],
      ['write_file', { path: 'pipe', content: 'x' }],
      ['edit_file', { path: 'pipe', oldText: 'a', newText: 'b' }],
    ] as const)
      expect((await call(name, args)).content).toContain("'pipe' is not a regular file (a pipe, socket or device)");
    expect((await call('search_files', { text: 'TODO' })).content).toContain('notes.md:1: TODO: ship');
  });

  it('edits the bytes of a file that is not UTF-8, every other byte kept, and says why a snippet with \uFFFD matches nothing', async () => {
    const latin1 = Buffer.from('caf\xe9 = 1\nna\xefve = 2\n', 'latin1');
    writeFileSync(join(root, 'latin1.txt'), latin1);
    const call = environment();
    expect((await call('edit_file', { path: 'latin1.txt', oldText: '= 2', newText: '= 3' })).content).toBe('Edited latin1.txt at line 2.');
    expect(readFileSync(join(root, 'latin1.txt'))).toEqual(Buffer.from('caf\xe9 = 1\nna\xefve = 3\n', 'latin1'));
    const copied = await call('edit_file', { path: 'latin1.txt', oldText: 'caf\uFFFD', newText: 'tea' });
    expect(copied.content).toContain('The file is not valid UTF-8');
  });

  it('reads a line longer than maxReadChars in parts, each saying the startChar to read on from', async () => {
    writeFileSync(join(root, 'bundle.min.js'), `${'a'.repeat(25)}${'b'.repeat(25)}\nnext\n`);
    const call = environment({ maxReadChars: 30 });
    const first = (await call('read_file', { path: 'bundle.min.js' })).content;
    expect(first).toBe(`1\t${'a'.repeat(25)}bb\n[... line 1 cut at 30 characters: read on with startLine 1, startChar 28]`);
    const second = (await call('read_file', { path: 'bundle.min.js', startChar: 28 })).content;
    expect(second).toBe(`1\t${'b'.repeat(23)}\n[... cut at 30 characters: read on with startLine 2]`);
    expect((await call('read_file', { path: 'bundle.min.js', startLine: 2 })).content).toBe('2\tnext\n3\t\n');
    const past = await call('read_file', { path: 'bundle.min.js', startChar: 51 });
    expect(past.content).toContain('Line 1 has 50 characters; startChar 51 is past its end');
  });

  it('refuses files over maxFileBytes to read and edit, and search_files says how many it skipped', async () => {
    writeFileSync(join(root, 'big.txt'), 'TODO: big\n'.repeat(10));
    const call = environment({ maxFileBytes: 50 });
    expect((await call('read_file', { path: 'big.txt' })).content).toContain("'big.txt' has 100 bytes, more than the 50 these tools read");
    expect((await call('edit_file', { path: 'big.txt', oldText: 'x', newText: 'y' })).content).toContain(
      'more than the 50 these tools edit',
    );
    expect((await call('search_files', { text: 'TODO' })).content).toBe(
      'notes.md:1: TODO: ship\nnotes.md:2: TODO: test\n[1 file(s) over 50 bytes not searched]',
    );
  });

  it('takes a name starting with two dots (..notes) as inside the root', async () => {
    writeFileSync(join(root, '..notes'), 'inside\n');
    const call = environment();
    expect((await call('read_file', { path: '..notes' })).content).toBe('1\tinside\n2\t\n');
    expect((await call('write_file', { path: '..more', content: 'x' })).content).toBe('Wrote 1 bytes to ..more.');
  });

  it('works once a root missing at the first call is made', async () => {
    const late = join(base, 'late');
    const call = environment({ root: late });
    expect((await call('list_files', {})).content).toContain(`the root folder ${late} does not exist`);
    mkdirSync(late);
    writeFileSync(join(late, 'a.txt'), 'a');
    expect((await call('list_files', {})).content).toBe('a.txt');
    expect(existsSync(join(late, 'a.txt'))).toBe(true);
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
