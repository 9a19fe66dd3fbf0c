import Ajv from 'ajv';
import { entry } from './support/fixtures';

// Each run builds a TypeScript program: seconds on a busy machine.
jest.setTimeout(60_000);

describe('generateToolSchemas and intersection types', () => {
  it('merges an intersection of object types into one object schema: properties merged, required unioned', () => {
    expect(entry('RecursiveRecordsService.tag').inputSchema.properties?.entity).toEqual({
      type: 'object',
      description: 'An intersection of two object types.',
      properties: { id: { type: 'string' }, note: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['id', 'tags'],
    });
  });

  it('validates the merged schema as the intersection', () => {
    const validate = new Ajv({ strict: false }).compile(entry('RecursiveRecordsService.tag').inputSchema);
    expect(validate({ entity: { id: 'a', tags: [] } })).toBe(true);
    expect(validate({ entity: { id: 'a' } })).toBe(false);
  });
});
