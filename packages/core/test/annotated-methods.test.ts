import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import * as ts from 'typescript';
import * as annotations from '../src/annotations.js';
import { LLMDescription, Tool } from '../src/annotations.js';
import { Tool as ToolClass } from '../src/index.js';
import {
  AgentContext,
  AgentEnvironment,
  InvalidToolDefinitionError,
  ContextAwareTool,
  ToolCallMetadata,
  ToolRegistry,
} from '../src/index.js';

class MathService {
  calls = 0;

  @Tool({ customName: 'calculator' })
  @LLMDescription('A simple calculator that can add two digits (0-9).')
  add(@LLMDescription('The first digit') digit1: number, @LLMDescription('The second digit') digit2: number): number {
    this.calls += 1;
    return digit1 + digit2;
  }

  @Tool()
  @LLMDescription({ description: 'Repeats a word.' })
  repeat(word: string, times: number = 2): string {
    return Array.from({ length: times }, () => word).join(' ');
  }

  notATool(): string {
    return 'hidden';
  }
}

class PairArgs {
  @IsInt() @Min(0) @Max(9) left!: number;
  @IsInt() @Min(0) @Max(9) right!: number;
}

class ArgsService {
  @Tool()
  @LLMDescription('Multiplies two digits.')
  multiply(args: PairArgs, context: AgentContext): string {
    return `${args.left * args.right} in run ${context.runId}`;
  }

  @Tool()
  spanOf(metadata: ToolCallMetadata): string {
    return String(metadata.get('trace.span.id'));
  }

  @Tool()
  static version(): string {
    return '1.0';
  }
}

class BaseService {
  @Tool()
  @LLMDescription('Base greeting')
  greet(): string {
    return 'base';
  }

  @Tool()
  farewell(): string {
    return 'bye';
  }
}

class DerivedService extends BaseService {
  @Tool()
  @LLMDescription('Derived greeting')
  override greet(): string {
    return 'derived';
  }
}

const env = (registry: ToolRegistry) => new AgentEnvironment({ registry });

describe('Annotated methods', () => {
  it('registers every @Tool method of an instance, named by customName or the method name', () => {
    const registry = ToolRegistry.builder().tools(new MathService()).build();
    expect(registry.tools.map((tool) => tool.name)).toEqual(['calculator', 'repeat']);
    expect(registry.getTool('calculator').description).toBe('A simple calculator that can add two digits (0-9).');
    expect(registry.getTool('repeat').description).toBe('Repeats a word.');
  });

  it('takes parameter names from the source, types from design:paramtypes and descriptions from @LLMDescription', () => {
    const registry = ToolRegistry.builder().tools(new MathService()).build();
    expect(registry.getTool('calculator').inputSchema).toEqual({
      type: 'object',
      properties: {
        digit1: { type: 'number', description: 'The first digit' },
        digit2: { type: 'number', description: 'The second digit' },
      },
      required: ['digit1', 'digit2'],
    });
  });

  it('makes a parameter with a default value optional and lets the default apply when it is absent', async () => {
    const registry = ToolRegistry.builder().tools(new MathService()).build();
    expect(registry.getTool('repeat').inputSchema.required).toEqual(['word']);
    const result = await env(registry).executeTool({ name: 'repeat', arguments: '{"word":"hi"}' });
    expect(result.content).toBe('hi hi');
  });

  it('calls the method on its instance, keeping this', async () => {
    const service = new MathService();
    const result = await env(ToolRegistry.of(service)).executeTool({ id: '1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' });
    expect(result).toMatchObject({ content: '7', value: 7, isError: false });
    expect(service.calls).toBe(1);
  });

  it('decodes a single Args-class parameter as a Tool does and injects AgentContext without showing it', async () => {
    const registry = ToolRegistry.of(new ArgsService());
    const multiply = registry.getTool('multiply');
    expect(Object.keys(multiply.inputSchema.properties ?? {})).toEqual(['left', 'right']);
    const context = new AgentContext({ runId: 'run-9', agentName: 'a' });
    const ok = await env(registry).executeTool(
      { name: 'multiply', arguments: '{"left":3,"right":4}' },
      ToolCallMetadata.of([[ContextAwareTool.AgentContextKey, context]]),
    );
    expect(ok.content).toBe('12 in run run-9');
    const bad = await env(registry).executeTool(
      { name: 'multiply', arguments: '{"left":3,"right":40}' },
      ToolCallMetadata.of([[ContextAwareTool.AgentContextKey, context]]),
    );
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain("'right': must be at most 9");
  });

  it('fails a context-taking method run without a context with MissingAgentContextError', async () => {
    const result = await env(ToolRegistry.of(new ArgsService())).executeTool({ name: 'multiply', arguments: '{"left":1,"right":1}' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain("Tool 'multiply' needs an AgentContext");
  });

  it('injects the whole metadata into a ToolCallMetadata parameter and hides it from the schema', async () => {
    const registry = ToolRegistry.of(new ArgsService());
    expect(registry.getTool('spanOf').inputSchema.properties).toEqual({});
    const result = await env(registry).executeTool({ name: 'spanOf' }, { 'trace.span.id': 'span-1' });
    expect(result.content).toBe('span-1');
  });

  it('registers a static method with .tool(Class, name)', async () => {
    const registry = ToolRegistry.builder().tool(ArgsService, 'version').build();
    expect(registry.tools.map((tool) => tool.name)).toEqual(['version']);
    expect((await env(registry).executeTool({ name: 'version' })).content).toBe('1.0');
  });

  it('counts an inherited @Tool method once, the subclass version winning', async () => {
    const registry = ToolRegistry.of(new DerivedService());
    expect(registry.tools.map((tool) => tool.name).sort()).toEqual(['farewell', 'greet']);
    expect(registry.getTool('greet').description).toBe('Derived greeting');
    expect((await env(registry).executeTool({ name: 'greet' })).content).toBe('derived');
  });

  it('refuses a parameter whose runtime type says nothing useful, saying what to do', () => {
    class Vague {
      @Tool()
      pick(choice: string | number): string {
        return String(choice);
      }
    }
    expect(() => ToolRegistry.of(new Vague())).toThrow(InvalidToolDefinitionError);
    expect(() => ToolRegistry.of(new Vague())).toThrow(/runtime type is Object.*Args class.*@toolcraft\/schema/s);
  });

  it('refuses a service with parameters but no design:paramtypes, saying the build tool may drop it and pointing to the manifest', () => {
    class NoMetadata {
      add(a: number): number {
        return a;
      }
    }
    Tool()(NoMetadata.prototype, 'add', Object.getOwnPropertyDescriptor(NoMetadata.prototype, 'add')!);
    const build = () => ToolRegistry.of(new NoMetadata());
    expect(build).toThrow(InvalidToolDefinitionError);
    expect(build).toThrow(/parameter 1, 'a'.*no design:paramtypes.*the build tool drops decorator metadata.*tsx, esbuild/s);
    expect(build).toThrow(/ToolRegistry\.builder\(\)\.schemas\(manifest\)/);
  });

  it('works without design:paramtypes when @LLMDescription gives each parameter its type (tsx, esbuild)', async () => {
    class Typed {
      repeat(word: string, times: number): string {
        return Array.from({ length: times }, () => word).join(',');
      }
    }
    const descriptor = Object.getOwnPropertyDescriptor(Typed.prototype, 'repeat')!;
    LLMDescription({ description: 'The word', type: String })(Typed.prototype, 'repeat', 0);
    LLMDescription({ description: 'How often', type: 'integer' })(Typed.prototype, 'repeat', 1);
    Tool()(Typed.prototype, 'repeat', descriptor);
    const registry = ToolRegistry.of(new Typed());
    expect(registry.getTool('repeat').inputSchema).toEqual({
      type: 'object',
      properties: { word: { type: 'string', description: 'The word' }, times: { type: 'integer', description: 'How often' } },
      required: ['word', 'times'],
    });
    expect((await env(registry).executeTool({ name: 'repeat', arguments: '{"word":"a","times":2}' })).content).toBe('a,a');
  });

  it('applies @Tool({ timeoutMs }) to the method tool', async () => {
    class Slow {
      @Tool({ timeoutMs: 10 })
      slow(): Promise<string> {
        return new Promise(() => undefined); // never settles: only the timeout can end the call
      }
    }
    const result = await env(ToolRegistry.of(new Slow())).executeTool({ name: 'slow' });
    expect(result).toMatchObject({ isError: true, content: "Error: Tool 'slow' did not finish within 10 ms and was stopped." });
  });

  it('refuses an object with no @Tool methods', () => {
    expect(() => ToolRegistry.of({ plain: true } as never)).toThrow(/has no method marked @Tool\(\)/);
  });

  it('shows every parameter whose default value contains // and shows literal defaults as schema defaults', async () => {
    class Browser {
      @Tool()
      fetchPage(url: string = 'https://example.com', maxChars: number = 1000): string {
        return `${url} ${maxChars}`;
      }
    }
    const registry = ToolRegistry.of(new Browser());
    expect(registry.getTool('fetchPage').inputSchema).toEqual({
      type: 'object',
      properties: { url: { type: 'string', default: 'https://example.com' }, maxChars: { type: 'number', default: 1000 } },
      required: [],
    });
    const result = await env(registry).executeTool({ name: 'fetchPage', arguments: '{"maxChars":5}' });
    expect(result.content).toBe('https://example.com 5');
  });

  it('makes a parameter marked @LLMDescription({ optional: true }) optional', async () => {
    class Notes {
      @Tool()
      save(@LLMDescription('The text') text: string, @LLMDescription({ description: 'A note', optional: true }) note?: string): string {
        return `${text}|${note ?? '-'}`;
      }
    }
    const registry = ToolRegistry.of(new Notes());
    expect(registry.getTool('save').inputSchema.required).toEqual(['text']);
    expect(registry.getTool('save').inputSchema.properties?.note).toEqual({ type: 'string', description: 'A note' });
    expect((await env(registry).executeTool({ name: 'save', arguments: '{"text":"t"}' })).content).toBe('t|-');
  });

  it('turns a Date parameter into a Date, a leap second and a +01 offset included', async () => {
    class Calendar {
      @Tool()
      at(when: Date): string {
        return when instanceof Date && !Number.isNaN(when.getTime()) ? when.toISOString() : `invalid: ${String(when)}`;
      }
    }
    const registry = ToolRegistry.of(new Calendar());
    expect(registry.getTool('at').inputSchema.properties?.when).toEqual({ type: 'string', format: 'date-time' });
    const run = async (value: string) =>
      (await env(registry).executeTool({ name: 'at', arguments: JSON.stringify({ when: value }) })).content;
    expect(await run('2026-01-02T03:04:05Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(await run('2016-12-31T23:59:60Z')).not.toMatch(/invalid/);
    expect(await run('2026-01-02T03:04:05+01')).not.toMatch(/invalid/);
  });

  it('refuses @Tool() called as a TypeScript standard decorator, saying to enable experimentalDecorators', () => {
    const standard = Tool() as unknown as (value: unknown, context: object) => void;
    const call = () => standard(() => 'x', { kind: 'method', name: 'run', static: false, private: false });
    expect(call).toThrow(InvalidToolDefinitionError);
    expect(call).toThrow(/@Tool\(\) on method 'run'.*"experimentalDecorators": true.*"emitDecoratorMetadata": true/s);
  });

  it('refuses a service compiled with TypeScript standard decorators (experimentalDecorators off) at class definition', () => {
    const source = `const { Tool } = require('annotations');
      class Service { @Tool() run(text: string): string { return text; } }`;
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, experimentalDecorators: false },
    });
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const define = new Function('require', outputText) as (require: (name: string) => unknown) => void;
    expect(() => define(() => annotations)).toThrow(InvalidToolDefinitionError);
    expect(() => define(() => annotations)).toThrow(/@Tool\(\) on method 'run'.*"experimentalDecorators": true/s);
  });

  it('refuses @Tool written without parentheses, under either decorator model', () => {
    class Service {
      run(): string {
        return '';
      }
    }
    const descriptor = Object.getOwnPropertyDescriptor(Service.prototype, 'run')!;
    const legacy = Tool as unknown as (target: object, key: string, descriptor: PropertyDescriptor) => void;
    expect(() => legacy(Service.prototype, 'run', descriptor)).toThrow(/write @Tool\(\) with parentheses/);
    const standard = Tool as unknown as (value: unknown, context: object) => void;
    expect(() => standard(descriptor.value, { kind: 'method', name: 'run' })).toThrow(/experimentalDecorators/);
  });

  it('refuses @Tool() on a getter: only methods are tools', () => {
    class Service {
      get value(): string {
        return 'v';
      }
    }
    const descriptor = Object.getOwnPropertyDescriptor(Service.prototype, 'value')!;
    expect(() => Tool()(Service.prototype, 'value', descriptor)).toThrow(/Service\.value: @Tool\(\) marks an accessor; only methods/);
  });

  it("says which import to use when the Tool class from '@toolcraft/core' is used as a decorator", () => {
    const asDecorator = () => (ToolClass as unknown as () => MethodDecorator)();
    expect(asDecorator).toThrow(InvalidToolDefinitionError);
    expect(asDecorator).toThrow(/import \{ Tool \} from '@toolcraft\/core\/annotations'/);
  });

  it('says to raise the compile target when a subclass compiled to ES5 calls the Tool class as a function', () => {
    // What TypeScript emits for `class Calculator extends Tool` with target ES5: `_super.call(this, options)`.
    function Es5Calculator(this: object) {
      (ToolClass as unknown as (this: object, options: object) => void).call(this, { name: 'calculator' });
    }
    Es5Calculator.prototype = Object.create(ToolClass.prototype as object) as object; // TypeScript's __extends
    expect(() => new (Es5Calculator as unknown as new () => object)()).toThrow(
      /compiled to an ES5 function.*Set "target" to "ES2015" or later/,
    );
  });

  it('keeps the Tool class subclassable, with instanceof and its name', () => {
    class Echo extends ToolClass<{ text: string }, string> {
      constructor() {
        super({ name: 'echo', description: 'Echoes.', argsType: { type: 'object', properties: { text: { type: 'string' } } } });
      }
      execute(args: { text: string }): string {
        return args.text;
      }
    }
    const echo = new Echo();
    expect(echo).toBeInstanceOf(ToolClass);
    expect(echo).toBeInstanceOf(Echo);
    expect(ToolClass.name).toBe('Tool');
  });

  it('nests an Args class that is one of several parameters under its name, building its instance and Dates', async () => {
    class Slot {
      @LLMDescription('Start') start!: Date;
      @IsInt() @Min(1) minutes!: number;
    }
    class Planner {
      @Tool()
      book(room: string, slot: Slot): string {
        return `${room} ${slot instanceof Slot} ${slot.start instanceof Date ? slot.start.toISOString() : 'no date'} ${slot.minutes}`;
      }
    }
    const registry = ToolRegistry.of(new Planner());
    expect(registry.getTool('book').inputSchema).toMatchObject({
      properties: { room: { type: 'string' }, slot: { type: 'object', properties: { start: { type: 'string', format: 'date-time' } } } },
      required: ['room', 'slot'],
    });
    const ok = await env(registry).executeTool({
      name: 'book',
      arguments: '{"room":"A","slot":{"start":"2026-01-02T03:04:05Z","minutes":30}}',
    });
    expect(ok.content).toBe('A true 2026-01-02T03:04:05.000Z 30');
    const bad = await env(registry).executeTool({
      name: 'book',
      arguments: '{"room":"A","slot":{"start":"2026-01-02T03:04:05Z","minutes":0}}',
    });
    expect(bad).toMatchObject({ isError: true });
    expect(bad.content).toContain("'slot.minutes'");
  });
});
