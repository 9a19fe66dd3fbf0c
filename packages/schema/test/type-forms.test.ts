import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { entry, typesFixtureManifest } from './support/fixtures';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

describe('generateToolSchemas', () => {
  it('keys annotated methods by ClassName.methodName and tool classes by ClassName, sorted', () => {
    const keys = Object.keys(typesFixtureManifest().tools);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toEqual(expect.arrayContaining(['TypeFormsService.primitives', 'CalculatorTool', 'LookupTool']));
    expect(keys).not.toContain('DocumentedService.helper');
    expect(typesFixtureManifest().version).toBe(1);
  });

  it('describes string, number and boolean parameters in declaration order, all required', () => {
    const { parameters, inputSchema } = entry('TypeFormsService.primitives');
    expect(parameters.map((p) => [p.name, p.schema?.type, p.required])).toEqual([
      ['name', 'string', true],
      ['times', 'number', true],
      ['loud', 'boolean', true],
    ]);
    expect(inputSchema).toMatchObject({ type: 'object', required: ['name', 'times', 'loud'] });
    expect(Object.keys(inputSchema.properties ?? {})).toEqual(['name', 'times', 'loud']);
  });

  it('describes literal unions as enums', () => {
    const { properties } = entry('TypeFormsService.literalUnion').inputSchema;
    expect(properties?.mode).toEqual({ type: 'string', enum: expect.arrayContaining(['fast', 'slow', 'auto']) });
    const mode = properties?.mode;
    expect(typeof mode === 'object' && mode.enum).toHaveLength(3);
    expect(properties?.level).toEqual({ type: 'number', enum: [1, 2, 3] });
  });

  it('treats optional parameters, `| undefined` and parameters with initializers as not required', () => {
    const { parameters, inputSchema } = entry('TypeFormsService.optionals');
    expect(inputSchema.required).toEqual(['query']);
    expect(parameters.map((p) => p.required)).toEqual([true, false, false, false]);
    expect(inputSchema.properties?.cursor).toEqual({ type: 'string' });
    expect(inputSchema.properties?.exact).toEqual({ type: 'boolean', default: false });
    expect(parameters[3].default).toBe(false);
  });

  it('describes arrays with their item types', () => {
    const { properties } = entry('TypeFormsService.arrays').inputSchema;
    expect(properties?.values).toEqual({ type: 'array', items: { type: 'number' } });
    expect(properties?.tags).toEqual({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } });
    expect(properties?.addresses).toMatchObject({ items: { type: 'object', required: ['city', 'street'] } });
  });

  it('inlines nested interfaces and classes with their TSDoc', () => {
    const { properties } = entry('TypeFormsService.nested').inputSchema;
    expect(properties?.to).toMatchObject({
      type: 'object',
      properties: {
        street: { type: 'string', description: 'The street and number.', minLength: 1 },
        postcode: { type: 'string', description: 'The postcode, when known.' },
      },
      required: ['city', 'street'],
    });
    expect(properties?.at).toMatchObject({
      type: 'object',
      required: ['latitude', 'longitude'],
      properties: { latitude: { type: 'number', description: 'Latitude in degrees.' } },
    });
    expect(JSON.stringify(entry('TypeFormsService.nested'))).not.toContain('$ref');
  });

  it('describes Date as a date-time string', () => {
    expect(entry('TypeFormsService.dates').inputSchema.properties?.start).toEqual({ type: 'string', format: 'date-time' });
  });

  it('describes Record<string, T> and index signatures with additionalProperties', () => {
    const { properties } = entry('TypeFormsService.records').inputSchema;
    expect(properties?.labels).toEqual({ type: 'object', additionalProperties: { type: 'number' } });
    expect(properties?.meta).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
  });

  it('describes string and numeric TypeScript enums by their values', () => {
    const { properties } = entry('TypeFormsService.enums').inputSchema;
    expect(properties?.unit).toMatchObject({ type: 'string', enum: ['celsius', 'fahrenheit'] });
    expect(properties?.priority).toMatchObject({ type: 'number', enum: [0, 1] });
  });

  it('describes recursive types through $defs at the top of the input schema', () => {
    const { inputSchema, parameters } = entry('TypeFormsService.recursive');
    const root = inputSchema.properties?.root;
    expect(typeof root === 'object' && root.$ref).toBe('#/$defs/Folder');
    expect(inputSchema.$defs?.Folder).toMatchObject({ type: 'object', required: ['children', 'name'] });
    expect(parameters[0].schema?.$defs?.Folder).toBeDefined();
  });

  it('marks AgentContext and ToolCallMetadata parameters as injected and leaves them out of the input schema', () => {
    const { parameters, inputSchema } = entry('TypeFormsService.injected');
    expect(parameters).toEqual([
      { name: 'context', required: false, injected: 'AgentContext' },
      { name: 'topic', schema: { type: 'string' }, required: true },
      { name: 'metadata', required: false, injected: 'ToolCallMetadata' },
    ]);
    expect(inputSchema).toEqual({ type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] });
  });

  it('gives each parameter the schema its input-schema property has', () => {
    for (const tool of Object.values(typesFixtureManifest().tools)) {
      if (tool.kind !== 'method') continue;
      for (const parameter of tool.parameters.filter((p) => p.injected === undefined)) {
        const { $defs: _ignored, ...schema } = parameter.schema ?? {};
        expect(tool.inputSchema.properties?.[parameter.name]).toEqual(schema);
      }
    }
  });

  it('produces input schemas that ajv compiles and that accept a valid call', () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    for (const tool of Object.values(typesFixtureManifest().tools)) ajv.compile(tool.inputSchema);
    const validate = ajv.compile(entry('TypeFormsService.recursive').inputSchema);
    expect(validate({ root: { name: 'a', children: [{ name: 'b', children: [] }] } })).toBe(true);
    expect(validate({ root: { name: 'a', children: [{ name: 'b' }] } })).toBe(false);
  });
});
