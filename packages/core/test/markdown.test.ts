import { markdown, type MarkdownBuilder } from '../src/index.js';

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

  it("builds a line from inline pieces, as Koog's line { bold(...).text(...) }", () => {
    expect(markdown((b) => b.line((l) => l.bold('Successfully').text(' edited file')))).toBe('**Successfully** edited file');
    expect(
      markdown((b) => b.line((l) => l.italic('note').text(': run ').code('npm test').text(' or see ').link('docs', 'https://x.dev'))),
    ).toBe('*note*: run `npm test` or see [docs](https://x.dev)');
    expect(markdown((b) => b.line((l) => l.strikethrough('old')))).toBe('~~old~~');
  });

  it('keeps line(text) and an empty line()', () => {
    expect(markdown((b) => b.line('text').line().line('after'))).toBe('text\n\nafter');
  });

  it('builds headings and list items from inline pieces too', () => {
    const text = markdown((b) =>
      b
        .heading((l) => l.text('Edited ').code('a.ts'), 3)
        .bulleted([(l) => l.bold('one'), 'two'])
        .numbered([(l) => l.text('first ').italic('step')]),
    );
    expect(text).toBe(['### Edited `a.ts`', '- **one**', '- two', '1. first *step*'].join('\n'));
  });

  it('uses the string a line function returns when it adds no pieces', () => {
    expect(markdown((b) => b.line(() => 'plain'))).toBe('plain');
  });

  it('never puts the source of a function into the text', () => {
    const text = markdown((b) =>
      b.line(function secret() {
        return undefined;
      }),
    );
    expect(text).toBe('');
    const bold = (b: MarkdownBuilder): unknown => (b.bold as (value: unknown) => string)(() => 'x');
    expect(() => markdown(bold)).toThrow(/bold\(\) takes text, got function/);
    expect(() => markdown((b) => b.line({} as unknown as string))).toThrow(TypeError);
  });

  it('fences code with more backticks than it contains', () => {
    expect(markdown((b) => b.line((l) => l.code('a ` b')))).toBe('``a ` b``');
    expect(markdown((b) => b.codeBlock('```\nnested\n````'))).toBe(['`````', '```\nnested\n````', '`````'].join('\n'));
  });

  it("builds headings with h1 to h6, as Koog's builder does", () => {
    expect(
      markdown((b) =>
        b
          .h1('Title')
          .h2('a')
          .h3((l) => l.code('b'))
          .h4('c')
          .h5('d')
          .h6('e'),
      ),
    ).toBe('# Title\n## a\n### `b`\n#### c\n##### d\n###### e');
  });

  it('clamps heading levels to 1-6', () => {
    expect(markdown((b) => b.heading('a', 0).heading('b', 9))).toBe('# a\n###### b');
  });

  it('refuses a builder that is not a function, saying what it takes', () => {
    expect(() => markdown('text' as never)).toThrow(/markdown\(\) takes a function of the builder/);
  });
});
