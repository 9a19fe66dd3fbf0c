import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { generateToolSchemas, runCli, serializeManifest } from '../src/index';
import { createTempProject, SERVICE_SOURCE, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

function run(argv: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

describe('runCli', () => {
  let project: TempProject;
  beforeEach(() => {
    project = createTempProject();
  });
  afterEach(() => project.remove());

  it('writes the manifest of the project to --out', () => {
    const result = run(['--project', 'tsconfig.json', '--out', 'schemas/tool-schemas.json'], project.directory);
    expect(result).toMatchObject({ code: 0, stdout: 'Wrote 2 tool schemas to schemas/tool-schemas.json.\n' });
    const written = readFileSync(path.join(project.directory, 'schemas/tool-schemas.json'), 'utf8');
    expect(written).toBe(serializeManifest(generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') })));
  });

  it('exits 0 with --check when the manifest matches the code', () => {
    run([], project.directory);
    expect(run(['--check'], project.directory)).toEqual({ code: 0, stdout: 'tool-schemas.json is up to date.\n', stderr: '' });
  });

  it('exits 1 with --check and prints which tool and path changed when the manifest is stale', () => {
    run([], project.directory);
    project.write('service.ts', SERVICE_SOURCE.replace('limit?: number', 'limit: number'));
    const result = run(['--check'], project.directory);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('tool-schemas.json is stale');
    expect(result.stderr).toContain('~ NoteService.list parameters[0].required: false -> true');
    expect(result.stderr).toContain('Run `toolcraft-schema --project tsconfig.json --out tool-schemas.json` to update it.');
  });

  it('exits 1 with --check when there is no manifest yet, saying how to make one', () => {
    const result = run(['--check'], project.directory);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Cannot read the schema manifest');
  });

  it('scans only the files given as arguments', () => {
    project.write('other.ts', SERVICE_SOURCE.replace('NoteService', 'OtherService'));
    run(['service.ts'], project.directory);
    const manifest = JSON.parse(readFileSync(path.join(project.directory, 'tool-schemas.json'), 'utf8'));
    expect(Object.keys(manifest.tools)).toEqual(['NoteService.add', 'NoteService.list']);
  });

  it('exits 2 with the usage for an unknown option, and 0 for --help', () => {
    const bad = run(['--nope'], project.directory);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: toolcraft-schema');
    expect(run(['--help'], project.directory)).toMatchObject({ code: 0, stdout: expect.stringContaining('--check') });
  });

  it('reports a generation error on stderr and exits 1', () => {
    project.write('service.ts', SERVICE_SOURCE.replace('limit?: number', 'limit?: () => number'));
    const result = run([], project.directory);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("parameter 'limit' of NoteService.list");
  });

  const bin = path.join(__dirname, '..', 'bin', 'toolcraft-schema.js');
  const built = existsSync(path.join(__dirname, '..', 'dist', 'cjs', 'cli.js'));
  (built ? it : it.skip)('runs as the built toolcraft-schema bin in a child process', () => {
    const result = spawnSync(process.execPath, [bin, '--project', 'tsconfig.json'], { cwd: project.directory, encoding: 'utf8' });
    expect(result.stdout).toContain('Wrote 2 tool schemas');
    expect(result.status).toBe(0);
    expect(spawnSync(process.execPath, [bin, '--check'], { cwd: project.directory }).status).toBe(0);
  });
});
