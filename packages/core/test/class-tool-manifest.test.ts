import 'reflect-metadata';
import { Max, Min } from 'class-validator';
import { defaultArgumentLimits, InvalidToolDefinitionError, LLMDescription, Tool, useToolSchemas } from '../src/index.js';
import type { ToolSchemaManifest } from '../src/index.js';
import { clearToolSchemas } from '../src/manifest/use-tool-schemas.js';

/** An Args class as tsx/esbuild emits it: decorators applied by calls, no design:type metadata. */
class BookingArgs {
  name!: string;
  guests!: number;
  breakfast!: boolean;
  arrival!: Date;
  tags!: string[];
  note?: string;
}
LLMDescription('Who books')(BookingArgs.prototype, 'name');
LLMDescription('How many guests')(BookingArgs.prototype, 'guests');
Min(1)(BookingArgs.prototype, 'guests');
Max(8)(BookingArgs.prototype, 'guests');
LLMDescription('Whether breakfast is included')(BookingArgs.prototype, 'breakfast');
LLMDescription('When')(BookingArgs.prototype, 'arrival');
LLMDescription('Tags')(BookingArgs.prototype, 'tags');
LLMDescription({ description: 'A note', optional: true })(BookingArgs.prototype, 'note');

class BookingTool extends Tool<BookingArgs, string> {
  constructor() {
    super({ argsType: BookingArgs, name: 'book', description: 'Books a room.' });
  }
  async execute(args: BookingArgs): Promise<string> {
    return args.name;
  }
}

/** What toolcraft-schema writes for BookingTool (its class entry). */
const manifest: ToolSchemaManifest = {
  version: 1,
  tools: {
    BookingTool: {
      kind: 'class',
      className: 'BookingTool',
      file: 'src/booking-tool.ts',
      name: 'book',
      parameters: [],
      inputSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Who books' },
          guests: { type: 'integer', description: 'How many guests' },
          breakfast: { type: 'boolean' },
          arrival: { type: 'string', format: 'date-time' },
          tags: { type: 'array', items: { type: 'string' } },
          note: { type: 'string' },
        },
        required: ['name', 'guests', 'breakfast', 'arrival', 'tags'],
      },
    },
  },
};

describe('useToolSchemas', () => {
  afterEach(() => clearToolSchemas());

  it('is needed where the build dropped design:type: without it, construction fails naming useToolSchemas(manifest)', () => {
    expect(Reflect.getMetadata('design:type', BookingArgs.prototype, 'name')).toBeUndefined();
    expect(() => new BookingTool()).toThrow(InvalidToolDefinitionError);
    expect(() => new BookingTool()).toThrow(/property '(name|guests)' of BookingArgs.*useToolSchemas\(manifest\)/);
  });

  it("types the Args properties from the tool class's manifest entry, keeping the decorators' descriptions and constraints", () => {
    useToolSchemas(manifest);
    const tool = new BookingTool();
    expect(tool.inputSchema.properties).toEqual({
      name: { type: 'string', description: 'Who books' },
      guests: { type: 'integer', minimum: 1, maximum: 8, description: 'How many guests' },
      breakfast: { type: 'boolean', description: 'Whether breakfast is included' },
      arrival: { type: 'string', format: 'date-time', description: 'When' },
      tags: { type: 'array', items: { type: 'string' }, description: 'Tags' },
      note: { type: 'string', description: 'A note' },
    });
    expect([...(tool.inputSchema.required ?? [])].sort()).toEqual(['arrival', 'breakfast', 'guests', 'name', 'tags']);
  });

  it('validates with the manifest types and builds the instance, Dates included', () => {
    useToolSchemas(manifest);
    const decoder = new BookingTool().argsDecoder;
    const bad = decoder.decode(
      '{"name":"Ada","guests":2.5,"breakfast":true,"arrival":"2024-05-01T12:00:00Z","tags":[1]}',
      defaultArgumentLimits,
    );
    expect(bad.ok).toBe(false);
    const tooMany = decoder.decode(
      '{"name":"Ada","guests":9,"breakfast":true,"arrival":"2024-05-01T12:00:00Z","tags":[]}',
      defaultArgumentLimits,
    );
    expect(tooMany.ok === false && tooMany.violations.map((violation) => violation.message)).toContain(
      "'guests': must be at most 8, got number 9",
    );
    const outcome = decoder.decode(
      '{"name":"Ada","guests":2,"breakfast":true,"arrival":"2024-05-01T12:00:00Z","tags":["quiet"]}',
      defaultArgumentLimits,
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.violations));
    expect(outcome.value).toBeInstanceOf(BookingArgs);
    expect(outcome.value.arrival).toEqual(new Date('2024-05-01T12:00:00Z'));
    expect(outcome.value.tags).toEqual(['quiet']);
  });

  it('combines several manifests and ignores method entries', () => {
    useToolSchemas({
      version: 1,
      tools: { 'Other.run': { kind: 'method', className: 'Other', parameters: [], inputSchema: { type: 'object' } } },
    });
    useToolSchemas(manifest);
    expect(new BookingTool().inputSchema.properties?.guests).toMatchObject({ type: 'integer' });
  });

  it('refuses what is not a manifest, saying what was expected', () => {
    expect(() => useToolSchemas({ version: 2, tools: {} })).toThrow(/version is 2.*reads version 1/);
    expect(() => useToolSchemas(null as unknown as ToolSchemaManifest)).toThrow(/expected a toolcraft-schema manifest/);
  });

  it('does not override a type the Args class gives itself (design:type or a type decorator)', () => {
    class TypedArgs {
      @LLMDescription('A count') count!: number;
    }
    class TypedTool extends Tool<TypedArgs, string> {
      constructor() {
        super({ argsType: TypedArgs, name: 'typed', description: 'Typed.' });
      }
      async execute(): Promise<string> {
        return '';
      }
    }
    useToolSchemas({
      version: 1,
      tools: {
        TypedTool: {
          kind: 'class',
          className: 'TypedTool',
          parameters: [],
          inputSchema: { type: 'object', properties: { count: { type: 'string' } } },
        },
      },
    });
    expect(new TypedTool().inputSchema.properties?.count).toMatchObject({ type: 'number' });
  });
});
