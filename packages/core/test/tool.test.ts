import 'reflect-metadata';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import {
  AgentEnvironment,
  InvalidToolDefinitionError,
  LLMDescription,
  SimpleTool,
  Tool,
  ToolArgumentsError,
  ToolRegistry,
  ToolResult,
} from '../src/index.js';
import { AddTool } from './support/calculator.js';

class CalculatorArgs {
  @LLMDescription('The first digit to add (0-9)')
  @IsInt()
  @Min(0)
  @Max(9)
  digit1!: number;
  @LLMDescription('The second digit to add (0-9)')
  @IsInt()
  @Min(0)
  @Max(9)
  digit2!: number;
}

class CalculatorTool extends Tool<CalculatorArgs, number> {
  received?: CalculatorArgs;
  constructor() {
    super({ argsType: CalculatorArgs, name: 'calculator', description: 'A simple calculator that can add two digits (0-9).' });
  }
  async execute(args: CalculatorArgs): Promise<number> {
    this.received = args;
    return args.digit1 + args.digit2;
  }
}

class GreetArgs {
  @IsString() name!: string;
  @IsOptional() @IsString() greeting: string = 'Hello';
}

class GreetTool extends SimpleTool<GreetArgs> {
  constructor() {
    super({ argsType: GreetArgs, name: 'greet', description: 'Greets someone.' });
  }
  execute(args: GreetArgs): string {
    return `${args.greeting}, ${args.name}!`;
  }
}

describe('Tool', () => {
  it('receives a real, validated instance of its Args class', async () => {
    const tool = new CalculatorTool();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    const result = await env.executeTool({ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' });
    expect(result).toEqual({ id: 'call_1', name: 'calculator', content: '7', isError: false, value: 7 });
    expect(tool.received).toBeInstanceOf(CalculatorArgs);
  });

  it('derives its descriptor and JSON Schema from the Args class', () => {
    const tool = new CalculatorTool();
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        digit1: { type: 'integer', minimum: 0, maximum: 9, description: 'The first digit to add (0-9)' },
        digit2: { type: 'integer', minimum: 0, maximum: 9, description: 'The second digit to add (0-9)' },
      },
      required: ['digit1', 'digit2'],
    });
    expect(tool.descriptor.requiredParameters.map((parameter) => [parameter.name, parameter.type.kind])).toEqual([
      ['digit1', 'integer'],
      ['digit2', 'integer'],
    ]);
    expect(tool.descriptor.optionalParameters).toEqual([]);
  });

  it('answers out-of-range arguments with a ToolArgumentsError naming the property and the constraint', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new CalculatorTool()) });
    const result = await env.executeTool({ id: 'c', name: 'calculator', arguments: '{"digit1":"x","digit2":42}' });
    expect(result.isError).toBe(true);
    expect(ToolArgumentsError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain(`'digit1': expected an integer, got string "x"`);
    expect(result.content).toContain(`'digit2': must be at most 9, got number 42`);
  });

  it('refuses a name outside ^[a-zA-Z0-9_-]{1,64}$ at construction', () => {
    class Bad extends Tool<CalculatorArgs, number> {
      constructor() {
        super({ argsType: CalculatorArgs, name: 'bad name!', description: '' });
      }
      execute(): number {
        return 0;
      }
    }
    expect(() => new Bad()).toThrow(InvalidToolDefinitionError);
    expect(() => new Bad()).toThrow(/\^\[a-zA-Z0-9_-\]\{1,64\}\$/);
  });
});

describe('SimpleTool', () => {
  it('sends the returned string as the text and keeps the class initializer as the default', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new GreetTool()) });
    const result = await env.executeTool({ id: 'g', name: 'greet', arguments: { name: 'Ada' } });
    expect(result.content).toBe('Hello, Ada!');
    expect(result.value).toBeInstanceOf(ToolResult.Text);
  });

  it('describes an optional property with its default, and treats null as absent', async () => {
    const tool = new GreetTool();
    expect(tool.inputSchema.properties?.greeting).toEqual({ type: 'string', default: 'Hello' });
    expect(tool.inputSchema.required).toEqual(['name']);
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    const result = await env.executeTool({ name: 'greet', arguments: '{"name":"Bo","greeting":null}' });
    expect(result.content).toBe('Hello, Bo!');
  });
});

describe('Args class inheritance', () => {
  class BaseArgs {
    @IsString() name!: string;
    @IsInt() @Max(5) level!: number;
  }
  class ChildArgs extends BaseArgs {
    @IsInt() @Min(1) count!: number;
    @IsInt() @Max(9) override level!: number;
  }
  class Child extends Tool<ChildArgs, string> {
    constructor() {
      super({ argsType: ChildArgs, name: 'child', description: 'Inherits arguments.' });
    }
    execute(args: ChildArgs): string {
      return `${args.name} ${args.count} ${args.level}`;
    }
  }

  it("describes the parent's properties too, the child's constraints winning where both declare one", async () => {
    const tool = new Child();
    expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(['count', 'level', 'name']);
    expect(tool.inputSchema.properties?.level).toEqual({ type: 'integer', maximum: 9 });
    const env = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
    expect((await env.executeTool({ name: 'child', arguments: { name: 'a', count: 2, level: 7 } })).content).toBe('a 2 7');
  });
});

describe('Enums with a type decorator', () => {
  it('refuses allowed values that the type decorator would reject, in either order', () => {
    class IntFirst {
      @IsInt() @IsIn(['a', 1]) value!: number;
    }
    class InFirst {
      @IsIn([1, 'b']) @IsString() value!: string;
    }
    const make = (argsType: new () => object) => () =>
      new (class extends Tool<object, string> {
        execute(): string {
          return '';
        }
      })({ argsType, name: 'enum_tool', description: '' });
    expect(make(IntFirst)).toThrow(/allowed values "a" are not of the type integer/);
    expect(make(InFirst)).toThrow(/allowed values 1 are not of the type string/);
  });
});

describe('Tool with an explicit JSON Schema', () => {
  interface SearchArgs {
    query: string;
    limit?: number;
  }
  class SearchTool extends Tool<SearchArgs, string> {
    constructor() {
      super({
        name: 'search',
        description: 'Searches.',
        argsType: {
          type: 'object',
          properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, default: 10 } },
          required: ['query'],
        },
        resultFormatter: (text) => `<<${text}>>`,
      });
    }
    execute(args: SearchArgs): string {
      return `${args.query}:${args.limit}`;
    }
  }

  it('validates against the schema with ajv, applies defaults, drops undeclared and null optional arguments', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new SearchTool()) });
    expect((await env.executeTool({ name: 'search', arguments: '{"query":"cats","limit":null,"other":1}' })).value).toBe('cats:10');
    const bad = await env.executeTool({ name: 'search', arguments: '{"query":"","limit":0}' });
    expect(bad.content).toContain(`'query': must be at least 1 characters long, got string ""`);
    expect(bad.content).toContain("'limit': must be at least 1, got number 0");
  });

  it("formats the result with the tool's own resultFormatter", async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new SearchTool()) });
    expect((await env.executeTool({ name: 'search', arguments: { query: 'x', limit: 2 } })).content).toBe('<<x:2>>');
  });

  it('refuses a schema that is not an object schema', () => {
    class Bad extends Tool<string, string> {
      constructor() {
        super({ name: 'bad', description: '', argsType: { type: 'string' } });
      }
      execute(): string {
        return '';
      }
    }
    expect(() => new Bad()).toThrow(/an argument schema must have type "object"/);
  });
});

describe('Optional nulls with an explicit schema', () => {
  class ContactTool extends Tool<{ contact: { email: string; name?: string }; note?: string | null }, string> {
    constructor() {
      super({
        name: 'contact',
        description: 'Stores a contact.',
        argsType: {
          type: 'object',
          properties: {
            contact: { type: 'object', properties: { email: { type: 'string' }, name: { type: 'string' } }, required: ['email'] },
            note: { type: ['string', 'null'] },
          },
          required: ['contact'],
        },
      });
    }
    execute(args: { contact: { email: string; name?: string }; note?: string | null }): string {
      return JSON.stringify(args);
    }
  }

  it('treats null for an optional property as absent at any depth, but keeps null where the schema allows it', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new ContactTool()) });
    const result = await env.executeTool({ name: 'contact', arguments: '{"contact":{"email":"a@b.c","name":null},"note":null}' });
    expect(result.content).toBe('{"contact":{"email":"a@b.c"},"note":null}');
    const missing = await env.executeTool({ name: 'contact', arguments: '{"contact":{"email":null}}' });
    expect(missing.content).toContain("'contact.email': expected a string, got null");
  });
});

describe('Tool options', () => {
  it('refuses a timeoutMs that is not above 0', () => {
    expect(() => new AddTool('calculator', undefined, 0)).toThrow(/timeoutMs must be a number above 0/);
  });
});
