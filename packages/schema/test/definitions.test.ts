import * as path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '@toolcraft/core';
import { generateToolSchemas } from '../src/index';
import { entry, typesFixtureManifest } from './support/fixtures';
import { createTempProject, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

/** Every `$defs` below the root of a schema, by path. */
function nestedDefinitions(schema: unknown, at = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) => [
    ...(key === '$defs' && at !== '' ? [at] : []),
    ...nestedDefinitions(value, `${at}/${key}`),
  ]);
}

function compile(schema: JsonSchema): void {
  addFormats(new Ajv({ allErrors: true, strict: false })).compile(schema);
}

describe('generateToolSchemas and $defs', () => {
  it('compiles every generated inputSchema of the types fixture with ajv', () => {
    const tools = Object.entries(typesFixtureManifest().tools);
    expect(tools.length).toBeGreaterThan(10);
    for (const [key, tool] of tools) {
      expect([key, nestedDefinitions(tool.inputSchema)]).toEqual([key, []]);
      expect(() => compile(tool.inputSchema as JsonSchema)).not.toThrow();
    }
  });

  it('hoists the $defs of a recursive type inside Record<string, T> to the root of the input schema', () => {
    const { inputSchema } = entry('RecursiveRecordsService.index');
    expect(Object.keys(inputSchema.$defs ?? {})).toEqual(['TreeNode']);
    expect(nestedDefinitions(inputSchema)).toEqual([]);
    const validate = addFormats(new Ajv({ strict: false })).compile(inputSchema);
    expect(validate({ byName: { a: { value: 'x', children: [{ value: 'y' }] } } })).toBe(true);
    expect(validate({ byName: { a: { value: 'x', children: [{ value: 1 }] } } })).toBe(false);
  });

  it('hoists $defs found deep inside a parameter (records of recursive types inside an object)', () => {
    const { inputSchema, parameters } = entry('RecursiveRecordsService.forest');
    expect(nestedDefinitions(inputSchema)).toEqual([]);
    expect(nestedDefinitions(parameters[0]!.schema)).toEqual([]);
    expect(Object.keys(inputSchema.$defs ?? {})).toEqual(['TreeNode']);
    const validate = addFormats(new Ajv({ strict: false })).compile(inputSchema);
    expect(validate({ holder: { groves: { g: [{ value: 'x' }] }, lone: { l: { value: 'y', children: [] } } } })).toBe(true);
    expect(validate({ holder: { groves: { g: [{ value: 'x', children: [{}] }] }, lone: {} } })).toBe(false);
  });

  describe('when two different recursive types share a name', () => {
    let project: TempProject;
    beforeAll(() => {
      project = createTempProject();
      project.write('list.ts', 'export interface Node { name: string; next?: Node }\n');
      project.write('tree.ts', 'export interface Node { id: number; parent?: Node }\n');
      project.write(
        'service.ts',
        `import { Tool } from '@toolcraft/core/annotations';
import type { Node as ListNode } from './list';
import type { Node as TreeNode } from './tree';
export class NodeService {
  @Tool()
  both(list: ListNode, tree: TreeNode, again: ListNode): string { return JSON.stringify([list, tree, again]); }
}
`,
      );
    });
    afterAll(() => project.remove());

    it('renames the second one Node_2 and rewrites its $refs, keeping identical ones once', () => {
      const { inputSchema } = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') }).tools['NodeService.both']!;
      expect(Object.keys(inputSchema.$defs ?? {})).toEqual(['Node', 'Node_2']);
      const { Node: node, Node_2: node2 } = inputSchema.$defs ?? {};
      const { tree, again } = inputSchema.properties ?? {};
      expect(typeof node === 'object' && node.properties?.next).toEqual({ $ref: '#/$defs/Node' });
      expect(typeof node2 === 'object' && node2.properties?.parent).toEqual({ $ref: '#/$defs/Node_2' });
      expect(typeof tree === 'object' && tree.properties?.parent).toEqual({ $ref: '#/$defs/Node_2' });
      expect(typeof again === 'object' && again.properties?.next).toEqual({ $ref: '#/$defs/Node' });
      const validate = addFormats(new Ajv({ strict: false })).compile(inputSchema);
      const list = { name: 'a', next: { name: 'b' } };
      expect(validate({ list, tree: { id: 1, parent: { id: 2 } }, again: list })).toBe(true);
      expect(validate({ list, tree: { id: 1, parent: { name: 'b' } }, again: list })).toBe(false);
    });
  });
});
