import type { JsonSchema } from '@toolcraft/core';
import Ajv from 'ajv';
import { StrictSchemaError, toStrictSchema } from '../src/index';

function strictErrorOf(schema: unknown): StrictSchemaError {
  try {
    toStrictSchema(schema as JsonSchema, 'broken_tool');
  } catch (error) {
    if (StrictSchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a StrictSchemaError');
}

describe('toStrictSchema', () => {
  it('lists every property in required, makes optional ones nullable and closes the object', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
      required: ['city'],
    };
    expect(toStrictSchema(schema, 'forecast')).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: ['integer', 'null'], minimum: 1 } },
      required: ['city', 'days'],
      additionalProperties: false,
    });
  });

  it('applies the rules recursively: nested objects, array items, anyOf branches and $defs', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: {
          address: { type: 'object', properties: { street: { type: 'string' }, zip: { type: 'string' } }, required: ['street'] },
          tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } },
          target: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }] },
        },
        required: ['address', 'tags', 'target'],
        $defs: { Point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x'] } },
      },
      'nested',
    );
    expect(strict.properties?.['address']).toMatchObject({
      required: ['street', 'zip'],
      additionalProperties: false,
      properties: { zip: { type: ['string', 'null'] } },
    });
    expect(strict.properties?.['tags']).toMatchObject({
      items: { required: ['label'], additionalProperties: false, properties: { label: { type: ['string', 'null'] } } },
    });
    expect(strict.properties?.['target']).toMatchObject({ anyOf: [{}, { required: ['name'], additionalProperties: false }] });
    expect(strict.$defs?.['Point']).toMatchObject({
      required: ['x', 'y'],
      additionalProperties: false,
      properties: { y: { type: ['number', 'null'] } },
    });
  });

  it('makes optional schemas without a type nullable with anyOf, and extends an existing anyOf', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: {
          point: { $ref: '#/$defs/Point' },
          id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          mode: { const: 'fast' },
        },
        $defs: { Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      },
      'untyped',
    );
    expect(strict.properties).toEqual({
      point: { anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] },
      id: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      mode: { anyOf: [{ const: 'fast' }, { type: 'null' }] },
    });
  });

  it('never adds null twice and adds it to an enum too', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: {
          note: { type: ['string', 'null'] },
          choice: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          unit: { type: 'string', enum: ['c', 'f'] },
          level: { enum: [1, 2] },
        },
      },
      'nullables',
    );
    expect(strict.properties).toEqual({
      note: { type: ['string', 'null'] },
      choice: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
      level: { enum: [1, 2, null] },
    });
  });

  it('moves constraints strict mode cannot enforce into the description and keeps the supported ones', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The user name', minLength: 3, maxLength: 20, pattern: '^[a-z]+$' },
          site: { type: 'string', format: 'uri' },
          when: { type: 'string', format: 'date-time' },
          ids: { type: 'array', items: { type: 'integer' }, uniqueItems: true, minItems: 1 },
          size: { type: 'integer', default: 10, maximum: 100 },
        },
        required: ['name', 'site', 'when', 'ids', 'size'],
      },
      'constraints',
    );
    expect(strict.properties).toEqual({
      name: { type: 'string', description: 'The user name (at least 3 characters; at most 20 characters)', pattern: '^[a-z]+$' },
      site: { type: 'string', description: 'Format: uri' },
      when: { type: 'string', format: 'date-time' },
      ids: { type: 'array', items: { type: 'integer' }, minItems: 1, description: 'Items must be unique' },
      size: { type: 'integer', maximum: 100, description: 'Default: 10' },
    });
  });

  it('moves a $ref with sibling keywords into anyOf, which strict mode allows beside them', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: { origin: { $ref: '#/$defs/Point', description: 'Start' } },
        $defs: { Point: { type: 'object', description: 'A point', properties: { x: { type: 'number' } }, required: ['x'] } },
      },
      'refs',
    );
    expect(strict.properties?.['origin']).toEqual({ description: 'Start', anyOf: [{ $ref: '#/$defs/Point' }, { type: 'null' }] });
  });

  it('converts a recursive type whose self-references carry descriptions, without expanding it', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: { root: { $ref: '#/$defs/Node' } },
        required: ['root'],
        $defs: {
          Node: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              parent: { $ref: '#/$defs/Node', description: 'The parent node, if any.' },
              children: { type: 'array', items: { $ref: '#/$defs/Node', description: 'A child' } },
            },
            required: ['name', 'children'],
          },
        },
      },
      'tree',
    );
    const node = strict.$defs?.['Node'];
    expect(typeof node === 'object' && node.properties?.['parent']).toEqual({
      description: 'The parent node, if any.',
      anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }],
    });
    expect(typeof node === 'object' && node.required).toEqual(['name', 'parent', 'children']);
  });

  it('merges an allOf of a $ref and outer properties, keeping the referenced properties', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        allOf: [{ $ref: '#/$defs/Base' }],
        properties: { extra: { type: 'string' } },
        required: ['extra'],
        $defs: { Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
      },
      'extended',
    );
    expect(strict.properties).toEqual({ id: { type: 'string' }, extra: { type: 'string' } });
    expect(strict.required).toEqual(['id', 'extra']);
  });

  it('turns oneOf into anyOf and flattens a single-branch allOf', () => {
    const strict = toStrictSchema(
      {
        type: 'object',
        properties: {
          shape: { oneOf: [{ type: 'string' }, { type: 'number' }] },
          home: { allOf: [{ $ref: '#/$defs/Place' }], description: 'Home' },
        },
        required: ['shape', 'home'],
        $defs: { Place: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      },
      'unions',
    );
    expect(strict.properties).toEqual({
      shape: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      home: { description: 'Home', anyOf: [{ $ref: '#/$defs/Place' }] },
    });
  });

  it('gives a tool without parameters an empty closed object', () => {
    expect(toStrictSchema({ type: 'object' }, 'ping')).toEqual({
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    });
  });

  it('does not modify the input and returns the same result for the same schema object', () => {
    const schema: JsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    const copy = structuredClone(schema);
    const first = toStrictSchema(schema, 'a');
    expect(schema).toEqual(copy);
    expect(toStrictSchema(schema, 'a')).toBe(first);
  });

  it('accepts null for an optional argument and still rejects extra keys', () => {
    const strict = toStrictSchema(
      { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] },
      'weather',
    );
    const validate = new Ajv({ strict: false }).compile(strict);
    expect(validate({ city: 'Paris', unit: null })).toBe(true);
    expect(validate({ city: 'Paris' })).toBe(false);
    expect(validate({ city: 'Paris', unit: null, extra: 1 })).toBe(false);
  });

  describe('reports schemas that cannot be strict with StrictSchemaError', () => {
    it.each<[string, unknown, string, RegExp]>([
      [
        'a Record (additionalProperties schema)',
        { type: 'object', properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } } },
        '$.labels',
        /free-form `additionalProperties`/,
      ],
      [
        'additionalProperties: true',
        { type: 'object', properties: {}, additionalProperties: true },
        '$',
        /free-form `additionalProperties`/,
      ],
      [
        'a free-form nested object',
        { type: 'object', properties: { items: { type: 'array', items: { type: 'object' } } } },
        '$.items[*]',
        /without declared `properties`/,
      ],
      ['a root that is not an object', { type: 'array', items: { type: 'string' } }, '$', /root must be an object/],
      ['a root union', { anyOf: [{ type: 'object', properties: {} }] }, '$', /not a union/],
      ['an unsupported keyword', { type: 'object', properties: { a: { type: 'string', not: { const: 'x' } } } }, '$.a', /keyword 'not'/],
      [
        'allOf branches of different types',
        { type: 'object', properties: { a: { allOf: [{ type: 'string' }, { type: 'number' }] } } },
        '$.a.allOf[1]',
        /different types/,
      ],
      [
        'a schema without a type',
        { type: 'object', properties: { anything: { description: 'any value' } } },
        '$.anything',
        /without a type/,
      ],
      ['an array without items', { type: 'object', properties: { list: { type: 'array' } } }, '$.list', /without `items`/],
      ['an external $ref', { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } }, '$.a', /not a local reference/],
      ['a required property that is not declared', { type: 'object', properties: {}, required: ['ghost'] }, '$', /'ghost'/],
    ])('%s', (_, schema, path, reason) => {
      const error = strictErrorOf(schema);
      expect(error).toMatchObject({ name: 'StrictSchemaError', toolName: 'broken_tool', path });
      expect(error.reason).toMatch(reason);
      expect(error.message).toContain("Tool 'broken_tool'");
      expect(error.message).toContain(path);
    });
  });
});
