import { ts } from '../src/typescript';
import { literalStringProperty, literalValue } from '../src/scan/literal-value';

function expression(text: string): ts.Expression {
  const file = ts.createSourceFile('x.ts', `(${text});`, ts.ScriptTarget.ES2022);
  return ((file.statements[0] as ts.ExpressionStatement).expression as ts.ParenthesizedExpression).expression;
}

describe('literalValue', () => {
  it.each([
    ["'text'", 'text'],
    ['`template`', 'template'],
    ['42', 42],
    ['-1.5', -1.5],
    ['true', true],
    ['false', false],
    ['null', null],
    ["['a', 1, [true]]", ['a', 1, [true]]],
    ["{ a: 1, 'b': { c: 'd' } }", { a: 1, b: { c: 'd' } }],
    ["'x' as const", 'x'],
  ])('evaluates %s', (text, value) => {
    expect(literalValue(expression(text))).toEqual({ found: true, value });
  });

  it.each(['someVariable', 'Unit.Metric', '1 + 2', '`a${b}`', '{ ...rest }', '[...items]'])(
    'does not evaluate the computed expression %s',
    (text) => {
      expect(literalValue(expression(text))).toEqual({ found: false });
    },
  );
});

describe('literalStringProperty', () => {
  it('reads one literal string property even when others are computed', () => {
    expect(literalStringProperty(expression("{ argsType: Args, name: 'calc' }"), 'name')).toBe('calc');
    expect(literalStringProperty(expression('{ name: someName }'), 'name')).toBeUndefined();
    expect(literalStringProperty(expression("'not an object'"), 'name')).toBeUndefined();
  });
});
