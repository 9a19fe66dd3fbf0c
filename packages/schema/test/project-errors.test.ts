import * as path from 'node:path';
import { generateToolSchemas, SchemaGenerationError } from '../src/index';
import { createTempProject, SERVICE_SOURCE, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

describe('generateToolSchemas on a broken project', () => {
  let project: TempProject;
  beforeEach(() => {
    project = createTempProject();
  });
  afterEach(() => project.remove());
  const generate = () => generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });

  it('refuses two tool classes with one name, naming both places', () => {
    project.write('copy.ts', SERVICE_SOURCE);
    expect(generate).toThrow(SchemaGenerationError);
    expect(generate).toThrow(/Two tools have the manifest key 'NoteService.add' \(copy.ts:\d+ and service.ts:\d+\)/);
  });

  it('reports a syntax error with its file and line', () => {
    project.write('service.ts', `${SERVICE_SOURCE}\nexport class {`);
    expect(generate).toThrow(/Syntax error in .*service.ts:\d+/);
  });

  it('reports a missing tsconfig', () => {
    expect(() => generateToolSchemas({ project: path.join(project.directory, 'nope.json') })).toThrow(
      /Cannot read the TypeScript project .*nope.json/,
    );
  });

  it('refuses a destructured parameter, which has no name to show the model', () => {
    project.write('service.ts', SERVICE_SOURCE.replace('list(limit?: number)', 'list({ limit }: { limit?: number })'));
    expect(generate).toThrow(/A destructured parameter of NoteService.list \(service.ts:\d+\) has no name/);
  });
});
