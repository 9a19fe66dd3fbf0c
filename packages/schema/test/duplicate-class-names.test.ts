import * as path from 'node:path';
import { generateToolSchemas, runCli } from '../src/index';
import { createTempProject, SERVICE_SOURCE, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

const TOOL_CLASS = (description: string) => `import { SimpleTool } from '@toolcraft/core';
export class SearchArgs { query!: string; }
export class SearchTool extends SimpleTool<SearchArgs> {
  constructor() { super({ name: 'search', description: '${description}', argsType: SearchArgs as never }); }
  execute(): string { return ''; }
}
`;

describe('generateToolSchemas with two classes of one name', () => {
  let project: TempProject;
  beforeEach(() => {
    project = createTempProject();
  });
  afterEach(() => project.remove());

  it('keys both services by file and class instead of aborting, and warns naming both places', () => {
    project.write('copy.ts', SERVICE_SOURCE);
    const warnings: string[] = [];
    const manifest = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json'), onWarning: (w) => warnings.push(w) });
    expect(Object.keys(manifest.tools)).toEqual([
      'copy.ts:NoteService.add',
      'copy.ts:NoteService.list',
      'service.ts:NoteService.add',
      'service.ts:NoteService.list',
    ]);
    expect(manifest.tools['copy.ts:NoteService.add']).toMatchObject({ file: 'copy.ts', className: 'NoteService', name: 'add' });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/2 tools have the manifest key 'NoteService.add' \((copy|service).ts:\d+, (copy|service).ts:\d+\)/);
    expect(warnings[0]).toMatch(/uses reflection for these methods; rename one of the classes/);
  });

  it('keys two tool classes of one name by file, keeping a uniquely named one by its class name', () => {
    project.write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { strict: true, experimentalDecorators: true, types: [] }, include: ['**/*.ts'] }),
    );
    project.write('a/search.ts', TOOL_CLASS('First search'));
    project.write('b/search.ts', TOOL_CLASS('Second search'));
    const manifest = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json'), onWarning: () => undefined });
    expect(manifest.tools['a/search.ts:SearchTool']).toMatchObject({ kind: 'class', description: 'First search', file: 'a/search.ts' });
    expect(manifest.tools['b/search.ts:SearchTool']).toMatchObject({ kind: 'class', description: 'Second search', file: 'b/search.ts' });
    expect(manifest.tools['NoteService.add']).toMatchObject({ kind: 'method', className: 'NoteService' });
    expect(manifest.tools['NoteService.add']).not.toHaveProperty('file');
  });

  it('lets the CLI write the manifest (exit code 0) and print the warning', () => {
    project.write('copy.ts', SERVICE_SOURCE);
    let stderr = '';
    const code = runCli([], { stdout: () => undefined, stderr: (text) => (stderr += text), cwd: project.directory });
    expect(code).toBe(0);
    expect(stderr).toMatch(/toolcraft-schema: 2 tools have the manifest key 'NoteService.add'/);
  });
});
