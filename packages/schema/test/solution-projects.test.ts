import * as path from 'node:path';
import { generateToolSchemas, runCli, SchemaGenerationError } from '../src/index';
import { createTempProject, SERVICE_SOURCE, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

const OPTIONS = { target: 'ES2022', module: 'commonjs', strict: true, experimentalDecorators: true, skipLibCheck: true, types: [] };

function run(argv: string[], cwd: string): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

describe('generateToolSchemas on how a project is named', () => {
  let project: TempProject;
  beforeEach(() => {
    project = createTempProject();
  });
  afterEach(() => project.remove());

  it('reads the tsconfig.json of a directory given as the project', () => {
    expect(Object.keys(generateToolSchemas({ project: project.directory }).tools)).toEqual(['NoteService.add', 'NoteService.list']);
    expect(run(['--project', '.'], project.directory)).toMatchObject({ code: 0, stdout: 'Wrote 2 tool schemas to tool-schemas.json.\n' });
  });

  it('follows the references of a solution-style tsconfig, building one program over their files', () => {
    project.write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: './app' }, { path: './tsconfig.tools.json' }] }));
    project.write('app/tsconfig.json', JSON.stringify({ compilerOptions: OPTIONS, include: ['../service.ts'] }));
    project.write('tsconfig.tools.json', JSON.stringify({ compilerOptions: OPTIONS, include: ['tools/*.ts'] }));
    project.write('tools/echo.ts', SERVICE_SOURCE.replace('NoteService', 'EchoService'));
    const keys = Object.keys(generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') }).tools);
    expect(keys).toEqual(['EchoService.add', 'EchoService.list', 'NoteService.add', 'NoteService.list']);
  });

  it('fails with a hint when neither the tsconfig nor its references have files', () => {
    project.write('tsconfig.json', JSON.stringify({ files: [], references: [{ path: './empty.json' }] }));
    project.write('empty.json', JSON.stringify({ compilerOptions: OPTIONS, include: ['nothing/*.ts'] }));
    const generate = () => generateToolSchemas({ project: project.directory });
    expect(generate).toThrow(SchemaGenerationError);
    expect(generate).toThrow(/has no files of its own.*Pass the tsconfig of the project that holds your tools with --project/);
  });

  it('warns on stderr, and still exits 0, when no tools are found', () => {
    project.write('service.ts', 'export const nothing = 1;\n');
    const result = run(['--project', 'tsconfig.json'], project.directory);
    expect(result).toMatchObject({ code: 0, stdout: 'Wrote 0 tool schemas to tool-schemas.json.\n' });
    expect(result.stderr).toMatch(/^toolcraft-schema: warning: no @Tool methods or tool classes found in the files of tsconfig.json\./);
  });
});
