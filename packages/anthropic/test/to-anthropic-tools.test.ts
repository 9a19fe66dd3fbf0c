import 'reflect-metadata';
import { ProviderSchemaError, ToolRegistry, type JsonSchema, type ToolDefinition } from '@toolcraft/core';
import { toAnthropicTools } from '../src/index';
import { AddTool } from './support/test-tools';

const tool = (inputSchema: JsonSchema, name = 'lookup'): ToolDefinition => ({ name, description: 'Looks things up.', inputSchema });

function refusal(run: () => unknown): ProviderSchemaError {
  try {
    run();
  } catch (error) {
    if (ProviderSchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ProviderSchemaError');
}

describe('toAnthropicTools', () => {
  it('sends name, description and the whole schema as input_schema: descriptions, required, enums, bounds and formats kept', () => {
    const schema: JsonSchema = {
      type: 'object',
      description: 'What to look up.',
      properties: {
        query: { type: 'string', description: 'Search words', minLength: 1, maxLength: 80, pattern: '^\\w' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        since: { type: 'string', format: 'date' },
        kind: { type: 'string', enum: ['doc', 'code'] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5, uniqueItems: true },
        extra: { type: 'object', additionalProperties: { type: 'number' } },
      },
      required: ['query'],
      additionalProperties: false,
    };
    expect(toAnthropicTools([tool(schema)])).toEqual([{ name: 'lookup', description: 'Looks things up.', input_schema: schema }]);
  });

  it('converts a registry once and shares the frozen result', () => {
    const registry = ToolRegistry.of(new AddTool());
    const tools = toAnthropicTools(registry);
    expect(tools.map((entry) => entry.name)).toEqual(['add']);
    expect(tools[0].input_schema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(toAnthropicTools(registry)).toBe(tools);
    expect(Object.isFrozen(tools)).toBe(true);
  });

  it('gives a root without a type type "object", and inlines a root $ref, keeping its definitions', () => {
    expect(toAnthropicTools([tool({})])[0].input_schema).toEqual({ type: 'object' });
    const named: JsonSchema = {
      $ref: '#/$defs/Query',
      $defs: { Query: { type: 'object', properties: { text: { type: 'string' }, next: { $ref: '#/$defs/Query' } } } },
    };
    expect(toAnthropicTools([tool(named)])[0].input_schema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, next: { $ref: '#/$defs/Query' } },
      $defs: named.$defs,
    });
  });

  it('rewrites older-draft forms into their JSON Schema 2020-12 equivalents', () => {
    const draft07: JsonSchema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } as unknown as JsonSchema,
        size: { type: 'number', minimum: 0, exclusiveMinimum: true } as unknown as JsonSchema,
        ratio: { type: 'number', maximum: 1, exclusiveMaximum: false } as unknown as JsonSchema,
      },
      dependencies: { card: ['cvc'], vat: { required: ['country'] } },
    };
    expect(toAnthropicTools([tool(draft07)])[0].input_schema).toEqual({
      type: 'object',
      properties: {
        point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
        size: { type: 'number', exclusiveMinimum: 0 },
        ratio: { type: 'number', maximum: 1 },
      },
      dependentRequired: { card: ['cvc'] },
      dependentSchemas: { vat: { required: ['country'] } },
    });
    const current = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' } as JsonSchema;
    expect(toAnthropicTools([tool(current)])[0].input_schema).toEqual(current);
  });

  it.each([
    [{ anyOf: [{ type: 'object' }, { type: 'object' }] }, '$', 'anyOf', 'refuses oneOf, allOf and anyOf at the top level'],
    [{ type: 'object', oneOf: [{ required: ['a'] }, { required: ['b'] }] }, '$', 'oneOf', 'refuses oneOf, allOf and anyOf'],
    [{ type: 'string' }, '$', 'type', 'the root must be an object schema'],
    [
      { type: 'object', properties: { 'filter[id]': { type: 'string' } } },
      '$.properties["filter[id]"]',
      'properties',
      '^[a-zA-Z0-9_.-]{1,64}$',
    ],
    [{ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, '$.properties.a', '$ref', 'not a local reference'],
    [{ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, '$.properties.a', '$ref', 'not a local reference'],
    [
      { type: 'object', properties: { n: { type: 'number', exclusiveMinimum: true } } },
      '$.properties.n',
      'exclusiveMinimum',
      "needs a numeric 'minimum'",
    ],
  ] as Array<[JsonSchema, string, string, string]>)('refuses what the API would reject: %j', (schema, path, keyword, hint) => {
    const error = refusal(() => toAnthropicTools([tool(schema)]));
    expect(error).toMatchObject({ provider: 'anthropic', toolName: 'lookup', path, keyword });
    expect(error.message).toContain(hint);
    expect(error.message).toContain("Tool 'lookup' cannot be sent to anthropic");
  });

  it('accepts a nested property name the top-level rule does not cover', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { filter: { type: 'object', properties: { 'created at': { type: 'string' } } } },
    };
    expect(toAnthropicTools([tool(schema)])[0].input_schema).toEqual(schema);
  });

  describe('with strict: true (constrained decoding)', () => {
    const strict = (schema: JsonSchema) => toAnthropicTools([tool(schema)], { strict: true })[0];

    it('closes every object, turns oneOf into anyOf, drops the type beside an enum, and writes unenforced constraints into the description', () => {
      const converted = strict({
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Search words', minLength: 1, maxLength: 80 },
          kind: { type: 'string', enum: ['doc', 'code'] },
          at: { type: 'string', format: 'date-time' },
          site: { type: 'string', format: 'iri' },
          tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
          owner: { oneOf: [{ type: 'object', properties: { id: { type: 'integer', minimum: 0 } }, required: ['id'] }, { type: 'null' }] },
        },
        required: ['query'],
      });
      expect(converted).toEqual({
        name: 'lookup',
        description: 'Looks things up.',
        strict: true,
        input_schema: {
          type: 'object',
          properties: {
            query: { type: 'string', description: 'Search words\n\n{minLength: 1, maxLength: 80}' },
            kind: { enum: ['doc', 'code'] },
            at: { type: 'string', format: 'date-time' },
            site: { type: 'string', description: '{format: "iri"}' },
            tags: { type: 'array', items: { type: 'string' }, description: '{minItems: 2}' },
            owner: {
              anyOf: [
                {
                  type: 'object',
                  properties: { id: { type: 'integer', description: '{minimum: 0}' } },
                  required: ['id'],
                  additionalProperties: false,
                },
                { type: 'null' },
              ],
            },
          },
          required: ['query'],
          additionalProperties: false,
        },
      });
    });

    it('moves a $ref with a description beside it into allOf, so the description stays', () => {
      const converted = strict({
        type: 'object',
        properties: { to: { $ref: '#/$defs/Address', description: 'Where to ship' } },
        $defs: { Address: { type: 'object', properties: { city: { type: 'string' } } } },
      });
      expect(converted.input_schema).toMatchObject({
        properties: { to: { description: 'Where to ship', allOf: [{ $ref: '#/$defs/Address' }] } },
        $defs: { Address: { type: 'object', properties: { city: { type: 'string' } }, additionalProperties: false } },
      });
    });

    it.each([
      [
        { type: 'object', properties: { m: { type: 'object', additionalProperties: { type: 'string' } } } },
        '$.properties.m',
        'additionalProperties',
      ],
      [
        { type: 'object', properties: { m: { type: 'object', patternProperties: { '^x': { type: 'string' } } } } },
        '$.properties.m',
        'patternProperties',
      ],
      [{ type: 'object', properties: { n: { not: { type: 'null' } } } }, '$.properties.n', 'not'],
      [{ type: 'object', properties: { v: { enum: [{ a: 1 }] } } }, '$.properties.v', 'enum'],
      [{ type: 'object', properties: { v: { description: 'anything' } } }, '$.properties.v', 'type'],
      [
        {
          type: 'object',
          properties: { tree: { $ref: '#/$defs/Node' } },
          $defs: { Node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
        },
        '$.properties.tree',
        '$ref',
      ],
    ] as Array<[JsonSchema, string, string]>)('refuses what constrained decoding cannot take: %j', (schema, path, keyword) => {
      expect(refusal(() => strict(schema))).toMatchObject({ provider: 'anthropic', toolName: 'lookup', path, keyword });
    });
  });
});
