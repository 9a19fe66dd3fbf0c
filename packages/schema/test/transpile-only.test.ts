import 'reflect-metadata';
import * as path from 'node:path';
import { compileFunction } from 'node:vm';
import * as annotations from '@toolcraft/core/annotations';
import { AgentEnvironment, ToolRegistry, type ToolSchemaManifest } from '@toolcraft/core';
import { ts } from '../src/typescript';
import { generateToolSchemas } from '../src/index';
import { createTempProject, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

/** A service as an application writes it; it is compiled transpile-only, as esbuild, tsx or Vite would. */
const TRAVEL_SOURCE = `import { LLMDescription, Tool } from '@toolcraft/core/annotations';
import type { ToolCallMetadata } from '@toolcraft/core';

export interface Traveller {
  name: string;
  age?: number;
}

export class TravelService {
  /**
   * Books a trip.
   * @param destination - where to go
   * @param cabin - the cabin class
   */
  @Tool({ customName: 'book_trip' })
  book(destination: string, cabin: 'economy' | 'business', travellers: Traveller[], nights?: number,
       metadata?: ToolCallMetadata): string {
    const trace = metadata?.get('trace.id') ?? 'none';
    return \`\${destination}/\${cabin}/\${travellers.map((t) => t.name).join('+')}/\${nights ?? 1}/\${trace}\`;
  }
}
`;

/**
 * Compiles the source without type information (no design:* metadata), then loads it.
 * @returns the module's exports
 */
function loadTranspiled(source: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: false,
    },
  });
  expect(outputText).not.toContain('design:paramtypes');
  const module = { exports: {} as Record<string, unknown> };
  const load = (name: string): unknown => {
    if (name === '@toolcraft/core/annotations') return annotations;
    throw new Error(`unexpected require('${name}')`);
  };
  compileFunction(outputText, ['require', 'exports', 'module'])(load, module.exports, module);
  return module.exports;
}

describe('a transpile-only tool through the schema manifest', () => {
  let project: TempProject;
  let manifest: ToolSchemaManifest;
  let TravelService: new () => object;

  beforeAll(() => {
    project = createTempProject();
    project.write('service.ts', TRAVEL_SOURCE);
    manifest = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });
    TravelService = loadTranspiled(TRAVEL_SOURCE).TravelService as new () => object;
  });
  afterAll(() => project.remove());

  const environment = (): AgentEnvironment =>
    new AgentEnvironment({ registry: ToolRegistry.builder().schemas(manifest).tools(new TravelService()).build() });

  it('cannot be registered by reflection alone, as no design:paramtypes were emitted', () => {
    expect(() => ToolRegistry.builder().tools(new TravelService()).build()).toThrow(/design:paramtypes/);
  });

  it('runs with arguments mapped by parameter name and metadata injected', async () => {
    const result = await environment().executeTool(
      {
        id: 'call_1',
        name: 'book_trip',
        arguments: JSON.stringify({ destination: 'Lisbon', cabin: 'business', travellers: [{ name: 'Ada' }, { name: 'Alan', age: 41 }] }),
      },
      { 'trace.id': 'trace-7' },
    );
    expect(result).toMatchObject({
      id: 'call_1',
      name: 'book_trip',
      isError: false,
      content: 'Lisbon/business/Ada+Alan/1/trace-7',
      value: 'Lisbon/business/Ada+Alan/1/trace-7',
    });
  });

  it('shows the model the schema from the TypeScript types and TSDoc', () => {
    const tool = ToolRegistry.builder().schemas(manifest).tools(new TravelService()).build().getTool('book_trip');
    expect(tool.descriptor.description).toBe('Books a trip.');
    expect(tool.inputSchema).toMatchObject({
      required: ['destination', 'cabin', 'travellers'],
      properties: { cabin: { enum: ['business', 'economy'] }, nights: { type: 'number' } },
    });
  });

  it('rejects a value outside the literal union with an error the model can read', async () => {
    const result = await environment().executeTool(
      { id: 'call_2', name: 'book_trip', arguments: JSON.stringify({ destination: 'Lisbon', cabin: 'first', travellers: [] }) },
      {},
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('cabin');
  });
});
