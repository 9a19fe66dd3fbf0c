import { compileArgumentCleaner } from '../src/decoding/argument-cleaner.js';
import type { JsonSchema } from '../src/index.js';

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
