import { compileArgumentCleaner } from '../src/decoding/argument-cleaner.js';
import { compileArgsDecoder } from '../src/decoding/compile-args-decoder.js';
import { defaultArgumentLimits, type JsonSchema } from '../src/index.js';

// A recursive type as the schema generator and OpenAI's strict mode write it: optional properties
// required and nullable, inside $defs.
const tree: JsonSchema = {
  type: 'object',
  properties: { root: { $ref: '#/$defs/TreeNode' }, label: { type: 'string' } },
  required: ['root'],
  $defs: {
    TreeNode: {
      type: 'object',
      properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } } },
      required: ['value'],
    },
  },
};

describe('compileArgumentCleaner', () => {
  it('drops null optional properties and undeclared ones through recursive $refs', () => {
    const clean = compileArgumentCleaner(tree);
    const input = { root: { value: 'a', junk: 1, children: [{ value: 'b', children: null }] }, label: null };
    expect(clean(input)).toEqual({ root: { value: 'a', children: [{ value: 'b' }] } });
    expect(input.root.junk).toBe(1);
  });

  it('follows the non-null branch of a nullable anyOf and the branches of an allOf', () => {
    const clean = compileArgumentCleaner({
      type: 'object',
      properties: {
        maybe: { anyOf: [{ type: 'object', properties: { x: { type: 'number' } } }, { type: 'null' }] },
        both: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
      },
    });
    expect(clean({ maybe: { x: null, y: 2 }, both: { a: 'a', b: null } })).toEqual({ maybe: {}, both: { a: 'a' } });
  });

  it('cleans the values of a record (schema-valued additionalProperties), keeping their keys', () => {
    const clean = compileArgumentCleaner({
      type: 'object',
      properties: { byName: { type: 'object', additionalProperties: { type: 'object', properties: { x: { type: 'number' } } } } },
    });
    expect(clean({ byName: { k: { x: 1, junk: null } } })).toEqual({ byName: { k: { x: 1 } } });
  });

  it('keeps null where the schema allows it and returns the same object when nothing changes', () => {
    const clean = compileArgumentCleaner({ type: 'object', properties: { note: { type: ['string', 'null'] } } });
    const input = { note: null };
    expect(clean(input, { copy: false, sink: [] })).toBe(input);
  });

  it('drops every key of an object schema that declares no property, and keeps an empty one as it is', () => {
    const clean = compileArgumentCleaner({ type: 'object', properties: {} });
    expect(clean({ a: 1 }, { copy: false, sink: [] })).toEqual({});
    const empty = {};
    expect(clean(empty, { copy: false, sink: [] })).toBe(empty);
  });
});

describe('compileArgumentCleaner with properties declared in subschemas', () => {
  const d2020 = 'https://json-schema.org/draft/2020-12/schema';

  it('keeps keys declared by if/then/else, dependentSchemas or matched by patternProperties, and still drops the undeclared', () => {
    const conditional = compileArgumentCleaner({
      type: 'object',
      properties: { kind: { type: 'string' } },
      if: { properties: { kind: { const: 'a' } } },
      then: { properties: { extra: { type: 'string' } }, required: ['extra'] },
      else: { properties: { other: { type: 'string' } } },
    });
    expect(conditional({ kind: 'a', extra: 's', other: 'o', junk: 1 })).toEqual({ kind: 'a', extra: 's', other: 'o' });
    const dependent = compileArgumentCleaner({
      $schema: d2020,
      type: 'object',
      properties: { card: { type: 'string' } },
      dependentSchemas: { card: { properties: { cvv: { type: 'string' } }, required: ['cvv'] } },
    });
    expect(dependent({ card: '4111', cvv: '123', junk: 1 })).toEqual({ card: '4111', cvv: '123' });
    const patterned = compileArgumentCleaner({
      type: 'object',
      properties: { a: { type: 'string' } },
      patternProperties: { '^x-': { type: 'number' } },
    });
    expect(patterned({ a: 's', 'x-rate': 1, junk: 1 })).toEqual({ a: 's', 'x-rate': 1 });
  });

  it('cleans 2020-12 prefixItems by their own schemas, items only after the prefix (draft-07 item lists too)', () => {
    const pair = compileArgumentCleaner({
      $schema: d2020,
      type: 'object',
      properties: {
        pair: {
          type: 'array',
          prefixItems: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }],
          items: { type: 'object', properties: { x: { type: 'number' } } },
        },
      },
    });
    expect(
      pair({
        pair: [
          { a: 's', x: 9 },
          { x: 1, a: 'dropped' },
        ],
      }),
    ).toEqual({ pair: [{ a: 's' }, { x: 1 }] });
    const tuple = compileArgumentCleaner({
      type: 'object',
      properties: { t: { type: 'array', items: [{ type: 'object', properties: { a: { type: 'string' } } }] as unknown as JsonSchema } },
    });
    expect(tuple({ t: [{ a: 's', b: 1 }, { b: 2 }] })).toEqual({ t: [{ a: 's' }, { b: 2 }] });
  });

  it('lets the validator see what the shown schema declares: an if/then argument is accepted when valid, refused when not', () => {
    const decoder = compileArgsDecoder(
      {
        schema: {
          type: 'object',
          properties: { kind: { type: 'string' } },
          required: ['kind'],
          if: { properties: { kind: { const: 'a' } } },
          then: { properties: { extra: { type: 'string' } }, required: ['extra'] },
        },
      },
      'conditional',
    );
    expect(decoder.decode('{"kind":"a","extra":"s"}', defaultArgumentLimits)).toEqual({ ok: true, value: { kind: 'a', extra: 's' } });
    expect(decoder.decode('{"kind":"a","extra":1}', defaultArgumentLimits).ok).toBe(false);
  });
});
