import 'reflect-metadata';
import { IsIn, IsInt, Min } from 'class-validator';
import { LLMDescription, Tool } from '../src/annotations.js';
import {
  AgentEnvironment,
  InvalidToolDefinitionError,
  ToolRegistry,
  type ToolSchemaManifest,
  type ToolSchemaManifestEntry,
} from '../src/index.js';
import { assertToolSchemaManifest } from '../src/manifest/assert-tool-schema-manifest.js';

class TransferService {
  @Tool()
  transfer(from: string, to: string, amount: number): string {
    return `${amount} from ${from} to ${to}`;
  }
}

const transferEntry = (names: string[]): ToolSchemaManifestEntry => ({
  kind: 'method',
  className: 'TransferService',
  methodName: 'transfer',
  parameters: names.map((name) => ({ name, required: true, schema: { type: name === 'amount' ? 'number' : 'string' } })),
  inputSchema: {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: name === 'amount' ? 'number' : 'string' }])),
    required: names,
  },
});

const manifestOf = (entries: Record<string, ToolSchemaManifestEntry>): ToolSchemaManifest => ({ version: 1, tools: entries });

describe('ToolRegistry.builder().schemas(manifest)', () => {
  it('uses the entry of the method', async () => {
    const registry = ToolRegistry.builder()
      .schemas(manifestOf({ 'TransferService.transfer': transferEntry(['from', 'to', 'amount']) }))
      .tools(new TransferService())
      .build();
    const result = await new AgentEnvironment({ registry }).executeTool({
      name: 'transfer',
      arguments: '{"from":"a","to":"b","amount":5}',
    });
    expect(result.content).toBe('5 from a to b');
  });

  it('refuses a stale entry whose parameters are in another order, instead of swapping arguments', () => {
    const build = () =>
      ToolRegistry.builder()
        .schemas(manifestOf({ 'TransferService.transfer': transferEntry(['to', 'from', 'amount']) }))
        .tools(new TransferService())
        .build();
    expect(build).toThrow(
      /the schema manifest is stale: it lists the parameters \(to, from, amount\), the method has \(from, to, amount\)/,
    );
  });

  it('says the manifest has no entry when reflection cannot describe the method either', () => {
    class Untyped {
      pick(choice: unknown): string {
        return String(choice);
      }
    }
    Tool()(Untyped.prototype, 'pick', Object.getOwnPropertyDescriptor(Untyped.prototype, 'pick')!);
    const build = () =>
      ToolRegistry.builder()
        .schemas(manifestOf({ 'Other.pick': transferEntry(['x']) }))
        .tools(new Untyped())
        .build();
    expect(build).toThrow(/the schema manifest has no entry 'Untyped.pick' \(it lists Other.pick\), and reflection failed/);
  });

  it('combines several manifests', () => {
    class Other {
      @Tool() ping(text: string): string {
        return text;
      }
    }
    const registry = ToolRegistry.builder()
      .schemas(manifestOf({ 'TransferService.transfer': transferEntry(['from', 'to', 'amount']) }))
      .schemas(
        manifestOf({
          'Other.ping': {
            kind: 'method',
            className: 'Other',
            methodName: 'ping',
            description: 'from the second manifest',
            parameters: [{ name: 'text', required: true, schema: { type: 'string' } }],
            inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          },
        }),
      )
      .tools([new TransferService(), new Other()])
      .build();
    expect(registry.getTool('ping').description).toBe('from the second manifest');
  });

  it("enforces every class-validator decorator of an Args-class parameter when its class is known, not only the manifest's keywords", async () => {
    class OrderArgs {
      @IsInt() @Min(1) quantity!: number;
      @IsIn(['tea', 'coffee']) item!: string;
    }
    class Shop {
      @Tool() order(args: OrderArgs): string {
        return `${args.quantity} ${args.item} ${args instanceof OrderArgs}`;
      }
    }
    const weak: ToolSchemaManifestEntry = {
      kind: 'method',
      className: 'Shop',
      methodName: 'order',
      parameters: [{ name: 'args', required: true, argsObject: true, schema: { type: 'object' } }],
      inputSchema: {
        type: 'object',
        properties: { quantity: { type: 'integer' }, item: { type: 'string' } },
        required: ['quantity', 'item'],
      },
    };
    const env = new AgentEnvironment({
      registry: ToolRegistry.builder()
        .schemas(manifestOf({ 'Shop.order': weak }))
        .tools(new Shop())
        .build(),
    });
    expect((await env.executeTool({ name: 'order', arguments: '{"quantity":2,"item":"tea"}' })).content).toBe('2 tea true');
    const bad = await env.executeTool({ name: 'order', arguments: '{"quantity":2,"item":"beer"}' });
    expect(bad.content).toContain(`'item': expected one of "tea", "coffee"`);
  });

  describe('where the manifest and reflection disagree', () => {
    let warnings: jest.SpyInstance;
    beforeEach(() => {
      warnings = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    });
    afterEach(() => warnings.mockRestore());
    const warned = (): string[] => warnings.mock.calls.map((call: unknown[]) => String(call[0]));

    const noteEntry = (className: string): ToolSchemaManifestEntry => ({
      kind: 'method',
      className,
      methodName: 'save',
      parameters: [
        { name: 'text', required: true, schema: { type: 'string' } },
        { name: 'note', required: false, schema: { type: 'string' } },
      ],
      inputSchema: { type: 'object', properties: { text: { type: 'string' }, note: { type: 'string' } }, required: ['text'] },
    });

    it("warns, naming the parameter, when a 'note?: string' is optional in the manifest and required under reflection", () => {
      class Notes {
        @Tool() save(text: string, note?: string): string {
          return text + (note ?? '');
        }
      }
      ToolRegistry.builder()
        .schemas(manifestOf({ 'Notes.save': noteEntry('Notes') }))
        .tools(new Notes())
        .build();
      expect(warned()).toEqual([
        expect.stringMatching(
          /disagree on 'save' \(Notes.save\): the parameter 'note' is optional in the manifest but required under reflection.*@LLMDescription\(\{ description, optional: true \}\)/,
        ),
      ]);
    });

    it('stays silent once @LLMDescription({ optional: true }) makes both agree', () => {
      class MarkedNotes {
        @Tool() save(text: string, @LLMDescription({ description: 'A note', optional: true }) note?: string): string {
          return text + (note ?? '');
        }
      }
      ToolRegistry.builder()
        .schemas(manifestOf({ 'MarkedNotes.save': noteEntry('MarkedNotes') }))
        .tools(new MarkedNotes())
        .build();
      expect(warned()).toEqual([]);
    });

    it('stays silent without reflection (no design:paramtypes, as under tsx), where there is nothing to disagree with', () => {
      class PlainNotes {
        save(text: string, note?: string): string {
          return text + (note ?? '');
        }
      }
      // As a transpile-only build (tsx, esbuild) applies the decorator: no design:paramtypes.
      Tool()(PlainNotes.prototype, 'save', Object.getOwnPropertyDescriptor(PlainNotes.prototype, 'save')!);
      ToolRegistry.builder()
        .schemas(manifestOf({ 'PlainNotes.save': noteEntry('PlainNotes') }))
        .tools(new PlainNotes())
        .build();
      expect(warned()).toEqual([]);
    });

    it('stays silent for a parameter whose reflected type is Object, which reflection would refuse anyway', () => {
      class LooseNotes {
        @Tool() save(text: string, note?: string | number): string {
          return text + String(note ?? '');
        }
      }
      ToolRegistry.builder()
        .schemas(manifestOf({ 'LooseNotes.save': noteEntry('LooseNotes') }))
        .tools(new LooseNotes())
        .build();
      expect(warned()).toEqual([]);
    });

    it('flattens an Args class the manifest nests, as reflection does, so the same call works on both paths, and warns', async () => {
      class PairArgs {
        @IsInt() a!: number;
        @IsInt() b!: number;
      }
      class Adder {
        @Tool() add(args: PairArgs): number {
          return args.a + args.b;
        }
      }
      const nested: ToolSchemaManifestEntry = {
        kind: 'method',
        className: 'Adder',
        methodName: 'add',
        parameters: [
          { name: 'args', required: true, schema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } } },
        ],
        inputSchema: { type: 'object', properties: { args: { type: 'object' } }, required: ['args'] },
      };
      const withManifest = ToolRegistry.builder()
        .schemas(manifestOf({ 'Adder.add': nested }))
        .tools(new Adder())
        .build();
      const withReflection = ToolRegistry.of(new Adder());
      expect(withManifest.getTool('add').inputSchema).toEqual(withReflection.getTool('add').inputSchema);
      for (const registry of [withManifest, withReflection]) {
        const result = await new AgentEnvironment({ registry }).executeTool({ name: 'add', arguments: '{"a":1,"b":2}' });
        expect(result).toMatchObject({ isError: false, content: '3' });
      }
      expect(warned()).toEqual([expect.stringMatching(/its parameter 'args' is an Args class.*the manifest describes it nested/)]);
    });
  });

  it('turns a manifest Date parameter into a Date, a leap second and a +01 offset included', async () => {
    class Calendar {
      at(when: Date): string {
        return when instanceof Date && !Number.isNaN(when.getTime()) ? when.toISOString() : `invalid: ${String(when)}`;
      }
    }
    Tool()(Calendar.prototype, 'at', Object.getOwnPropertyDescriptor(Calendar.prototype, 'at')!); // transpile-only: no design:paramtypes
    const entry: ToolSchemaManifestEntry = {
      kind: 'method',
      className: 'Calendar',
      methodName: 'at',
      parameters: [{ name: 'when', required: true, decodeAs: 'Date', schema: { type: 'string', format: 'date-time' } }],
      inputSchema: { type: 'object', properties: { when: { type: 'string', format: 'date-time' } }, required: ['when'] },
    };
    const env = new AgentEnvironment({
      registry: ToolRegistry.builder()
        .schemas(manifestOf({ 'Calendar.at': entry }))
        .tools(new Calendar())
        .build(),
    });
    const run = async (value: string) => (await env.executeTool({ name: 'at', arguments: JSON.stringify({ when: value }) })).content;
    expect(await run('2026-01-02T03:04:05Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(await run('2016-12-31T23:59:60Z')).not.toMatch(/invalid/);
    expect(await run('2026-01-02T03:04:05+01')).not.toMatch(/invalid/);
  });
});

describe('assertToolSchemaManifest', () => {
  it('accepts a version 1 manifest', () => {
    expect(() => assertToolSchemaManifest(manifestOf({ 'TransferService.transfer': transferEntry(['from']) }))).not.toThrow();
  });

  it('refuses another version, saying which one it reads', () => {
    const check = () => assertToolSchemaManifest({ version: 2, tools: {} });
    expect(check).toThrow(InvalidToolDefinitionError);
    expect(check).toThrow(/its version is 2, and this version of @toolcraft\/core reads version 1/);
  });

  it('is what ToolRegistry.builder().schemas() checks, so a manifest of another version is refused there too', () => {
    const manifest = JSON.parse('{"version":2,"tools":{}}') as ToolSchemaManifest;
    expect(() => ToolRegistry.builder().schemas(manifest)).toThrow(
      /its version is 2, and this version of @toolcraft\/core reads version 1/,
    );
  });

  it('refuses something that is not a manifest, or an entry without its fields', () => {
    expect(() => assertToolSchemaManifest([])).toThrow(/expected a toolcraft-schema manifest/);
    expect(() => assertToolSchemaManifest({ version: 1, tools: { 'A.b': { kind: 'tool' } } })).toThrow(
      /entry 'A.b'.*kind: 'method' \| 'class'/,
    );
  });
});
