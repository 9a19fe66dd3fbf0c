import 'reflect-metadata';
import { Tool } from '../src/annotations.js';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  AgentEnvironment,
  defaultArgumentLimits,
  DuplicateToolError,
  InvalidToolDefinitionError,
  Tool as ToolClass,
  ToolNotFoundError,
  ToolRegistry,
  type JsonSchema,
  type ToolDescriptor,
} from '../src/index.js';
import { AddTool, DigitsArgs } from './support/calculator.js';

class WeatherService {
  @Tool() weather(city: string): string {
    return `sunny in ${city}`;
  }
  @Tool() forecast(city: string): string {
    return `rain in ${city}`;
  }
}

describe('ToolRegistry', () => {
  it('keeps tools in insertion order from .tool(), .tools() and ToolRegistry.of()', () => {
    const registry = ToolRegistry.builder()
      .tool(new AddTool('b_add'))
      .tools([new AddTool('a_add'), new WeatherService()])
      .build();
    expect(registry.tools.map((tool) => tool.name)).toEqual(['b_add', 'a_add', 'weather', 'forecast']);
    expect(ToolRegistry.of(new AddTool('x'), new AddTool('y')).tools.map((tool) => tool.name)).toEqual(['x', 'y']);
  });

  it('keeps the same instance added twice once', () => {
    const tool = new AddTool();
    const service = new WeatherService();
    const registry = ToolRegistry.builder().tool(tool).tool(tool).tools(service).tools(service).build();
    expect(registry.tools).toHaveLength(3);
  });

  it('fails the build with DuplicateToolError naming both sources when two tools share a name', () => {
    const build = () => ToolRegistry.builder().tool(new AddTool('weather')).tools(new WeatherService()).build();
    expect(build).toThrow(DuplicateToolError);
    expect(build).toThrow(/'weather': AddTool instance and WeatherService\.weather/);
  });

  it('tells two different instances of one tool class apart in DuplicateToolError, saying what to do', () => {
    const build = () => ToolRegistry.of(new AddTool('add'), new AddTool('add'));
    expect(build).toThrow(DuplicateToolError);
    expect(build).toThrow(
      /'add': AddTool instance \(one instance\) and AddTool instance \(a second, different instance of the same class: register one shared instance, or give one of them another name\)/,
    );
  });

  it('fails plus() on a duplicate name and otherwise returns a new registry', () => {
    const left = ToolRegistry.of(new AddTool('one'));
    const right = ToolRegistry.of(new AddTool('two'));
    const both = left.plus(right);
    expect(both.tools.map((tool) => tool.name)).toEqual(['one', 'two']);
    expect(left.tools).toHaveLength(1);
    expect(() => both.plus(ToolRegistry.of(new AddTool('two')))).toThrow(DuplicateToolError);
  });

  it('getTool throws ToolNotFoundError naming the closest names; findTool returns undefined', () => {
    const registry = ToolRegistry.of(new AddTool('calculator'), new WeatherService());
    expect(registry.findTool('calculater')).toBeUndefined();
    expect(() => registry.getTool('calculater')).toThrow(ToolNotFoundError);
    expect(() => registry.getTool('calculater')).toThrow(/Did you mean 'calculator'\?/);
    try {
      registry.getTool('Weather');
    } catch (error) {
      expect(ToolNotFoundError.isInstance(error) && error.suggestions[0]).toBe('weather');
    }
  });

  it('is immutable once built', () => {
    const registry = ToolRegistry.of(new AddTool());
    expect(Object.isFrozen(registry.tools)).toBe(true);
    expect(() => (registry.tools as unknown[]).push(new AddTool('other'))).toThrow(TypeError);
  });

  it('keeps every item passed to .tools(a, b), like ToolRegistry.of(a, b)', () => {
    const registry = ToolRegistry.builder()
      .tools(new AddTool('a_add'), new WeatherService(), [new AddTool('b_add')])
      .build();
    expect(registry.names).toEqual(['a_add', 'weather', 'forecast', 'b_add']);
  });

  it('accepts any iterable of tools and services', () => {
    const service = new WeatherService();
    expect(
      ToolRegistry.builder()
        .tools(new Set([new AddTool(), service]))
        .build().names,
    ).toEqual(['calculator', 'weather', 'forecast']);
  });

  it('keeps the same method of the same service once across plus()', () => {
    const service = new WeatherService();
    expect(ToolRegistry.of(service).plus(ToolRegistry.of(service)).tools).toHaveLength(2);
  });

  it('refuses what is not a tool, a service or a list of them at compile time and with a clear error', () => {
    const untyped = (value: unknown) => value as never;
    // @ts-expect-error a string is not a tool
    expect(() => ToolRegistry.of('calculator')).toThrow(InvalidToolDefinitionError);
    // @ts-expect-error a number is not a tool
    expect(() => ToolRegistry.builder().tools(new AddTool(), 42)).toThrow(/\.tools\(\) takes tools, service instances/);
    // @ts-expect-error a class is not an instance
    expect(() => ToolRegistry.builder().tools(WeatherService)).toThrow(/takes instances, not classes: pass new WeatherService\(\)/);
    // @ts-expect-error a service is not a tool: .tool() takes one tool (or a class and a static method name)
    expect(() => ToolRegistry.builder().tool(new WeatherService())).toThrow(InvalidToolDefinitionError);
    // @ts-expect-error null is not a tool
    expect(() => ToolRegistry.of([null])).toThrow(/null/);
    expect(() => ToolRegistry.builder().tools(untyped(undefined))).toThrow(InvalidToolDefinitionError);
  });

  it('refuses a list that contains itself instead of overflowing the stack', () => {
    const list: unknown[] = [new AddTool()];
    list.push(list);
    expect(() => ToolRegistry.builder().tools(list)).toThrow(/contains itself/);
  });

  it('dispatches by the name the descriptor shows the model, and the agent shows its description', async () => {
    class Renamed extends ToolClass<DigitsArgs, number> {
      constructor() {
        super({ argsType: DigitsArgs, name: 'calculator', description: 'adds' });
      }
      override get descriptor(): ToolDescriptor {
        return { ...super.descriptor, name: 'add_digits', description: 'Adds two single digits (0-9).' };
      }
      execute(args: DigitsArgs): number {
        return args.digit1 + args.digit2;
      }
    }
    const registry = ToolRegistry.of(new Renamed());
    const model = new ScriptedModel([{ toolCalls: [{ name: 'add_digits', arguments: { digit1: 1, digit2: 2 } }] }, { text: 'done' }]);
    const run = await new Agent({ model, registry }).run('add');
    expect(model.requests[0]!.tools).toEqual([
      expect.objectContaining({ name: 'add_digits', description: 'Adds two single digits (0-9).' }),
    ]);
    expect(run.toolCalls[0]!.result.content).toBe('3');
  });
});

describe('ToolRegistry.builder().schemas([...documents])', () => {
  const address: JsonSchema = {
    $id: 'https://example.com/schemas/address.json',
    type: 'object',
    properties: { city: { type: 'string' }, zip: { type: 'string', pattern: '^[0-9]{4}$' } },
    required: ['city'],
  };

  class ShipTool extends ToolClass<{ to: { city: string } }, string> {
    constructor() {
      super({
        name: 'ship',
        description: 'Ships a parcel.',
        argsType: { type: 'object', properties: { to: { $ref: 'https://example.com/schemas/address.json' } }, required: ['to'] },
      });
    }
    execute(args: { to: { city: string } }): string {
      return `to ${args.to.city}`;
    }
  }

  it('registers documents by $id, so a tool’s $ref to another document validates calls against it', async () => {
    const registry = ToolRegistry.builder().tool(new ShipTool()).schemas([address]).build();
    const env = new AgentEnvironment({ registry });
    await expect(env.executeTool({ name: 'ship', arguments: '{"to":{"city":"Oslo","zip":"0150"}}' })).resolves.toMatchObject({
      isError: false,
      content: 'to Oslo',
    });
    const refused = await env.executeTool({ name: 'ship', arguments: '{"to":{"zip":"x"}}' });
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain("'to.city': is required but missing");
    expect(refused.content).toContain("'to.zip': must be a string matching /^[0-9]{4}$/");
  });

  it('refuses a document without an absolute $id, and a tool whose $ref names a document never given', () => {
    expect(() => ToolRegistry.builder().schemas([{ type: 'object' }])).toThrow(/must have an absolute URI as its \$id/);
    const unbound = new ShipTool();
    // Outside an environment, a tool never given its documents refuses every call, saying why.
    const outcome = unbound.argsDecoder.decode('{"to":{"city":"Oslo"}}', defaultArgumentLimits);
    expect(outcome.ok === false && outcome.violations.map((violation) => violation.constraint)).toEqual(['unresolvedReference']);
    const registry = ToolRegistry.of(unbound);
    expect(() => new AgentEnvironment({ registry })).toThrow(InvalidToolDefinitionError);
    expect(() => new AgentEnvironment({ registry })).toThrow(/refers to https:\/\/example\.com\/schemas\/address\.json/);
    expect(() =>
      ToolRegistry.builder()
        .tool(new ShipTool())
        .schemas([{ ...address, $id: 'https://example.com/other.json' }])
        .build(),
    ).toThrow(/refers to https:\/\/example\.com\/schemas\/address\.json, which none of the `schemas` given has/);
  });

  it('takes the documents from the environment too', async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new ShipTool()), schemas: [address] });
    await expect(env.executeTool({ name: 'ship', arguments: '{"to":{"city":"Bergen"}}' })).resolves.toMatchObject({ content: 'to Bergen' });
    expect(() => new AgentEnvironment({ registry: ToolRegistry.EMPTY, schemas: [{ $id: 'relative.json' }] })).toThrow(
      /AgentEnvironment option 'schemas' must be a list of JSON Schema documents with absolute \$ids/,
    );
  });
});
