// How the docs' snippet test reads Markdown (support/markdown-snippets.js): which blocks, which
// markers, which files. Plain files in a temporary folder; nothing is packed or compiled.
const { mkdirSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const { documentationFiles, snippetFigure, snippetsOf } = require('./support/markdown-snippets');

describe('snippetsOf', () => {
  let folder;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'toolcraft-markdown-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  const read = (text) => {
    writeFileSync(join(folder, 'page.md'), text);
    return snippetsOf(folder, 'page.md');
  };

  it('reads ts and typescript blocks with the line of their fence, and ignores other languages', () => {
    const text = [
      '# Page',
      '',
      '```ts',
      'const a = 1;',
      '```',
      '',
      '```sh',
      'npm test',
      '```',
      '',
      '```typescript',
      'const b = 2;',
      '```',
    ].join('\n');
    expect(read(text)).toEqual([
      { markdown: 'page.md', line: 3, mode: 'run', name: 'line-3.ts', source: 'const a = 1;\n' },
      { markdown: 'page.md', line: 11, mode: 'run', name: 'line-11.ts', source: 'const b = 2;\n' },
    ]);
  });

  it('takes the mode and the name from the marker on the line before, blank lines between allowed', () => {
    const text = [
      '<!-- snippet: compile-only file=tools.ts -->',
      '',
      '```ts',
      'export {};',
      '```',
      '<!-- snippet: skip -->',
      '```ts',
      'x',
      '```',
    ];
    expect(read(text.join('\n')).map(({ mode, name }) => [mode, name])).toEqual([
      ['compile-only', 'tools.ts'],
      ['skip', 'line-7.ts'],
    ]);
  });

  it('removes the indentation of a block inside a list item', () => {
    const text = [
      '- an item:',
      '',
      '  <!-- snippet: expect-error -->',
      '  ```ts',
      '  const a: number = "x";',
      '    nested();',
      '  ```',
    ].join('\n');
    expect(read(text)).toEqual([
      { markdown: 'page.md', line: 4, mode: 'expect-error', name: 'line-4.ts', source: 'const a: number = "x";\n  nested();\n' },
    ]);
  });

  it('does not take an inline ```` ```json ```` in prose for a fence', () => {
    const text = ['A fenced', '```` ```json ```` block is tolerated.', '', '```ts', 'const a = 1;', '```'].join('\n');
    expect(read(text).map(({ line }) => line)).toEqual([4]);
  });

  it('refuses an unknown marker word, naming the file, the line and the words allowed', () => {
    expect(() => read('<!-- snippet: compile_only -->\n```ts\nx\n```\n')).toThrow(
      "page.md:2: unknown snippet marker word 'compile_only'; expected one of run, compile-only, skip, expect-error and optionally file=<name>.ts.",
    );
  });

  it('refuses a block that is never closed and two blocks with one name', () => {
    expect(() => read('```ts\nconst a = 1;\n')).toThrow('page.md:1: the code block is never closed.');
    expect(() => read('<!-- snippet: file=a.ts -->\n```ts\n```\n<!-- snippet: file=a.ts -->\n```ts\n```\n')).toThrow(
      'page.md:5: a second snippet named a.ts in page.md.',
    );
  });
});

describe('documentationFiles', () => {
  it('lists the root README, the packages’ READMEs and the pages under docs/, leaving out generated folders', () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolcraft-markdown-'));
    try {
      for (const file of [
        'README.md',
        'packages/b/README.md',
        'packages/a/README.md',
        'packages/a/CHANGELOG.md',
        'docs/guide/tools.md',
        'docs/index.md',
        'docs/dist/index.md',
        'docs/node_modules/x/README.md',
      ]) {
        mkdirSync(dirname(join(folder, file)), { recursive: true });
        writeFileSync(join(folder, file), '# x\n');
      }
      expect(documentationFiles(folder)).toEqual([
        'README.md',
        'packages/a/README.md',
        'packages/b/README.md',
        'docs/guide/tools.md',
        'docs/index.md',
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('snippetFigure', () => {
  it('counts per file the blocks found, compiled (all but skipped), run and skipped, with a total', () => {
    const block = (markdown, mode) => ({ markdown, mode });
    const figure = snippetFigure([
      block('a.md', 'run'),
      block('a.md', 'skip'),
      block('b.md', 'compile-only'),
      block('b.md', 'expect-error'),
    ]);
    expect(figure.split('\n').map((line) => line.trim().split(/\s+/))).toEqual([
      ['file', 'found', 'compiled', 'run', 'skipped'],
      ['a.md', '2', '1', '1', '1'],
      ['b.md', '2', '2', '0', '0'],
      ['total', '4', '3', '1', '1'],
    ]);
  });
});
