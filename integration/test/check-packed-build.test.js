// scripts/check-packed-build.mjs, the `prepack` guard of every package: run on small package folders
// of its own (times set with utimes, no waiting), and once through `npm pack --dry-run`.
const { execFile } = require('node:child_process');
const { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { childEnvironment, repository } = require('./support/outside-project');

const script = join(repository, 'scripts', 'check-packed-build.mjs');
const manifest = {
  name: '@toolcraft/example',
  version: '0.1.0',
  main: './dist/cjs/index.js',
  types: './dist/cjs/index.d.ts',
  exports: { '.': { import: './dist/esm/index.js', require: './dist/cjs/index.js' }, './package.json': './package.json' },
  files: ['dist', 'src'],
  scripts: { prepack: `node ${JSON.stringify(script)}` },
};

/** Runs a command in a folder; resolves with its exit code and output, never rejects. */
function run(command, args, cwd) {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: childEnvironment() }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : error.code, output: `${stdout}${stderr}` });
    });
  });
}

/** Writes a file and sets its modification time to `at` (seconds since the epoch). */
function writeAt(path, text, at) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, at, at);
}

describe('check-packed-build (the prepack guard)', () => {
  let folder;
  const built = 1_800_000_000;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'toolcraft-prepack-'));
    writeFileSync(join(folder, 'package.json'), JSON.stringify(manifest, null, 2));
    writeAt(join(folder, 'src', 'index.ts'), 'export const a = 1;\n', built - 60);
  });

  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  function build(at = built) {
    for (const file of ['dist/cjs/index.js', 'dist/cjs/index.d.ts', 'dist/esm/index.js']) writeAt(join(folder, file), '', at);
  }

  it('passes a package built after its last source change', async () => {
    build();
    await expect(run('node', [script], folder)).resolves.toEqual({ code: 0, output: '' });
  });

  it('refuses a package with no dist/', async () => {
    const { code, output } = await run('node', [script], folder);
    expect(code).toBe(1);
    expect(output).toContain('@toolcraft/example cannot be packed: it has no dist/');
    expect(output).toContain('Run `npm run build` at the root of the repository, then pack again.');
  });

  it('refuses a build without a file the manifest points at', async () => {
    build();
    rmSync(join(folder, 'dist', 'esm'), { recursive: true });
    const { code, output } = await run('node', [script], folder);
    expect(code).toBe(1);
    expect(output).toContain('its build is incomplete: ./dist/esm/index.js missing');
  });

  it('refuses a build older than a source file, naming the file', async () => {
    build();
    writeAt(join(folder, 'src', 'tools', 'search.ts'), 'export const b = 2;\n', built + 60);
    const { code, output } = await run('node', [script], folder);
    expect(code).toBe(1);
    expect(output).toMatch(
      /dist\/ is older than src\/ \(src\/tools\/search\.ts changed at .+, after the last build at .+\), so the tarball would ship stale code/,
    );
  });

  it('counts a build that only touched its .tsbuildinfo (tsc -b after a source was touched, not changed)', async () => {
    build(built - 3600);
    writeAt(join(folder, 'dist', 'cjs.tsbuildinfo'), '{}', built);
    await expect(run('node', [script], folder)).resolves.toEqual({ code: 0, output: '' });
  });

  it('makes `npm pack` fail with its message when wired as prepack', async () => {
    build();
    writeAt(join(folder, 'src', 'index.ts'), 'export const a = 2;\n', built + 60);
    const { code, output } = await run('npm', ['pack', '--dry-run', '--ignore-scripts=false'], folder);
    expect(code).not.toBe(0);
    expect(output).toContain('check-packed-build: @toolcraft/example cannot be packed: dist/ is older than src/');
  }, 60_000);

  it('is the prepack script of every package of the repository', () => {
    const packages = readdirSync(join(repository, 'packages')).sort();
    const scripts = packages.map((name) => [
      name,
      JSON.parse(readFileSync(join(repository, 'packages', name, 'package.json'), 'utf8')).scripts?.prepack,
    ]);
    expect(scripts).toEqual(packages.map((name) => [name, 'node ../../scripts/check-packed-build.mjs']));
  });
});
