import { readParameterNames } from '../src/methods/parameter-names.js';
import { InvalidToolDefinitionError } from '../src/index.js';

class Samples {
  fetchPage(url = 'https://example.com', maxChars = 1000): string {
    return url + maxChars;
  }

  tricky(
    a: string /* ) , b */,
    b = `a // b ${'(' + ')'}`,
    c = /\)[,/]*/g,
    d: number = Math.max(1, (2 + 3) * 4),
    // e, f
    e = '/* not a comment',
    { f }: { f: number } = { f: 1 },
    [g]: number[] = [],
    ...rest: string[]
  ): string {
    return a + b + String(c) + d + e + f + g + rest.join('');
  }

  literals(negative = -2.5, yes = true, plain = `text`, none = null, computed = 1 + 1): string {
    return `${negative}${yes}${plain}${none}${computed}`;
  }

  async *stream(from: number, to = 3): AsyncGenerator<number> {
    yield from + to;
  }

  ['computed' + 'Name'](first: string): string {
    return first;
  }

  static version(major: number, minor = 0): string {
    return `${major}.${minor}`;
  }
}

const method = (name: string) => (Samples.prototype as unknown as Record<string, (...args: never[]) => unknown>)[name]!;
const names = (fn: (...args: never[]) => unknown) => readParameterNames(fn).map((parameter) => parameter.name);

describe('readParameterNames', () => {
  it('reads both parameters of fetchPage(url = "https://example.com", maxChars = 1000), with their defaults', () => {
    expect(readParameterNames(method('fetchPage'))).toEqual([
      { name: 'url', hasDefault: true, unnamed: false, defaultValue: 'https://example.com' },
      { name: 'maxChars', hasDefault: true, unnamed: false, defaultValue: 1000 },
    ]);
  });

  it('is not misled by comments, template literals, regular expressions, nested parentheses or comment-like strings', () => {
    const parameters = readParameterNames(method('tricky'));
    expect(parameters.map((parameter) => parameter.name)).toEqual(['a', 'b', 'c', 'd', 'e', '{ f }', '[g]', '...rest']);
    expect(parameters.map((parameter) => parameter.hasDefault)).toEqual([false, true, true, true, true, true, true, false]);
    expect(parameters.find((parameter) => parameter.name === 'e')?.defaultValue).toBe('/* not a comment');
  });

  it('marks destructuring patterns and rest parameters as unnamed', () => {
    const unnamed = readParameterNames(method('tricky')).filter((parameter) => parameter.unnamed);
    expect(unnamed.map((parameter) => parameter.name)).toEqual(['{ f }', '[g]', '...rest']);
  });

  it('keeps only JSON primitive literals as default values', () => {
    expect(readParameterNames(method('literals')).map((parameter) => parameter.defaultValue)).toEqual([
      -2.5,
      true,
      'text',
      undefined,
      undefined,
    ]);
  });

  it('reads async generator, computed-name and static methods, functions and arrow functions', () => {
    expect(names(method('stream'))).toEqual(['from', 'to']);
    expect(names(method('computedName'))).toEqual(['first']);
    expect(names(Samples.version)).toEqual(['major', 'minor']);
    expect(
      names(function add(x: number, y: number) {
        return x + y;
      }),
    ).toEqual(['x', 'y']);
    expect(names(async (only: string) => only)).toEqual(['only']);
    expect(names(((single: string) => single) as (...args: never[]) => unknown)).toEqual(['single']);
  });

  it('refuses a bound function, whose source has no parameters to read, with InvalidToolDefinitionError', () => {
    expect(() => readParameterNames(Samples.version.bind(Samples), 'Samples.version')).toThrow(InvalidToolDefinitionError);
    expect(() => readParameterNames(Samples.version.bind(Samples), 'Samples.version')).toThrow(/bound or native function/);
  });
});
