import * as path from 'node:path';
import type { ToolSchemaManifest } from '@toolcraft/core';
import { generateToolSchemas } from '../src/index';
import { createTempProject, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

const SOURCE = `import { Tool } from '@toolcraft/core/annotations';
export class OrderService {
  /**
   * Lists orders.
   * @param limit - how many
   */
  @Tool()
  list(
    /** @default no limit */ limit?: number,
    /** @default 20 */ page = 1,
    /** @default 'newest' */ sort?: string,
    /** @defaultValue {"open":true} */ filter?: { open: boolean },
    /** @default "ten" */ size?: number,
    /** @default 'all' */ status?: 'open' | 'closed',
    /** @defaultValue 2 */ depth?: number,
  ): string {
    return JSON.stringify([limit, page, sort, filter, size, status, depth]);
  }
}
`;

describe('generateToolSchemas and @default tags', () => {
  let project: TempProject;
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    project = createTempProject();
    project.write('service.ts', SOURCE);
    manifest = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });
  });
  afterAll(() => project.remove());
  const parameter = (name: string) => manifest.tools['OrderService.list']!.parameters.find((p) => p.name === name)!;

  it('puts prose in the description as "Default: <text>." instead of a default of the wrong type', () => {
    expect(parameter('limit')).toEqual({
      name: 'limit',
      schema: { type: 'number', description: 'how many. Default: no limit.' },
      required: false,
      description: 'how many. Default: no limit.',
    });
  });

  it('lets a literal initializer win over @default: the code is the truth', () => {
    expect(parameter('page')).toMatchObject({ default: 1, schema: { type: 'number', default: 1 } });
  });

  it('reads a single-quoted string as the string, unquoted', () => {
    expect(parameter('sort')).toMatchObject({ default: 'newest', schema: { type: 'string', default: 'newest' } });
  });

  it('reads the standard TSDoc @defaultValue tag as JSON too', () => {
    expect(parameter('filter').default).toEqual({ open: true });
    expect(parameter('depth').default).toBe(2);
  });

  it('refuses JSON of another type than the parameter, or outside its enum, and describes it instead', () => {
    expect(parameter('size').default).toBeUndefined();
    expect(parameter('size').schema).toEqual({ type: 'number', description: 'Default: "ten".' });
    expect(parameter('status').default).toBeUndefined();
    expect(parameter('status').description).toBe("Default: 'all'.");
  });
});
