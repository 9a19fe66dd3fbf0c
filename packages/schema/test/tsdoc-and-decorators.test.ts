import { entry } from './support/fixtures';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

describe('generateToolSchemas with TSDoc and decorators', () => {
  it("uses the method's TSDoc summary as the tool description", () => {
    expect(entry('DocumentedService.forecast').description).toBe(
      'Gets the weather forecast for a city.\n\nThe model sees this whole summary.',
    );
  });

  it('uses @param tags as parameter descriptions, without the TSDoc hyphen', () => {
    const { parameters, inputSchema } = entry('DocumentedService.forecast');
    expect(parameters[0]).toMatchObject({ name: 'city', description: 'the city to look up' });
    expect(inputSchema.properties?.city).toEqual({ type: 'string', description: 'the city to look up' });
  });

  it("reads @minimum, @maximum and @default from a parameter's own TSDoc comment", () => {
    const { parameters, inputSchema } = entry('DocumentedService.forecast');
    expect(inputSchema.properties?.days).toEqual({
      type: 'number',
      description: 'how many days ahead',
      minimum: 1,
      maximum: 14,
      default: 3,
    });
    expect(parameters[1]).toMatchObject({ required: true, default: 3 });
  });

  it('reads @pattern and @format', () => {
    const { properties } = entry('DocumentedService.forecast').inputSchema;
    expect(properties?.country).toEqual({ type: 'string', pattern: '^[A-Z]{2}$' });
    expect(properties?.notify).toEqual({ type: 'string', format: 'email' });
  });

  it('names the tool after @Tool({ customName }), else after the method', () => {
    expect(entry('DocumentedService.forecast').name).toBe('weather_forecast');
    expect(entry('DocumentedService.convert').name).toBe('convert');
  });

  it('lets @LLMDescription on the method and its parameters win over TSDoc, in both forms', () => {
    const tool = entry('DocumentedService.convert');
    expect(tool.description).toBe('Converts an amount of money.');
    expect(tool.parameters.map((p) => p.description)).toEqual(['The amount to convert', 'The target currency']);
    expect(tool.inputSchema.properties?.currency).toEqual({
      type: 'string',
      enum: ['EUR', 'USD'],
      description: 'The target currency',
      default: 'EUR',
    });
  });

  it('recognises decorators imported under a namespace', () => {
    expect(entry('DocumentedService.viaNamespace').inputSchema.required).toEqual(['text']);
  });
});
