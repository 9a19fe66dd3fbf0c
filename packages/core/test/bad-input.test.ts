import 'reflect-metadata';
import { IsString, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { AgentEnvironment, SimpleTool, ToolArgumentsError, ToolRegistry } from '../src/index.js';
import { AddTool } from './support/calculator.js';

class Inner {
  @IsString() value!: string;
}

class OuterArgs {
  @ValidateNested() @Type(() => Inner) inner!: Inner;
}

class NestedTool extends SimpleTool<OuterArgs> {
  constructor() {
    super({ argsType: OuterArgs, name: 'nested', description: 'Takes a nested object.' });
  }
  execute(args: OuterArgs): string {
    return `${args.inner.value} ${args.inner instanceof Inner}`;
  }
}

const env = (options: Partial<ConstructorParameters<typeof AgentEnvironment>[0]> = {}) =>
  new AgentEnvironment({ registry: ToolRegistry.of(new AddTool(), new NestedTool()), ...options });

describe('Bad input', () => {
  it.each([
    ['__proto__', '{"digit1":1,"digit2":2,"__proto__":{"polluted":true}}'],
    ['constructor', '{"digit1":1,"digit2":2,"constructor":{"prototype":{"polluted":true}}}'],
    ['prototype', '{"digit1":1,"digit2":2,"prototype":{"polluted":true}}'],
  ])('refuses a %s key with a ToolArgumentsError and pollutes no prototype', async (key, json) => {
    const result = await env().executeTool({ name: 'calculator', arguments: json });
    expect(ToolArgumentsError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain(`the key '${key}' is not allowed`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a forbidden key inside a nested object', async () => {
    const result = await env().executeTool({ name: 'nested', arguments: '{"inner":{"value":"a","__proto__":{"x":1}}}' });
    expect(result.content).toContain("'inner.__proto__': the key '__proto__' is not allowed");
  });

  it('decodes nested objects into instances of their classes', async () => {
    expect((await env().executeTool({ name: 'nested', arguments: '{"inner":{"value":"a"}}' })).content).toBe('a true');
  });

  it('refuses arguments nested deeper than maxDepth, configurably', async () => {
    const deep = `{"digit1":1,"digit2":2,"x":${'['.repeat(40)}${']'.repeat(40)}}`;
    const result = await env().executeTool({ name: 'calculator', arguments: deep });
    expect(result.content).toContain('nested deeper than 32 levels');
    const relaxed = await env({ argumentLimits: { maxDepth: 64 } }).executeTool({ name: 'calculator', arguments: deep });
    expect(relaxed.isError).toBe(false);
  });

  it('refuses arguments longer than maxLength, configurably', async () => {
    const long = JSON.stringify({ digit1: 1, digit2: 2, padding: 'x'.repeat(200) });
    const result = await env({ argumentLimits: { maxLength: 100 } }).executeTool({ name: 'calculator', arguments: long });
    expect(result.content).toContain(`the arguments are ${long.length} characters long; at most 100 are accepted`);
  });

  it.each([
    ['an array', '[1,2]', 'expected a JSON object of named arguments, got an array'],
    ['a number', '42', 'expected a JSON object of named arguments, got number'],
    ['wrong types', '{"digit1":true,"digit2":"2"}', "'digit1': expected an integer, got boolean true"],
    ['a fraction', '{"digit1":1.5,"digit2":2}', "'digit1': expected an integer, got number 1.5"],
    ['missing properties', '{}', "'digit1': is required but missing"],
  ])('explains %s', async (_label, json, message) => {
    const result = await env().executeTool({ name: 'calculator', arguments: json });
    expect(result.isError).toBe(true);
    expect(result.content).toContain(message);
  });

  it('treats an empty argument string as no arguments', async () => {
    const result = await env().executeTool({ name: 'calculator', arguments: '' });
    expect(result.content).toContain("'digit1': is required but missing");
  });

  it('loses nothing else in flight: the good calls of a batch still succeed', async () => {
    const results = await env().executeTools([
      { name: 'calculator', arguments: '{"digit1":1,"digit2":2}' },
      { name: 'calculator', arguments: '{"__proto__":1}' },
      { name: 'calculator', arguments: 'not json' },
      { name: 'calculator', arguments: '{"digit1":3,"digit2":4}' },
    ]);
    expect(results.map((result) => result.isError)).toEqual([false, true, true, false]);
    expect(results[3]!.content).toBe('7');
  });

  it('reports bad arguments with a ToolArgumentsError that has a fixed name and is recognised by its marker', async () => {
    const result = await env().executeTool({ name: 'calculator', arguments: '{"digit1":"x"}' });
    const error = result.error;
    expect(ToolArgumentsError.isInstance(error)).toBe(true);
    expect((error as Error).name).toBe('ToolArgumentsError');
    const impostor = Object.assign(new Error('x'), { name: 'ToolArgumentsError' });
    expect(ToolArgumentsError.isInstance(impostor)).toBe(false);
  });
});
