import 'reflect-metadata';
import { Exclude } from 'class-transformer';
import { defaultFormat, markdown, ToolResult } from '../src/index.js';

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
});

describe('markdown', () => {
  it('builds headings, lines, bold, italic, code, lists and code blocks', () => {
    const text = markdown((b) =>
      b
        .heading('Report', 2)
        .line(`${b.bold('File')}: ${b.code('a.ts')} ${b.italic('changed')}`)
        .bulleted(['one', 'two'])
        .numbered(['first'])
        .codeBlock('x = 1', 'ts'),
    );
    expect(text).toBe(['## Report', '**File**: `a.ts` *changed*', '- one', '- two', '1. first', '```ts', 'x = 1', '```'].join('\n'));
  });
});
