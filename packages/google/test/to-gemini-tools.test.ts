import 'reflect-metadata';
import { ProviderSchemaError, ToolRegistry, type JsonSchema, type ToolDefinition } from '@toolcraft/core';
import { z } from 'zod';
import { toGeminiParameters, toGeminiResponseSchema, toGeminiTools } from '../src';
import { GreetTool, OrderTool } from './support/test-tools';

function parametersOf(schema: JsonSchema): unknown {
  return toGeminiParameters(schema, 'probe');
}

function refusal(schema: JsonSchema): ProviderSchemaError {
  try {
    toGeminiParameters(schema, 'probe');
  } catch (error) {
    if (ProviderSchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`the schema was not refused: ${JSON.stringify(schema)}`);
}

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}): JsonSchema =>
  ({ type: 'object', properties, ...extra }) as JsonSchema;

describe('toGeminiTools', () => {
  it("converts a registry to one Tool of function declarations, each Args class's schema in Gemini's Schema", () => {
    const tools = toGeminiTools(ToolRegistry.of(new OrderTool(), new GreetTool()));

    expect(tools).toHaveLength(1);
    const [order, greet] = tools[0].functionDeclarations ?? [];
    expect(order).toEqual({
      name: 'order',
      description: 'Places an order.',
      parameters: {
        type: 'OBJECT',
        properties: {
          quantity: { type: 'INTEGER', description: 'How many to order', minimum: 1, maximum: 10 },
          email: { type: 'STRING', format: 'email', description: 'Who to send the receipt to' },
          speed: { type: 'STRING', description: 'How fast', enum: ['standard', 'express'] },
          address: {
            type: 'OBJECT',
            description: 'Where to deliver',
            properties: { street: { type: 'STRING', description: 'The street and number', minLength: '1', maxLength: '80' } },
            required: ['street'],
          },
          notes: { type: 'ARRAY', description: 'Gift notes', items: { type: 'STRING' }, maxItems: '3' },
          discount: { type: 'NUMBER', description: 'A discount in percent', minimum: 0, maximum: 50 },
        },
        required: ['quantity', 'email', 'speed', 'address'],
      },
    });
    expect(greet.parameters?.required).toEqual(['name']);
  });

  it('accepts plain definitions, and leaves out the parameters of a tool that takes none (Gemini rejects an OBJECT without properties)', () => {
    const definitions: ToolDefinition[] = [
      { name: 'now', description: 'The time.', inputSchema: { type: 'object', properties: {}, additionalProperties: false } },
    ];
    expect(toGeminiTools(definitions)).toEqual([{ functionDeclarations: [{ name: 'now', description: 'The time.' }] }]);
    expect(toGeminiTools([])).toEqual([]);
  });

  it('converts once per registry but returns fresh objects each time, which the SDK may write into', () => {
    const registry = ToolRegistry.of(new GreetTool());
    const first = toGeminiTools(registry);
    const second = toGeminiTools(registry);

    expect(second).toEqual(first);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0].functionDeclarations?.[0]).not.toBe(first[0].functionDeclarations?.[0]);
    expect(second[0].functionDeclarations?.[0].parameters).toBe(first[0].functionDeclarations?.[0].parameters);
    first[0].functionDeclarations![0].parameters = undefined;
    expect(toGeminiTools(registry)[0].functionDeclarations?.[0].parameters).toBeDefined();
  });

  it('refuses a tool name Gemini rejects, naming the tool and the keyword', () => {
    const error = (() => {
      try {
        return toGeminiTools([{ name: '1st', description: 'x', inputSchema: { type: 'object' } }]);
      } catch (thrown) {
        return thrown;
      }
    })() as ProviderSchemaError;
    expect(ProviderSchemaError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'google', toolName: '1st', path: '$', keyword: 'name' });
  });
});

describe('toGeminiParameters: lossless conversions', () => {
  it('inlines local $refs, the description beside a $ref winning', () => {
    const schema = object(
      { home: { $ref: '#/$defs/Place', description: 'Where I live' }, work: { $ref: '#/$defs/Place' } },
      { $defs: { Place: { type: 'object', description: 'A place', properties: { city: { type: 'string' } }, required: ['city'] } } },
    );
    expect(parametersOf(schema)).toEqual({
      type: 'OBJECT',
      properties: {
        home: { type: 'OBJECT', description: 'Where I live', properties: { city: { type: 'STRING' } }, required: ['city'] },
        work: { type: 'OBJECT', description: 'A place', properties: { city: { type: 'STRING' } }, required: ['city'] },
      },
    });
  });

  it('turns const into a one-value enum, numeric enums into the documented format enum, and null into nullable', () => {
    const schema = object({
      kind: { const: 'circle' },
      size: { type: 'integer', enum: [1, 2, 3] },
      ratio: { enum: [0.5, 1.5] },
      colour: { type: ['string', 'null'], enum: ['red', 'blue', null] },
    });
    expect(parametersOf(schema)).toEqual({
      type: 'OBJECT',
      properties: {
        kind: { type: 'STRING', enum: ['circle'] },
        size: { type: 'INTEGER', format: 'enum', enum: ['1', '2', '3'] },
        ratio: { type: 'NUMBER', format: 'enum', enum: ['0.5', '1.5'] },
        colour: { type: 'STRING', nullable: true, enum: ['red', 'blue'] },
      },
    });
  });

  it('maps the nullable forms: a type list with null, and anyOf with a null branch', () => {
    const schema = object({
      a: { type: ['number', 'null'], minimum: 0 },
      b: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }], description: 'B' },
      c: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      d: { type: ['string', 'integer'], description: 'D' },
    });
    expect(parametersOf(schema)).toEqual({
      type: 'OBJECT',
      properties: {
        a: { type: 'NUMBER', nullable: true, minimum: 0 },
        b: { type: 'STRING', maxLength: '5', description: 'B', nullable: true },
        c: { nullable: true, anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] },
        d: { description: 'D', anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }] },
      },
    });
  });

  it("converts zod's output: $schema dropped, additionalProperties: false dropped, a discriminated union's oneOf sent as anyOf", () => {
    const schema = z.toJSONSchema(
      z.object({
        shape: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('circle'), r: z.number() }),
          z.object({ kind: z.literal('square') }),
        ]),
        label: z.string().optional(),
      }),
    ) as JsonSchema;
    expect(parametersOf(schema)).toEqual({
      type: 'OBJECT',
      properties: {
        shape: {
          anyOf: [
            { type: 'OBJECT', properties: { kind: { type: 'STRING', enum: ['circle'] }, r: { type: 'NUMBER' } }, required: ['kind', 'r'] },
            { type: 'OBJECT', properties: { kind: { type: 'STRING', enum: ['square'] } }, required: ['kind'] },
          ],
        },
        label: { type: 'STRING' },
      },
      required: ['shape'],
    });
  });

  it('merges allOf branches that agree, and turns exclusive integer bounds into inclusive ones', () => {
    const schema = object(
      { n: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 } },
      { allOf: [{ properties: { m: { type: 'string' } }, required: ['m'] }], required: ['n'] },
    );
    expect(parametersOf(schema)).toEqual({
      type: 'OBJECT',
      properties: { n: { type: 'INTEGER', minimum: 1, maximum: 9 }, m: { type: 'STRING' } },
      required: ['m', 'n'],
    });
  });

  it('keeps titles, defaults, patterns, formats and counts, and describes examples and deprecation in the description', () => {
    const schema = object({
      code: {
        type: 'string',
        title: 'Code',
        pattern: '^[A-Z]{3}$',
        default: 'ABC',
        examples: ['XYZ'],
        deprecated: true,
        description: 'A code',
      },
      when: { type: 'string', format: 'date-time' },
      tags: { type: 'object', properties: { a: { type: 'string' } }, minProperties: 1, maxProperties: 1 },
    });
    expect(parametersOf(schema)).toEqual({
      type: 'OBJECT',
      properties: {
        code: { type: 'STRING', title: 'Code', pattern: '^[A-Z]{3}$', default: 'ABC', description: 'A code (examples: "XYZ"; deprecated)' },
        when: { type: 'STRING', format: 'date-time' },
        tags: { type: 'OBJECT', properties: { a: { type: 'STRING' } }, minProperties: '1', maxProperties: '1' },
      },
    });
  });

  it('converts a structured output schema of any type at the root', () => {
    expect(toGeminiResponseSchema({ type: 'array', items: { type: 'string' } }, 'names')).toEqual({
      type: 'ARRAY',
      items: { type: 'STRING' },
    });
  });
});

describe('toGeminiParameters: refusals name the tool, the JSON path, the keyword and what to change', () => {
  const cases: Array<[string, JsonSchema, string, string]> = [
    ['uniqueItems', object({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }), '$.properties.tags', 'uniqueItems'],
    [
      'a recursive $ref',
      object(
        { root: { $ref: '#/$defs/Node' } },
        { $defs: { Node: object({ children: { type: 'array', items: { $ref: '#/$defs/Node' } } }) } },
      ),
      '$.properties.root.properties.children.items',
      '$ref',
    ],
    ['a $ref to another document', object({ a: { $ref: 'https://example.com/a.json' } }), '$.properties.a', '$ref'],
    [
      'a typed map',
      object({ scores: { type: 'object', additionalProperties: { type: 'number' } } }),
      '$.properties.scores',
      'additionalProperties',
    ],
    ['a free-form nested object', object({ meta: { type: 'object' } }), '$.properties.meta', 'properties'],
    [
      'patternProperties',
      object({ a: object({}, { patternProperties: { '^x': { type: 'string' } } }) }),
      '$.properties.a',
      'patternProperties',
    ],
    ['a oneOf whose branches overlap', object({ v: { oneOf: [{ type: 'number' }, { type: 'integer' }] } }), '$.properties.v', 'oneOf'],
    ['a boolean enum', object({ flag: { type: 'boolean', enum: [true] } }), '$.properties.flag', 'enum'],
    ['a boolean const', object({ flag: { const: false } }), '$.properties.flag', 'const'],
    [
      'an exclusive bound of a number',
      object({ price: { type: 'number', exclusiveMinimum: 0 } }),
      '$.properties.price',
      'exclusiveMinimum',
    ],
    ['multipleOf', object({ n: { type: 'integer', multipleOf: 5 } }), '$.properties.n', 'multipleOf'],
    ['a null-only type', object({ nothing: { type: 'null' } }), '$.properties.nothing', 'type'],
    ['a schema without a type', object({ anything: { description: 'Any value' } }), '$.properties.anything', 'type'],
    [
      'tuple items',
      object({ pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } as unknown as JsonSchema }),
      '$.properties.pair',
      'items',
    ],
    ['an array without items', object({ list: { type: 'array' } }), '$.properties.list', 'items'],
    ['a keyword beside the wrong type', object({ name: { type: 'string', minimum: 1 } }), '$.properties.name', 'minimum'],
    ['a type beside anyOf', object({ v: { type: 'string', anyOf: [{ minLength: 1 }, { pattern: 'x' }] } }), '$.properties.v', 'type'],
    ['required naming no property', object({ a: { type: 'string' } }, { required: ['b'] }), '$', 'required'],
    ['an unknown keyword', object({ a: { type: 'string', 'x-secret': true } }), '$.properties.a', 'x-secret'],
    [
      'allOf branches that disagree',
      object({ a: { allOf: [{ type: 'string' }, { type: 'integer' }] } }),
      '$.properties.a.allOf[1]',
      'allOf',
    ],
    ['a root that is not an object', { type: 'string' }, '$', 'type'],
    ['a property name with odd characters', object({ 'first name': { type: 'array' } }), '$.properties["first name"]', 'items'],
  ];

  it.each(cases)('refuses %s', (_label, schema, path, keyword) => {
    const error = refusal(schema);
    expect(error).toMatchObject({ provider: 'google', toolName: 'probe', path, keyword });
    expect(error.message).toContain(`Tool 'probe' cannot be sent to google: at ${path}, '${keyword}': `);
  });

  it('says what to change', () => {
    expect(refusal(object({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } })).message).toMatch(
      /Gemini's Schema has no uniqueItems: drop it .* and check uniqueness in the tool/,
    );
  });
});
