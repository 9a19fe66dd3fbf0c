import { ToolcraftError, ToolNotFoundError } from '@toolcraft/core';
import { StrictSchemaError } from '../src/index';

describe('StrictSchemaError', () => {
  it('has a fixed name and its own marker, recognised by isInstance and by no other class', () => {
    class a extends StrictSchemaError {}
    const error = new a('lookup', '$.when', 'format is not supported');

    expect(error.name).toBe('StrictSchemaError');
    expect(StrictSchemaError.isInstance(error)).toBe(true);
    expect(ToolcraftError.isInstance(error)).toBe(true);
    expect(ToolcraftError.hasMarker(error, Symbol.for('toolcraft.error.StrictSchemaError'))).toBe(true);
    expect(ToolNotFoundError.isInstance(error)).toBe(false);
    expect(StrictSchemaError.isInstance(Object.assign(new Error('x'), { name: 'StrictSchemaError' }))).toBe(false);
  });
});
