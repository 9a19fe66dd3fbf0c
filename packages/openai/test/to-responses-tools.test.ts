import { ProviderSchemaError, type JsonSchema, type ToolDefinition } from '@toolcraft/core';
import { StrictSchemaError, toOpenAITools, toResponsesTools } from '../src/index';

const addSchema: JsonSchema = {
  type: 'object',
  properties: { a: { type: 'integer' }, b: { type: 'integer' }, note: { type: 'string' } },
  required: ['a', 'b'],
};

const tool = (name: string, inputSchema: unknown): ToolDefinition => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: inputSchema as JsonSchema,
});

function schemaErrorOf(convert: () => unknown): ProviderSchemaError {
  try {
    convert();
  } catch (error) {
    if (ProviderSchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ProviderSchemaError');
}

describe('toResponsesTools', () => {
  it('turns each tool into a Responses API function tool that always says whether it is strict', () => {
    expect(toResponsesTools([tool('add', addSchema)])).toEqual([
      { type: 'function', name: 'add', description: 'The add tool.', parameters: addSchema, strict: false },
    ]);
  });

  it('rewrites the schemas with strict: true', () => {
    const [converted] = toResponsesTools([tool('add', addSchema)], { strict: true });
    expect(converted).toMatchObject({
      type: 'function',
      name: 'add',
      strict: true,
      parameters: { required: ['a', 'b', 'note'], additionalProperties: false, properties: { note: { type: ['string', 'null'] } } },
    });
  });

  describe('without strict mode: the schema as it is, its root made one object or refused', () => {
    it('sends a schema with a proper object root unchanged (the same object)', () => {
      const [converted] = toResponsesTools([tool('add', addSchema)]);
      expect(converted!.parameters).toBe(addSchema);
    });

    it.each<[string, unknown, JsonSchema]>([
      ['a root without properties gets an empty properties', { type: 'object' }, { type: 'object', properties: {} }],
      [
        'a root with properties but no type gets type object',
        { properties: { a: { type: 'string' } } },
        { type: 'object', properties: { a: { type: 'string' } } },
      ],
      [
        'a root allOf of objects is merged into one object',
        { allOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } } }] },
        { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] },
      ],
    ])('converts losslessly: %s', (_, schema, expected) => {
      expect(toResponsesTools([tool('t', schema)])[0]!.parameters).toEqual(expected);
    });

    it.each<[string, unknown, string]>([
      ['a root array', { type: 'array', items: { type: 'string' } }, 'type'],
      ['a root string', { type: 'string' }, 'type'],
      ['a schema that is not an object', true, 'type'],
      ['a root without a type or properties', { description: 'anything' }, 'type'],
      ['a root anyOf', { type: 'object', anyOf: [{ properties: { id: { type: 'string' } } }] }, 'anyOf'],
      ['a root oneOf', { oneOf: [{ type: 'object', properties: {} }] }, 'oneOf'],
      ['a root enum', { type: 'object', properties: {}, enum: [{}] }, 'enum'],
      ['a root not', { type: 'object', properties: {}, not: { required: ['a'] } }, 'not'],
      ['a root allOf of different types', { allOf: [{ type: 'object' }, { type: 'string' }] }, 'allOf'],
    ])('refuses %s, naming the tool, the path and the keyword', (_, schema, keyword) => {
      const error = schemaErrorOf(() => toResponsesTools([tool('lookup', schema)]));
      expect(StrictSchemaError.isInstance(error)).toBe(false);
      expect(error).toMatchObject({
        name: 'ProviderSchemaError',
        provider: 'openai',
        toolName: 'lookup',
        path: expect.stringMatching(/^\$/) as string,
        keyword,
      });
      expect(error.message).toMatch(/^Tool 'lookup' cannot be sent to openai: at \$/);
    });

    it('keeps keywords strict mode would move or refuse (OpenAI reads them outside strict mode)', () => {
      const schema: JsonSchema = {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 3, format: 'hostname', default: 'a.example' },
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        },
      };
      expect(toResponsesTools([tool('keep', schema)])[0]!.parameters).toBe(schema);
    });

    it('applies the same root rules to Chat Completions tools', () => {
      expect(toOpenAITools([tool('ping', { type: 'object' })])[0]!.function.parameters).toEqual({ type: 'object', properties: {} });
      expect(schemaErrorOf(() => toOpenAITools([tool('list', { type: 'array', items: {} })]))).toMatchObject({
        toolName: 'list',
        keyword: 'type',
      });
    });
  });

  describe('in strict mode: StrictSchemaError, a ProviderSchemaError naming the keyword', () => {
    it.each<[string, unknown, string, string]>([
      [
        'a Record',
        { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } } },
        '$.labels',
        'additionalProperties',
      ],
      ['a free-form nested object', { type: 'object', properties: { meta: { type: 'object' } } }, '$.meta', 'properties'],
      ['an unsupported keyword', { type: 'object', properties: { a: { type: 'string', not: { const: 'x' } } } }, '$.a', 'not'],
      ['an array without items', { type: 'object', properties: { list: { type: 'array' } } }, '$.list', 'items'],
      ['a schema without a type', { type: 'object', properties: { any: {} } }, '$.any', 'type'],
      ['a root union', { anyOf: [{ type: 'object', properties: {} }] }, '$', 'anyOf'],
      ['a root enum', { type: 'object', properties: {}, enum: [{}] }, '$', 'enum'],
      ['a root not', { type: 'object', properties: {}, not: { required: ['a'] } }, '$', 'not'],
      ['an external $ref', { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, '$.a', '$ref'],
      ['a required property not declared', { type: 'object', properties: {}, required: ['ghost'] }, '$', 'required'],
    ])('%s', (_, schema, path, keyword) => {
      const error = schemaErrorOf(() => toResponsesTools([tool('broken', schema)], { strict: true }));
      expect(StrictSchemaError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ name: 'StrictSchemaError', provider: 'openai', toolName: 'broken', path, keyword });
      expect(error.message).toMatch(/^Tool 'broken' cannot use OpenAI strict mode: at /);
      expect(error.message).toContain('{ strict: false }');
    });

    it('writes what strict mode cannot enforce into the description instead of dropping it', () => {
      const [converted] = toResponsesTools(
        [
          tool('user', {
            type: 'object',
            properties: { name: { type: 'string', description: 'The user name', minLength: 3 } },
            required: ['name'],
          }),
        ],
        { strict: true },
      );
      expect(converted!.parameters).toMatchObject({
        properties: { name: { type: 'string', description: 'The user name (at least 3 characters)' } },
      });
    });
  });

  it('converts a frozen definitions list once and serves the same array afterwards', () => {
    const frozen = Object.freeze([tool('add', addSchema)]);
    expect(toResponsesTools(frozen, { strict: true })).toBe(toResponsesTools(frozen, { strict: true }));
    expect(toResponsesTools(frozen)).not.toBe(toResponsesTools(frozen, { strict: true }));
  });
});
