import 'reflect-metadata';
import * as path from 'node:path';
import { generateToolSchemas, SchemaGenerationError } from '../src/index';
import { createTempProject, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

const GENERIC_METHODS = `import { Tool } from '@toolcraft/core/annotations';
export class PickService {
  @Tool()
  pick<T extends 'x' | 'y'>(v: T): string { return v; }

  @Tool()
  rename<K extends string>(key: K, n?: number): string { return key + n; }
}
`;

const GENERIC_BASE = `import { Tool } from '@toolcraft/core/annotations';
export interface User { name: string; age: number }
export abstract class Repo<T, K extends string = string> {
  /** Updates a record. */
  @Tool()
  update(id: K, patch: Partial<T>): string { return JSON.stringify({ id, patch }); }

  @Tool()
  count(filter?: string): number { return filter === undefined ? 0 : 1; }
}
export class UserRepo extends Repo<User> {}
export class LatestRepo<T> extends Repo<T> {}
`;

describe('generateToolSchemas on generic methods', () => {
  let project: TempProject;
  beforeEach(() => {
    project = createTempProject();
  });
  afterEach(() => project.remove());
  const generate = () => generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });

  it("describes a method's type parameter by its constraint, not as an array or a bare object", () => {
    project.write('service.ts', GENERIC_METHODS);
    const { tools } = generate();
    expect(tools['PickService.pick']!.inputSchema.properties?.v).toEqual({ type: 'string', enum: ['x', 'y'] });
    expect(tools['PickService.rename']!.inputSchema).toMatchObject({
      properties: { key: { type: 'string' }, n: { type: 'number' } },
      required: ['key'],
    });
  });

  it('refuses an unconstrained type parameter, naming the class, method and parameter and saying what to do', () => {
    project.write('service.ts', GENERIC_METHODS.replace("pick<T extends 'x' | 'y'>", 'pick<T>'));
    expect(generate).toThrow(SchemaGenerationError);
    expect(generate).toThrow(
      /parameter 'v' of PickService.pick \(service.ts:\d+\).*type parameter 'T'.*Give T a JSON-compatible constraint/,
    );
  });

  it('refuses a type parameter constrained to unknown or {}', () => {
    project.write('service.ts', GENERIC_METHODS.replace("T extends 'x' | 'y'", 'T extends {}'));
    expect(generate).toThrow(/parameter 'v' of PickService.pick/);
    project.write('service.ts', GENERIC_METHODS.replace("T extends 'x' | 'y'", 'T extends unknown'));
    expect(generate).toThrow(/parameter 'v' of PickService.pick/);
  });

  it('refuses a type parameter inside the type (T[]) rather than describing it wrongly', () => {
    project.write('service.ts', GENERIC_METHODS.replace('(v: T)', '(v: T[])').replace('return v;', 'return v.join();'));
    expect(generate).toThrow(/its type 'T\[\]' depends on the type parameter 'T'/);
  });

  it('gives a concrete subclass of a generic base class its own entry with the type arguments filled in', () => {
    project.write('service.ts', GENERIC_BASE);
    const { tools } = generate();
    const update = tools['UserRepo.update']!;
    expect(update).toMatchObject({ className: 'UserRepo', methodName: 'update', name: 'update', description: 'Updates a record.' });
    expect(update.inputSchema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string' },
        patch: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } } },
      },
      required: ['id', 'patch'],
    });
    expect(tools['Repo.update']).toBeUndefined(); // it cannot be described, and the runtime would find it first
    expect(tools['LatestRepo.update']).toBeUndefined(); // still generic: left to its own subclasses
    expect(tools['Repo.count']).toBeDefined(); // does not use the type parameters
    expect(tools['UserRepo.count']).toBeUndefined();
  });

  it('refuses a generic base class method that no concrete subclass describes, saying to declare one', () => {
    project.write('service.ts', GENERIC_BASE.replace(/export class UserRepo.*\n/, ''));
    expect(generate).toThrow(/parameter 'patch' of Repo.update .*type parameter 'T'.*Declare a concrete subclass/);
  });

  it('keeps the entry of a generic base class method whose type parameters all have describable constraints', () => {
    project.write('service.ts', GENERIC_BASE.replace(', patch: Partial<T>', '').replace('{ id, patch }', '{ id }'));
    const { tools } = generate();
    expect(tools['Repo.update']!.inputSchema.properties?.id).toEqual({ type: 'string' });
    expect(tools['UserRepo.update']!.inputSchema.properties?.id).toEqual({ type: 'string' });
  });
});
