import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsString,
  registerDecorator,
  Validate,
  ValidateNested,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidationOptions,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { Tool as ToolMethod } from '../src/annotations.js';
import { AgentEnvironment, InvalidToolDefinitionError, LLMDescription, Tool, ToolRegistry } from '../src/index.js';

function IsEven(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isEven',
      target: target.constructor,
      propertyName,
      ...(options ? { options } : {}),
      validator: {
        validate: (value: unknown) => typeof value === 'number' && value % 2 === 0,
        defaultMessage: (args?: ValidationArguments) => `${args?.property} must be even`,
      },
    });
}

@ValidatorConstraint({ name: 'startsWithCapital' })
class StartsWithCapital implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && /^[A-Z]/.test(value);
  }
  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must start with a capital letter`;
  }
}

@ValidatorConstraint({ name: 'slowCheck', async: true })
class SlowCheck implements ValidatorConstraintInterface {
  validate(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

class Inner {
  @IsString() @Validate(StartsWithCapital) label!: string;
}

class EvenArgs {
  @IsInt() @IsEven() count!: number;
  @IsInt({ each: true }) @IsEven({ each: true }) pairs!: number[];
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

class EvenTool extends Tool<EvenArgs, string> {
  constructor() {
    super({ argsType: EvenArgs, name: 'even', description: 'Takes even numbers.' });
  }
  execute(args: EvenArgs): string {
    return `${args.count} ${args.pairs.join(',')} ${args.inner.label}`;
  }
}

describe('Constraints with no JSON Schema meaning', () => {
  const env = () => new AgentEnvironment({ registry: ToolRegistry.of(new EvenTool()) });

  it('tells the model about them in the description', () => {
    const schema = new EvenTool().inputSchema;
    expect(schema.properties?.count).toEqual({ type: 'integer', description: 'Also checked: isEven.' });
    expect(schema.properties?.inner).toMatchObject({ properties: { label: { description: 'Also checked: startsWithCapital.' } } });
  });

  it('runs them after the compiled checks, nested classes included, with their own messages', async () => {
    const ok = await env().executeTool({ name: 'even', arguments: { count: 2, pairs: [4, 6], inner: { label: 'Ok' } } });
    expect(ok.content).toBe('2 4,6 Ok');
    const bad = await env().executeTool({ name: 'even', arguments: { count: 3, pairs: [4, 5], inner: { label: 'no' } } });
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain("'count': count must be even");
    expect(bad.content).toContain("'inner.label': label must start with a capital letter");
    expect(bad.content).toMatch(/'pairs': .*even/);
  });

  it('reports compiled violations first and skips the custom checks then', async () => {
    const bad = await env().executeTool({ name: 'even', arguments: { count: 'x', pairs: [], inner: { label: 'Ok' } } });
    expect(bad.content).toContain("'count': expected an integer");
    expect(bad.content).not.toContain('must be even');
  });

  it('runs them in a nested class declared Koog style (no @ValidateNested) and skips an absent optional property', async () => {
    class Label {
      @LLMDescription('A label') @Validate(StartsWithCapital) text!: string;
    }
    class KoogArgs {
      @LLMDescription('The label') label!: Label;
      @LLMDescription({ description: 'An even count', optional: true }) @IsEven() count?: number;
    }
    class KoogTool extends Tool<KoogArgs, string> {
      constructor() {
        super({ argsType: KoogArgs, name: 'koog', description: 'Takes a label.' });
      }
      execute(args: KoogArgs): string {
        return args.label.text;
      }
    }
    const koog = new AgentEnvironment({ registry: ToolRegistry.of(new KoogTool()) });
    expect((await koog.executeTool({ name: 'koog', arguments: { label: { text: 'Ok' } } })).content).toBe('Ok');
    const bad = await koog.executeTool({ name: 'koog', arguments: { label: { text: 'no' }, count: 3 } });
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain("'label.text': text must start with a capital letter");
    expect(bad.content).toContain("'count': count must be even");
  });

  it('runs them on an Args class taken by a @Tool method, and on each item of an array of it', async () => {
    class Service {
      @ToolMethod()
      label(@LLMDescription({ description: 'Labels', type: [Inner] }) inners: Inner[], one: Inner): string {
        return [...inners, one].map((inner) => inner.label).join(',');
      }
    }
    const service = new AgentEnvironment({ registry: ToolRegistry.builder().tools(new Service()).build() });
    const ok = await service.executeTool({ name: 'label', arguments: { inners: [{ label: 'A' }], one: { label: 'B' } } });
    expect(ok.content).toBe('A,B');
    const bad = await service.executeTool({ name: 'label', arguments: { inners: [{ label: 'A' }, { label: 'b' }], one: { label: 'c' } } });
    expect(bad.content).toContain("'inners[1].label': label must start with a capital letter");
    expect(bad.content).toContain("'one.label': label must start with a capital letter");
    expect(bad.content).not.toContain("'inners[0]");
  });

  it('refuses an asynchronous constraint at construction', () => {
    class SlowArgs {
      @IsString() @Validate(SlowCheck) name!: string;
    }
    expect(
      () =>
        new (class extends Tool<SlowArgs, string> {
          execute(): string {
            return '';
          }
        })({ argsType: SlowArgs, name: 'slow', description: '' }),
    ).toThrow(InvalidToolDefinitionError);
  });
});
