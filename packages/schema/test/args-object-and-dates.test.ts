import 'reflect-metadata';
import * as path from 'node:path';
import * as classValidator from 'class-validator';
import * as annotations from '@toolcraft/core/annotations';
import { AgentEnvironment, ToolRegistry, type ToolSchemaManifest } from '@toolcraft/core';
import { ts } from '../src/typescript';
import { generateToolSchemas } from '../src/index';
import { createTempProject, type TempProject } from './support/temp-project';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

const ORDER_SOURCE = `import { IsInt, IsString, Min } from 'class-validator';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';

/** Koog style: only @LLMDescription, no class-validator decorator. */
export class GiftArgs {
  @LLMDescription('Who receives it') to!: string;
  @LLMDescription({ description: 'Wrapped?', optional: true }) wrapped?: boolean;
}

export class OrderArgs {
  /** What to order */
  @IsString() item!: string;
  @IsInt() @Min(1) quantity!: number;
}

export class OrderService {
  /** Orders an item. */
  @Tool()
  order(args: OrderArgs): string {
    return args.item + 'x' + args.quantity + ':' + (args instanceof OrderArgs);
  }

  /** Sends a gift. */
  @Tool()
  gift(args: GiftArgs): string {
    return args.to + ':' + (args.wrapped === true) + ':' + (args instanceof GiftArgs);
  }

  /** Labels an order. */
  @Tool()
  label(text: string, @LLMDescription({ description: 'A note', optional: true }) note: string): string {
    return text + '|' + (note ?? '-');
  }

  /** Sets a reminder. */
  @Tool()
  remind(at: Date, note?: string): string {
    return (at instanceof Date ? at.toISOString() : typeof at) + ':' + (note ?? '');
  }
}
`;

function load(source: string, emitDecoratorMetadata: boolean): { OrderService: new () => object } {
  // An ES2022 target with useDefineForClassFields off, as the projects' own tsconfig has it.
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata,
      useDefineForClassFields: false,
    },
  });
  const module = { exports: {} as Record<string, unknown> };
  const modules: Record<string, unknown> = { '@toolcraft/core/annotations': annotations, 'class-validator': classValidator };
  // Function (not node:vm) so the code shares this realm's Date and Reflect, as an application's modules do.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function('require', 'exports', 'module', outputText) as (
    require: (name: string) => unknown,
    exports: object,
    module: object,
  ) => void;
  run((name: string) => modules[name], module.exports, module);
  return module.exports as { OrderService: new () => object };
}

describe('manifest entries for Args-class and Date parameters', () => {
  let project: TempProject;
  let manifest: ToolSchemaManifest;

  beforeAll(() => {
    project = createTempProject();
    project.write('service.ts', ORDER_SOURCE);
    manifest = generateToolSchemas({ project: path.join(project.directory, 'tsconfig.json') });
  });
  afterAll(() => project.remove());

  it("describes a method's only Args-class parameter by the class's own properties, as reflection does", () => {
    const entry = manifest.tools['OrderService.order']!;
    expect(entry.parameters[0]).toMatchObject({ name: 'args', argsObject: true });
    expect(entry.inputSchema).toMatchObject({
      type: 'object',
      properties: { item: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
      required: ['item', 'quantity'],
    });
    expect(manifest.tools['OrderService.remind']!.parameters[0]).toMatchObject({ name: 'at', decodeAs: 'Date' });
  });

  it.each([
    ['with design:paramtypes, the Args object is an instance of its class', true, 'tea x2:true'],
    ['transpile-only, the Args object is the validated plain object', false, 'tea x2:false'],
  ])('%s', async (_label, emit, expected) => {
    const { OrderService } = load(ORDER_SOURCE, emit);
    const env = new AgentEnvironment({ registry: ToolRegistry.builder().schemas(manifest).tools(new OrderService()).build() });
    expect((await env.executeTool({ name: 'order', arguments: '{"item":"tea","quantity":2}' })).content).toBe(expected.replace(' ', ''));
    const bad = await env.executeTool({ name: 'order', arguments: '{"item":"tea","quantity":0}' });
    // With the class known, its own decorators check it (toolcraft's words); transpile-only, ajv does.
    expect(bad.content).toMatch(/'quantity': must be (at least|>=) 1/);
    const reminder = await env.executeTool({ name: 'remind', arguments: '{"at":"2026-01-02T03:04:05Z"}' });
    expect(reminder.content).toBe('2026-01-02T03:04:05.000Z:');
  });

  it('flattens a Koog-style Args class (only @LLMDescription) in the manifest, so the same call works on every path', async () => {
    const entry = manifest.tools['OrderService.gift']!;
    expect(entry.parameters[0]).toMatchObject({ name: 'args', argsObject: true });
    expect(entry.inputSchema).toMatchObject({ type: 'object', properties: { to: { type: 'string' } }, required: ['to'] });
    const call = { name: 'gift', arguments: '{"to":"Ann","wrapped":true}' };
    const { OrderService: Reflected } = load(ORDER_SOURCE, true);
    const { OrderService: Transpiled } = load(ORDER_SOURCE, false);
    const paths = {
      reflection: ToolRegistry.of(new Reflected()),
      'manifest with design:paramtypes': ToolRegistry.builder().schemas(manifest).tools(new Reflected()).build(),
      'manifest, transpile-only': ToolRegistry.builder().schemas(manifest).tools(new Transpiled()).build(),
    };
    const results = await Promise.all(
      Object.entries(paths).map(async ([label, registry]) => [label, (await new AgentEnvironment({ registry }).executeTool(call)).content]),
    );
    expect(Object.fromEntries(results)).toEqual({
      reflection: 'Ann:true:true',
      'manifest with design:paramtypes': 'Ann:true:true',
      'manifest, transpile-only': 'Ann:true:false',
    });
    expect(paths.reflection.getTool('gift').inputSchema.required).toEqual(['to']);
  });

  it('makes a parameter marked @LLMDescription({ optional: true }) optional in the manifest too, so both paths agree without a warning', async () => {
    expect(manifest.tools['OrderService.label']!.inputSchema.required).toEqual(['text']);
    const warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const { OrderService } = load(ORDER_SOURCE, true);
      const withManifest = ToolRegistry.builder().schemas(manifest).tools(new OrderService()).build();
      const withReflection = ToolRegistry.of(new OrderService());
      expect(withReflection.getTool('label').inputSchema.required).toEqual(['text']);
      for (const registry of [withManifest, withReflection]) {
        const result = await new AgentEnvironment({ registry }).executeTool({ name: 'label', arguments: '{"text":"t"}' });
        expect(result.content).toBe('t|-');
      }
      expect(warnings.mock.calls.map((call) => String(call[0])).filter((text) => text.includes("'label'"))).toEqual([]);
    } finally {
      warnings.mockRestore();
    }
  });
});
