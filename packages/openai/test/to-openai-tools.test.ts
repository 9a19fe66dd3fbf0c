import type { JsonSchema, ToolDefinition } from '@toolcraft/core';
import { StrictSchemaError, toOpenAITools, toResponsesTools } from '../src/index';
import type { ToolRegistryLike } from '../src/index';

const addSchema: JsonSchema = {
  type: 'object',
  properties: { a: { type: 'integer' }, b: { type: 'integer' }, note: { type: 'string' } },
  required: ['a', 'b'],
};

function registryOf(...tools: Array<[name: string, schema: JsonSchema]>): ToolRegistryLike {
  return { tools: tools.map(([name, inputSchema]) => ({ descriptor: { name, description: `The ${name} tool.` }, inputSchema })) };
}

describe('toOpenAITools', () => {
  it('turns each tool of a registry into a Chat Completions function tool, in order', () => {
    const registry = registryOf(['add', addSchema], ['ping', { type: 'object', properties: {} }]);
    expect(toOpenAITools(registry)).toEqual([
      { type: 'function', function: { name: 'add', description: 'The add tool.', parameters: addSchema } },
      { type: 'function', function: { name: 'ping', description: 'The ping tool.', parameters: { type: 'object', properties: {} } } },
    ]);
  });

  it('accepts a list of tool definitions in place of a registry', () => {
    const definitions: ToolDefinition[] = [{ name: 'add', description: 'Adds.', inputSchema: addSchema }];
    expect(toOpenAITools(definitions)).toEqual([
      { type: 'function', function: { name: 'add', description: 'Adds.', parameters: addSchema } },
    ]);
  });

  it('marks tools strict and rewrites their schemas with strict: true', () => {
    const [tool] = toOpenAITools(registryOf(['add', addSchema]), { strict: true });
    expect(tool.function).toEqual({
      name: 'add',
      description: 'The add tool.',
      strict: true,
      parameters: {
        type: 'object',
        properties: { a: { type: 'integer' }, b: { type: 'integer' }, note: { type: ['string', 'null'] } },
        required: ['a', 'b', 'note'],
        additionalProperties: false,
      },
    });
  });

  it('reports a tool that cannot be strict when converting, naming the tool and the property', () => {
    const registry = registryOf(
      ['add', addSchema],
      ['tag', { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } } }],
    );
    expect(() => toOpenAITools(registry, { strict: true })).toThrow(StrictSchemaError);
    expect(() => toOpenAITools(registry, { strict: true })).toThrow(/Tool 'tag'.*\$\.labels.*free-form/);
    expect(() => toOpenAITools(registry)).not.toThrow();
  });

  it('converts a registry once per options and serves the same frozen array afterwards', () => {
    const registry = registryOf(['add', addSchema]);
    const loose = toOpenAITools(registry);
    expect(toOpenAITools(registry)).toBe(loose);
    expect(toOpenAITools(registry, { strict: false })).toBe(loose);
    const strict = toOpenAITools(registry, { strict: true });
    expect(strict).not.toBe(loose);
    expect(toOpenAITools(registry, { strict: true })).toBe(strict);
    expect(Object.isFrozen(strict)).toBe(true);
    expect(toResponsesTools(registry)).not.toBe(loose);
  });

  it('caches a frozen list of definitions (as the Agent passes them) but converts a mutable list each time', () => {
    const frozen = Object.freeze([{ name: 'add', description: 'Adds.', inputSchema: addSchema }]);
    expect(toOpenAITools(frozen, { strict: true })).toBe(toOpenAITools(frozen, { strict: true }));
    const mutable: ToolDefinition[] = [{ name: 'add', description: 'Adds.', inputSchema: addSchema }];
    const first = toOpenAITools(mutable);
    mutable.push({ name: 'ping', description: 'Pings.', inputSchema: { type: 'object', properties: {} } });
    expect(toOpenAITools(mutable)).toHaveLength(2);
    expect(first).toHaveLength(1);
  });

  it('serves the second request for 10,000 tools from the cache', () => {
    const registry = registryOf(
      ...Array.from({ length: 10_000 }, (_, index): [string, JsonSchema] => [
        `tool_${index}`,
        { type: 'object', properties: { value: { type: 'string' } } },
      ]),
    );
    const first = toOpenAITools(registry, { strict: true });
    const started = performance.now();
    const second = toOpenAITools(registry, { strict: true });
    expect(performance.now() - started).toBeLessThan(5);
    expect(second).toBe(first);
    expect(second).toHaveLength(10_000);
  });
});
