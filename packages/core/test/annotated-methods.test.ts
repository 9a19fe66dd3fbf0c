import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { LLMDescription, Tool } from '../src/annotations.js';
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

  it('refuses a service with parameters but no design:paramtypes, naming emitDecoratorMetadata', () => {
    class NoMetadata {
      add(a: number): number {
        return a;
      }
    }
    Tool()(NoMetadata.prototype, 'add', Object.getOwnPropertyDescriptor(NoMetadata.prototype, 'add')!);
    expect(() => ToolRegistry.of(new NoMetadata())).toThrow(/emitDecoratorMetadata/);
  });

  it('applies @Tool({ timeoutMs }) to the method tool', async () => {
    class Slow {
      @Tool({ timeoutMs: 10 })
      slow(): Promise<string> {
        return new Promise((resolve) => setTimeout(() => resolve('late'), 200));
      }
    }
    const result = await env(ToolRegistry.of(new Slow())).executeTool({ name: 'slow' });
    expect(result).toMatchObject({ isError: true, content: "Error: Tool 'slow' did not finish within 10 ms and was stopped." });
  });

  it('refuses an object with no @Tool methods', () => {
    expect(() => ToolRegistry.of({ plain: true })).toThrow(/has no method marked @Tool\(\)/);
  });
});
