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
import { AgentEnvironment, InvalidToolDefinitionError, Tool, ToolRegistry } from '../src/index.js';

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
    expect(schema.properties?.inner?.properties?.label?.description).toBe('Also checked: startsWithCapital.');
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
