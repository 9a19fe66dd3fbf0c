import * as path from 'node:path';
import type { ToolSchemaManifest } from '@toolcraft/core';
import { generateToolSchemas } from '../src/index';
import { createTempProject, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

const SOURCE = `import { IsInt, Min } from 'class-validator';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';
import { PageArgs } from './page-args';

export class ListUsersArgs extends PageArgs {
  query?: string;
}

export class DeepArgs extends ListUsersArgs {}

export class Described {
  @LLMDescription('not a validation decorator') note!: string;
}

export class UserService {
  @Tool()
  listUsers(args: ListUsersArgs): string { return JSON.stringify(args); }

  @Tool()
  deep(args: DeepArgs): string { return JSON.stringify(args); }

  @Tool()
  describe(value: Described): string { return value.note; }
}
`;

const PAGE_ARGS = `import { IsInt, Min } from 'class-validator';
export class PageArgs {
  @IsInt() @Min(1) page!: number;
}
`;

describe('generateToolSchemas and Args classes whose decorators are inherited', () => {
  let project: TempProject;
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    project = createTempProject();
    project.write('page-args.ts', PAGE_ARGS);
    project.write('service.ts', SOURCE);
    manifest = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });
  });
  afterAll(() => project.remove());

  it('counts a class whose class-validator decorators are all inherited as an Args class, with the inherited properties', () => {
    const entry = manifest.tools['UserService.listUsers']!;
    expect(entry.parameters[0]).toMatchObject({ name: 'args', argsObject: true });
    expect(entry.inputSchema).toEqual({
      type: 'object',
      properties: { query: { type: 'string' }, page: { type: 'integer', minimum: 1 } },
      required: ['page'],
    });
  });

  it('walks the whole heritage chain', () => {
    expect(manifest.tools['UserService.deep']!.parameters[0]).toMatchObject({ argsObject: true });
  });

  it('counts a class with only @LLMDescription properties (Koog style) as an Args class, as the runtime does', () => {
    const entry = manifest.tools['UserService.describe']!;
    expect(entry.parameters[0]).toMatchObject({ name: 'value', argsObject: true });
    expect(entry.inputSchema).toMatchObject({ type: 'object', properties: { note: { type: 'string' } }, required: ['note'] });
  });
});
