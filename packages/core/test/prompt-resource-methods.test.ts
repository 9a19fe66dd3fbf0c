import 'reflect-metadata';
import { IsInt, Max } from 'class-validator';
import { LLMDescription, Prompt, Resource, Tool } from '../src/annotations.js';
import {
  AgentContext,
  FrameworkKeys,
  InvalidToolDefinitionError,
  ToolCallMetadata,
  ToolRegistry,
  defaultArgumentLimits,
} from '../src/index.js';
import { createMethodPrompts, createMethodResources } from '../src/internal.js';

class Notes {
  @Prompt({ title: 'Summary' })
  @LLMDescription('Summarise a note')
  summarise(
    @LLMDescription('Note id') id: string,
    @LLMDescription({ description: 'Audience', enum: ['child', 'expert'] }) audience: string,
    @LLMDescription({ description: 'Words', optional: true }) words?: number,
  ): string {
    return `${id} for ${audience} in ${words ?? 100}`;
  }

  @Resource({ uri: 'notes://{id}{?lang}', mimeType: 'text/markdown' })
  @LLMDescription('One note')
  note(
    @LLMDescription('Note id') id: string,
    @LLMDescription({ description: 'Language', optional: true, type: String }) lang: string | undefined,
    context: AgentContext,
  ): string {
    return `${id}/${lang ?? 'en'} by ${context.agentName}`;
  }
}

describe('@Prompt and @Resource methods', () => {
  it('builds a prompt from a method: name, title, description, and arguments with allowed values, from the one schema', () => {
    const [prompt] = createMethodPrompts(new Notes());
    expect(prompt).toEqual(
      expect.objectContaining({
        name: 'summarise',
        title: 'Summary',
        description: 'Summarise a note',
        source: 'Notes.summarise',
        needs: 'nothing',
      }),
    );
    expect(prompt!.arguments.map(({ name, required, enum: allowed, description }) => ({ name, required, allowed, description }))).toEqual([
      { name: 'id', required: true, allowed: undefined, description: 'Note id' },
      { name: 'audience', required: true, allowed: ['child', 'expert'], description: 'Audience' },
      { name: 'words', required: false, allowed: undefined, description: 'Words' },
    ]);
    expect(prompt!.argsDecoder.schema.properties!.audience).toEqual({ type: 'string', enum: ['child', 'expert'], description: 'Audience' });
  });

  it('decodes a prompt’s arguments with the tool validator and calls the method on its instance', () => {
    const [prompt] = createMethodPrompts(new Notes());
    const bad = prompt!.argsDecoder.decode({ id: 'a', audience: 'adult' }, defaultArgumentLimits);
    expect(bad.ok).toBe(false);
    const good = prompt!.argsDecoder.decode({ id: 'a', audience: 'child', words: 5 }, defaultArgumentLimits);
    if (!good.ok) throw new Error('expected arguments to pass');
    expect(prompt!.invoke(good.value, ToolCallMetadata.empty)).toBe('a for child in 5');
  });

  it('builds a resource template whose variables are the parameters, and injects the context', () => {
    const [resource] = createMethodResources(new Notes());
    expect(resource).toEqual(
      expect.objectContaining({ name: 'note', uri: 'notes://{id}{?lang}', mimeType: 'text/markdown', isTemplate: true }),
    );
    expect(resource!.variables).toEqual(['id', 'lang']);
    expect(resource!.needs).toBe('context');
    const context = new AgentContext({ runId: 'r', agentName: 'notes-server' });
    const metadata = ToolCallMetadata.of([[FrameworkKeys.agentContext, context]]);
    expect(resource!.invoke({ id: '7' }, metadata)).toBe('7/en by notes-server');
  });

  it('records a template’s list method by name, and calls it on the instance with the context injected', () => {
    class Library {
      @Resource({ uri: 'books://{id}', list: 'allBooks' })
      @LLMDescription('A book')
      book(@LLMDescription('Id') id: string): string {
        return id;
      }

      @LLMDescription('Lists the books')
      allBooks(context: AgentContext): string[] {
        return [`books://${context.agentName}`];
      }
    }
    const [resource] = createMethodResources(new Library());
    expect(resource!.listSource).toBe('Library.allBooks');
    const context = new AgentContext({ runId: 'r', agentName: 'library' });
    expect(resource!.list(ToolCallMetadata.of([[FrameworkKeys.agentContext, context]]))).toEqual(['books://library']);
    expect(() => Resource({ uri: 'x://{id}', list: 3 } as never)).toThrow("its option 'list' must be a non-empty string, got 3");
  });

  it('keeps prompts and resources out of the tools: a service of tools and prompts registers its tools only', () => {
    class Mixed {
      @Tool() @LLMDescription('A tool') act(): string {
        return 'acted';
      }
      @Prompt() @LLMDescription('A prompt') ask(): string {
        return 'asked';
      }
    }
    expect(
      ToolRegistry.builder()
        .tools(new Mixed())
        .build()
        .tools.map((tool) => tool.name),
    ).toEqual(['act']);
    expect(createMethodPrompts(new Mixed()).map((prompt) => prompt.name)).toEqual(['ask']);
  });

  it('lets @LLMDescription({ enum }) give a @Tool parameter, an array parameter’s items and an Args property their allowed values', () => {
    class Args {
      @LLMDescription({ description: 'Level', enum: [1, 2, 3] })
      @IsInt()
      @Max(3)
      level!: number;
    }
    class Service {
      @Tool()
      @LLMDescription('Tags')
      tag(@LLMDescription({ description: 'Tags', type: [String], enum: ['a', 'b'] }) tags: string[]): string {
        return tags.join();
      }
      @Tool()
      @LLMDescription('Levels')
      level(args: Args): number {
        return args.level;
      }
    }
    const [tag, level] = ToolRegistry.builder().tools(new Service()).build().tools;
    expect(tag!.inputSchema.properties!.tags).toEqual({ type: 'array', items: { type: 'string', enum: ['a', 'b'] }, description: 'Tags' });
    expect(level!.inputSchema.properties!.level).toEqual(expect.objectContaining({ type: 'integer', enum: [1, 2, 3] }));
  });

  it('refuses allowed values of another type than the parameter’s, duplicates, an empty list, and on an object', () => {
    const define = (values: unknown[], type: unknown = String) => {
      class Service {
        @Tool()
        @LLMDescription('x')
        run(@LLMDescription({ description: 'v', enum: values as string[], type: type as StringConstructor }) value: string): string {
          return value;
        }
      }
      return () => ToolRegistry.builder().tools(new Service()).build();
    };
    expect(define(['a', 1])).toThrow(InvalidToolDefinitionError);
    expect(define(['a', 1])).toThrow("@LLMDescription({ enum }) lists 1, which is not a string (the parameter's type)");
    expect(define(['a', 'a'])).toThrow('lists "a" twice');
    expect(define([])).toThrow('must list at least one allowed value');
    expect(define([1.5], 'integer')).toThrow('lists 1.5, which is not a integer');
  });

  it('refuses @Prompt and @Resource without parentheses, on a property, without a uri, or with options that are not strings', () => {
    expect(() => {
      class A {
        // @ts-expect-error -- written without parentheses
        @Prompt hello(): string {
          return '';
        }
      }
      return A;
    }).toThrow('write @Prompt() with parentheses');
    expect(() => Resource({} as never)).toThrow("its options must give the resource's uri");
    expect(() => Resource('notes://x' as never)).toThrow("its options must be an object with the resource's uri");
    expect(() => Prompt({ title: 3 } as never)).toThrow("its option 'title' must be a non-empty string, got 3");
    expect(() => {
      class B {
        @(Resource({ uri: 'a://b' }) as PropertyDecorator) value = 1;
      }
      return B;
    }).toThrow('@Resource() marks a property; only methods can be marked');
  });

  it('refuses a prompt name tools could not have', () => {
    class Bad {
      @Prompt({ customName: 'has space' }) @LLMDescription('x') run(): string {
        return '';
      }
    }
    expect(() => createMethodPrompts(new Bad())).toThrow('the prompt name "has space" is not allowed');
  });
});
