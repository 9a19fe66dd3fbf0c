import { entry } from './support/fixtures';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

describe('generateToolSchemas for tool classes', () => {
  it('describes the Args class of a Tool subclass, with its class-validator constraints and @LLMDescription', () => {
    const tool = entry('CalculatorTool');
    expect(tool).toMatchObject({
      kind: 'class',
      className: 'CalculatorTool',
      name: 'calculator',
      description: 'A simple calculator that can add two digits (0-9).',
    });
    expect(tool.methodName).toBeUndefined();
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        digit1: { type: 'integer', minimum: 0, maximum: 9, description: 'The first digit to add (0-9)' },
        digit2: { type: 'integer', minimum: 0, maximum: 9, description: 'The second digit to add (0-9)' },
      },
      required: ['digit1', 'digit2'],
    });
  });

  it('lists the Args properties as parameters in declaration order', () => {
    expect(entry('LookupTool').parameters.map((p) => [p.name, p.required, p.description])).toEqual([
      ['query', true, 'The query text.'],
      ['address', false, 'Where to deliver.'],
      ['code', true, 'The code.'],
    ]);
  });

  it('describes an interface Args type of a SimpleTool from TSDoc, with the class TSDoc as description', () => {
    const tool = entry('LookupTool');
    expect(tool.name).toBe('lookup');
    expect(tool.description).toBe('Looks things up in the address book.');
    expect(tool.inputSchema.properties?.query).toEqual({ type: 'string', description: 'The query text.', minLength: 2 });
    expect(tool.inputSchema.properties?.address).toMatchObject({ type: 'object', required: ['city', 'street'] });
  });

  it('reads @Matches as a pattern on a ContextAwareTool Args class', () => {
    expect(entry('SlugTool').inputSchema.properties?.slug).toEqual({ type: 'string', pattern: '^[a-z]+$' });
  });
});
