import * as path from 'node:path';
import { InvalidToolDefinitionError, ToolcraftError } from '@toolcraft/core';
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

describe('generateToolSchemas on tools it cannot key or describe', () => {
  let project: TempProject;
  beforeEach(() => {
    project = createTempProject();
  });
  afterEach(() => project.remove());
  const generate = () => generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });
  const source = (body: string) => `import { Tool } from '@toolcraft/core/annotations';\n${body}\n`;

  it('refuses a rest parameter, saying to take an array parameter instead', () => {
    project.write(
      'service.ts',
      source('export class TagService {\n  @Tool()\n  tag(note: string, ...tags: string[]): string { return note + tags.join(); }\n}'),
    );
    expect(generate).toThrow(SchemaGenerationError);
    expect(generate).toThrow(
      /rest parameter '...tags' of TagService.tag \(service.ts:\d+\).*Take an array parameter instead \(`tags: string\[\]`\)/,
    );
  });

  it('refuses @Tool methods in an anonymous default-exported class, saying to give the class a name', () => {
    project.write('service.ts', source('export default class {\n  @Tool()\n  ping(host: string): string { return host; }\n}'));
    expect(generate).toThrow(/A class without a name declares an @Tool method \(service.ts:\d+\).*Give the class a name/);
  });

  it('refuses @Tool methods in a class expression instead of skipping them', () => {
    project.write('service.ts', source('export const Pinger = class {\n  @Tool()\n  ping(host: string): string { return host; }\n};'));
    expect(generate).toThrow(/A class expression declares tools \(service.ts:\d+\)/);
  });

  it.each([["'get-weather'"], ['["compute"]']])('refuses an @Tool method named %s, saying to use an identifier method name', (name) => {
    project.write('service.ts', source(`export class Weather {\n  @Tool()\n  ${name}(city: string): string { return city; }\n}`));
    expect(generate).toThrow(
      /The @Tool method .* of Weather \(service.ts:\d+\) has a quoted or computed name.*Use an identifier method name/,
    );
  });
});

describe('SchemaGenerationError', () => {
  it('has a fixed name and an isInstance that is true for it and false for other toolcraft errors', () => {
    const error = new SchemaGenerationError('bad type', { className: 'A' });
    expect(error.name).toBe('SchemaGenerationError');
    expect(SchemaGenerationError.isInstance(error)).toBe(true);
    expect(SchemaGenerationError.isInstance(new InvalidToolDefinitionError('A.b', 'wrong'))).toBe(false);
    expect(SchemaGenerationError.isInstance(new Error('bad type'))).toBe(false);
    expect(ToolcraftError.isInstance(error)).toBe(true);
  });

  it('is recognised from another copy of the package by its marker, not its class', () => {
    const foreign = Object.assign(new Error('from another copy'), { [Symbol.for('toolcraft.error.SchemaGenerationError')]: true });
    expect(SchemaGenerationError.isInstance(foreign)).toBe(true);
  });
});
