import { ProviderSchemaError, ToolcraftError, ToolNotFoundError } from '@toolcraft/core';
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

  it("is core's ProviderSchemaError for provider openai, so either catch works, keeping its own fields and message", () => {
    const error = new StrictSchemaError('tag', '$.labels', 'a map cannot be strict', 'additionalProperties');
    expect(error).toBeInstanceOf(ProviderSchemaError);
    expect(ProviderSchemaError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'StrictSchemaError',
      provider: 'openai',
      toolName: 'tag',
      path: '$.labels',
      keyword: 'additionalProperties',
      reason: 'a map cannot be strict',
    });
    expect(error.message).toBe(
      "Tool 'tag' cannot use OpenAI strict mode: at $.labels, a map cannot be strict. Change the tool's input schema or convert it with { strict: false }.",
    );
    expect(
      ProviderSchemaError.isInstance(new ProviderSchemaError({ provider: 'openai', toolName: 't', path: '$', keyword: 'type', hint: 'h' })),
    ).toBe(true);
    expect(
      StrictSchemaError.isInstance(new ProviderSchemaError({ provider: 'openai', toolName: 't', path: '$', keyword: 'type', hint: 'h' })),
    ).toBe(false);
  });
});
