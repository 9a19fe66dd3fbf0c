import * as path from 'node:path';
import { checkToolSchemas, generateToolSchemas } from '../src/index';
import { createTempProject, SERVICE_SOURCE, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

describe('checkToolSchemas', () => {
  let project: TempProject;
  beforeEach(() => {
    project = createTempProject();
  });
  afterEach(() => project.remove());
  const tsconfig = (): string => path.join(project.directory, 'tsconfig.json');

  it('finds no differences when the committed manifest matches the code', () => {
    const manifest = generateToolSchemas({ project: tsconfig() });
    expect(checkToolSchemas({ project: tsconfig(), manifest })).toEqual([]);
  });

  it('names the tool and the path that changed when the code changed', () => {
    const manifest = generateToolSchemas({ project: tsconfig() });
    project.write('service.ts', SERVICE_SOURCE.replace("'low' | 'high'", "'low' | 'high' | 'urgent'"));
    const differences = checkToolSchemas({ project: tsconfig(), manifest });
    expect(differences).toContainEqual({
      tool: 'NoteService.add',
      change: 'changed',
      path: 'inputSchema.properties.priority.enum[2]',
      committed: undefined,
      current: 'urgent',
    });
    expect(differences.every((d) => d.tool === 'NoteService.add')).toBe(true);
  });

  it('reports tools added to and removed from the code', () => {
    const manifest = generateToolSchemas({ project: tsconfig() });
    project.write('service.ts', SERVICE_SOURCE.replace('list(limit', 'count(limit'));
    const differences = checkToolSchemas({ project: tsconfig(), manifest });
    expect(differences.map((d) => [d.tool, d.change])).toEqual([
      ['NoteService.count', 'added'],
      ['NoteService.list', 'removed'],
    ]);
  });
});
