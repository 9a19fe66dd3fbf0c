import 'reflect-metadata';
import { runInNewContext } from 'node:vm';
import { Exclude } from 'class-transformer';
import { defaultFormat, SafeTool, Tool, ToolResult } from '../src/index.js';

class Account {
  name = 'ada';
  @Exclude() password = 'secret';
}

describe('defaultFormat', () => {
  it('sends strings as they are and numbers and booleans as JSON', () => {
    expect(defaultFormat('plain text')).toBe('plain text');
    expect(defaultFormat(7)).toBe('7');
    expect(defaultFormat(false)).toBe('false');
  });

  it('uses textForLLM() for a TextSerializable result', () => {
    expect(defaultFormat({ textForLLM: () => 'custom' })).toBe('custom');
    expect(defaultFormat(new ToolResult.Text('hi'))).toBe('hi');
  });

  it("sends other values through class-transformer's instanceToPlain and JSON, honouring @Exclude", () => {
    expect(defaultFormat(new Account())).toBe('{"name":"ada"}');
    expect(defaultFormat([1, { a: 2 }])).toBe('[1,{"a":2}]');
  });

  it('sends an Error returned as a result as its name and message', () => {
    expect(defaultFormat(new RangeError('bad digit'))).toBe('RangeError: bad digit');
    class QuotaError extends Error {
      override name = 'QuotaError';
    }
    expect(defaultFormat(new QuotaError('over quota'))).toBe('QuotaError: over quota');
    expect(defaultFormat(new Error(''))).toBe('Error');
  });

  it('sends an Error of another realm as its name and message too', () => {
    const foreign = runInNewContext("new TypeError('from a vm')") as unknown;
    expect(foreign instanceof Error).toBe(false);
    expect(defaultFormat(foreign)).toBe('TypeError: from a vm');
  });

  it('sends an Error a tool returns as its name and message, as a successful result', async () => {
    class ParseTool extends Tool<{ text: string }, RangeError | number> {
      constructor() {
        super({ name: 'parse', description: 'Parses a digit.', argsType: { type: 'object', properties: { text: { type: 'string' } } } });
      }
      execute(args: { text: string }): RangeError | number {
        return /^\d$/.test(args.text) ? Number(args.text) : new RangeError('bad digit');
      }
    }
    expect(await SafeTool.of(new ParseTool()).execute({ text: 'x' })).toMatchObject({ ok: true, content: 'RangeError: bad digit' });
  });

  it('still sends a plain object with name and message fields as JSON', () => {
    expect(defaultFormat({ name: 'Bob', message: 'hi' })).toBe('{"name":"Bob","message":"hi"}');
  });
});
