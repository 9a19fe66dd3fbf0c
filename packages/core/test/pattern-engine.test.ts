import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { InvalidToolDefinitionError, Tool, type JsonSchema } from '@toolcraft/core';
import { withImportedSchema } from '@toolcraft/core/internal';
import { linearMatcher, ownMatcher } from '../src/decoding/pattern-engine';

const root = join(__dirname, '..', '..', '..');

/** ECMAScript patterns whose meaning RE2's syntax spells differently (`.`, `\s`, `\uXXXX`, `$`...). */
const patterns = [
  '^[a-z]+$',
  '^\\d{2,4}$',
  '^(foo|bar)-\\d$',
  '^.{2}$',
  '^\\p{L}+$',
  '^\\p{Script=Greek}+$',
  '^\\S*$',
  '^\\s+$',
  '[^\\s\\d]',
  '^[\\W]+$',
  '\\bfoo\\b',
  '^[\\u00C0-\\u017F]+$',
  '^\\u{1F600}$',
  '^(?<year>\\d{4})-\\d\\d$',
  '^a*?b$',
  '^x{2,}$',
  '[.]',
  '^\\t\\n\\v\\f\\r$',
  '^\\cJ$',
  '^(a+)+$',
];
const characters = ['a', 'b', '1', ' ', '\n', '\r', '\u00a0', '\u2028', '\ufeff', 'é', 'Ω', '😀', '-', '_', 'x', 'f', 'o', '\t', '\v'];

/** A class tool over a JSON Schema marked imported. */
function importedTool(inputSchema: Record<string, unknown>): Tool<Record<string, unknown>, string> {
  return new (class extends Tool<Record<string, unknown>, string> {
    constructor() {
      super(withImportedSchema({ name: 'imported', description: 'imported', argsType: inputSchema }));
    }
    execute(): Promise<string> {
      return Promise.resolve('');
    }
  })();
}

describe('pattern engine', () => {
  it('matches every pattern as JavaScript does, in linear time', () => {
    for (const pattern of patterns) {
      const native = new RegExp(pattern, 'u');
      const linear = linearMatcher(pattern);
      const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(...characters) }));
      fc.assert(
        fc.property(text, (value) => expect([pattern, value, linear.test(value)]).toEqual([pattern, value, native.test(value)])),
        { numRuns: 300 },
      );
    }
  });

  it('refuses lookaround and backreferences in linear matching, naming what and why', () => {
    expect(() => linearMatcher('^(?=.*\\d).+$')).toThrow(/uses a lookahead \('\(\?='\), which cannot be matched in linear time/);
    expect(() => linearMatcher('(?<!x)y')).toThrow(/uses a negative lookbehind/);
    expect(() => linearMatcher('^(a)\\1$')).toThrow(/uses a backreference \('\\1'\)/);
    expect(() => linearMatcher('a{1001}')).toThrow(/cannot be matched in linear time/);
    expect(() => linearMatcher('(')).toThrow(/is not a valid Unicode regular expression/);
  });

  it("runs an application's own pattern with lookaround on JavaScript's RegExp", () => {
    const matcher = ownMatcher('^(?=.*\\d)[a-z\\d]+$');
    expect([matcher.test('abc1'), matcher.test('abc')]).toEqual([true, false]);
  });

  it('refuses an imported schema whose pattern or patternProperties key cannot run in linear time', () => {
    const lookahead: JsonSchema = { type: 'object', properties: { password: { type: 'string', pattern: '^(?=.*\\d).+$' } } };
    expect(() => importedTool(lookahead)).toThrow(InvalidToolDefinitionError);
    expect(() => importedTool(lookahead)).toThrow(/'imported'.*the pattern "\^\(\?=\.\*\\\\d\)\.\+\$" uses a lookahead/);
    expect(() => importedTool({ type: 'object', patternProperties: { '^(x)\\1$': {} } })).toThrow(/uses a backreference/);
    // The same schema is the application's own: it runs as written.
    expect(
      Tool.declaration({ name: 'own', description: 'own', inputSchema: lookahead }).argsDecoder.decode('{"password":"a1"}', limits).ok,
    ).toBe(true);
  });

  it('validates imported patterns and patternProperties keys with their JavaScript meaning', () => {
    const tool = importedTool({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^\\u00e9\\s\\d$' } },
      patternProperties: { '^x-': { type: 'number' } },
    });
    expect(tool.argsDecoder.decode('{"code":"é\\u00a03","x-a":1}', limits).ok).toBe(true);
    expect(tool.argsDecoder.decode('{"code":"e 3"}', limits)).toMatchObject({ ok: false, violations: [{ path: 'code' }] });
    expect(tool.argsDecoder.decode('{"code":"é 3","x-a":"one"}', limits)).toMatchObject({ ok: false, violations: [{ path: 'x-a' }] });
  });

  it('answers `^(a+)+$` on 50,000 a and a "!" at once, as a pattern and as a patternProperties key, own or imported', () => {
    // In a child process with a time limit: a backtracking engine would not finish within the age of the universe.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join('packages', 'core', 'test', 'fixtures', 'catastrophic-pattern.ts')],
      {
        cwd: root,
        env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.check.json' },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect({ signal: child.signal, stderr: child.stderr }).toEqual({ signal: null, stderr: '' });
    expect(
      child.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual([
      { tool: 'own', text: false, property: false },
      { tool: 'imported', text: false, property: false },
    ]);
  }, 40_000);
});

const limits = { maxLength: 1_000_000, maxDepth: 32 };
