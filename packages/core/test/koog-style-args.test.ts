import 'reflect-metadata';
import { IsOptional, Max, Min } from 'class-validator';
import { defaultArgumentLimits, InvalidToolDefinitionError, LLMDescription, Tool } from '../src/index.js';

function toolOf<T extends object>(argsType: new () => T): Tool<T, unknown> {
  class KoogTool extends Tool<T, unknown> {
    constructor() {
      super({ argsType, name: 'koog_tool', description: 'A tool with Koog-style Args.' });
    }
    async execute(): Promise<unknown> {
      return undefined;
    }
  }
  return new KoogTool();
}

class Address {
  @LLMDescription('The city') city!: string;
  @LLMDescription({ description: 'The zip code', optional: true }) zip?: string;
}

class BookingArgs {
  @LLMDescription('Who books') name!: string;
  @LLMDescription('How many guests') @Min(1) @Max(8) guests!: number;
  @LLMDescription('Whether breakfast is included') breakfast!: boolean;
  @LLMDescription('When') arrival!: Date;
  @LLMDescription('Where') address!: Address;
  @LLMDescription({ description: 'Other addresses', type: Address }) others!: Address[];
  @LLMDescription({ description: 'Tags', type: String }) tags: string[] = ['new'];
  @LLMDescription('A note') @IsOptional() note?: string;
  @LLMDescription('Nights') nights = 1;
}

describe('an Args class with only @LLMDescription (Koog style)', () => {
  it('declares each described property with its type from design:type, required unless optional or initialized', () => {
    expect(toolOf(BookingArgs).inputSchema).toEqual({
      type: 'object',
      properties: {
        guests: { type: 'number', minimum: 1, maximum: 8, description: 'How many guests' },
        note: { type: 'string', description: 'A note' },
        name: { type: 'string', description: 'Who books' },
        breakfast: { type: 'boolean', description: 'Whether breakfast is included' },
        arrival: { type: 'string', format: 'date-time', description: 'When' },
        address: {
          type: 'object',
          properties: { city: { type: 'string', description: 'The city' }, zip: { type: 'string', description: 'The zip code' } },
          required: ['city'],
          description: 'Where',
        },
        others: {
          type: 'array',
          items: {
            type: 'object',
            properties: { city: { type: 'string', description: 'The city' }, zip: { type: 'string', description: 'The zip code' } },
            required: ['city'],
          },
          description: 'Other addresses',
        },
        tags: { type: 'array', items: { type: 'string' }, description: 'Tags', default: ['new'] },
        nights: { type: 'number', description: 'Nights', default: 1 },
      },
      required: ['guests', 'name', 'breakfast', 'arrival', 'address', 'others'],
    });
  });

  it('builds real instances: the class, nested classes, arrays of them and Dates; initializers fill absent properties', () => {
    const outcome = toolOf(BookingArgs).argsDecoder.decode(
      JSON.stringify({
        name: 'Ada',
        guests: 2,
        breakfast: true,
        arrival: '2024-05-01T12:00:00Z',
        address: { city: 'Paris', zip: null },
        others: [{ city: 'Lyon' }],
      }),
      defaultArgumentLimits,
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.violations));
    const args = outcome.value;
    expect(args).toBeInstanceOf(BookingArgs);
    expect(args.address).toBeInstanceOf(Address);
    expect(args.address.zip).toBeUndefined();
    expect(args.others[0]).toBeInstanceOf(Address);
    expect(args.arrival).toEqual(new Date('2024-05-01T12:00:00Z'));
    expect(args.tags).toEqual(['new']);
    expect(args.nights).toBe(1);
  });

  it('checks the class-validator decorators added on top, with the one wording', () => {
    const outcome = toolOf(BookingArgs).argsDecoder.decode('{"guests":9}', defaultArgumentLimits);
    expect(outcome.ok === false && outcome.violations.map((violation) => violation.message)).toContain(
      "'guests': must be at most 8, got number 9",
    );
  });

  it('takes the type from @LLMDescription({ type }) where the build dropped design:type (tsx, esbuild)', () => {
    class Args {}
    LLMDescription({ description: 'A count', type: 'integer' })(Args.prototype, 'count');
    LLMDescription({ description: 'Names', type: [String] })(Args.prototype, 'names');
    expect(toolOf(Args).inputSchema.properties).toEqual({
      count: { type: 'integer', description: 'A count' },
      names: { type: 'array', items: { type: 'string' }, description: 'Names' },
    });
  });

  it('refuses an array property whose item type nothing gives (string[] with only @LLMDescription), naming the ways to give it', () => {
    class Args {
      @LLMDescription('Tags') tags!: string[];
    }
    expect(() => toolOf(Args)).toThrow(InvalidToolDefinitionError);
    expect(() => toolOf(Args)).toThrow(
      /property 'tags'.*nothing gives the type of its items.*type: \[String\].*@IsString\(\{ each: true \}\).*@Type\(\(\) => ItemClass\)/,
    );
    class Typed {
      @LLMDescription({ description: 'Tags', type: [String] }) tags!: string[];
    }
    const decoder = toolOf(Typed).argsDecoder;
    expect(decoder.schema.properties?.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(decoder.decode('{"tags":[1]}', defaultArgumentLimits).ok).toBe(false);
  });

  it('explains a missing design:type as build tools that drop decorator metadata, and names the ways out', () => {
    class Args {}
    LLMDescription('A count')(Args.prototype, 'count');
    expect(() => toolOf(Args)).toThrow(InvalidToolDefinitionError);
    expect(() => toolOf(Args)).toThrow(
      /tsx, esbuild.*SWC.*@LLMDescription\(\{ description, type: Number \}\).*@IsString\(\).*@toolcraft\/schema/,
    );
  });

  it('reads properties declared by an ancestor class', () => {
    class Base {
      @LLMDescription('From the base') base!: string;
    }
    class Derived extends Base {
      @LLMDescription('Own') own!: number;
    }
    expect(Object.keys(toolOf(Derived).inputSchema.properties ?? {})).toEqual(['own', 'base']);
  });
});
