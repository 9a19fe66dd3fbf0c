import 'reflect-metadata';
import { Tool } from '../src/annotations.js';
import { DuplicateToolError, ToolNotFoundError, ToolRegistry } from '../src/index.js';
import { AddTool } from './support/calculator.js';

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
});
