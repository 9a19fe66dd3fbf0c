import * as regjsparser from 'regjsparser';
import type { AstNode, CharacterClassBody, RootNode } from 'regjsparser';

// regjsparser is CommonJS whose exports Node's ES module loader cannot detect by name: loaded from
// ES modules its functions are on `default` (from CommonJS, `import *` gives them directly too).
const { parse } = (regjsparser as typeof regjsparser & { default?: typeof regjsparser }).default ?? regjsparser;

/** A list of code point ranges, `[low, high]` inclusive, in order and apart. */
type Ranges = Array<[number, number]>;

const features = { lookbehind: true, namedGroups: true, unicodePropertyEscape: true } as const;
type Node = AstNode<typeof features>;

const maxCodePoint = 0x10ffff;
const digits: Ranges = [[0x30, 0x39]];
const wordCharacters: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript's WhiteSpace and LineTerminator code points (what `\s` matches). */
const whiteSpace: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** What `.` matches without the `s` flag: anything but a line terminator. */
const notLineTerminator = complement([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/**
 * Rewrites a JSON Schema `pattern` (an ECMAScript regular expression, read with the `u` flag as ajv
 * reads it) into the syntax of RE2, whose matching time is linear in the input, keeping ECMAScript's
 * meaning: `.`, `\s`, `\d`, `\w` and their negations become the explicit sets ECMAScript defines,
 * code points are written as `\x{...}`, `$` means the end of the text.
 * @param pattern - the pattern, as the schema writes it
 * @returns the same language in RE2 syntax
 * @throws Error when the pattern is not a valid Unicode regular expression, or uses what a
 *   linear-time engine cannot run (lookahead, lookbehind, backreferences)
 */
export function linearPattern(pattern: string): string {
  let root: RootNode<typeof features>;
  try {
    root = parse(pattern, 'u', features);
  } catch (error) {
    throw new Error(`the pattern ${JSON.stringify(pattern)} is not a valid Unicode regular expression: ${(error as Error).message}`);
  }
  return print(root, pattern);
}

function print(node: Node, pattern: string): string {
  switch (node.type) {
    case 'alternative':
      return node.body.map((inner) => print(inner, pattern)).join('');
    case 'disjunction':
      return node.body.map((inner) => print(inner, pattern)).join('|');
    case 'anchor':
      return { start: '^', end: '\\z', boundary: '\\b', 'not-boundary': '\\B' }[node.kind];
    case 'dot':
      return printSet(notLineTerminator);
    case 'value':
      return codePoint(node.codePoint);
    case 'characterClassEscape':
      return printSet(escapeRanges(node.value));
    case 'unicodePropertyEscape':
      return unicodeProperty(node.value, node.negative);
    case 'characterClass':
      return `[${node.negative ? '^' : ''}${node.body.map(classItem).join('')}]`;
    case 'characterClassRange':
      return `${codePoint(node.min.codePoint)}-${codePoint(node.max.codePoint)}`;
    case 'quantifier':
      return `${print(node.body[0], pattern)}${repetition(node.min, node.max, node.symbol)}${node.greedy ? '' : '?'}`;
    case 'group': {
      const body = node.body.map((inner) => print(inner, pattern)).join('');
      if (node.behavior === 'normal') return node.name === undefined ? `(${body})` : `(?P<${node.name.value}>${body})`;
      if (node.behavior === 'ignore') return `(?:${body})`;
      throw refusal(pattern, `a ${lookaroundWord[node.behavior]} ('${node.raw.slice(0, 3)}')`);
    }
    case 'reference':
      throw refusal(pattern, `a backreference ('${node.raw}')`);
  }
}

const lookaroundWord = {
  lookahead: 'lookahead',
  negativeLookahead: 'negative lookahead',
  lookbehind: 'lookbehind',
  negativeLookbehind: 'negative lookbehind',
} as const;

function refusal(pattern: string, what: string): Error {
  return new Error(
    `the pattern ${JSON.stringify(pattern)} uses ${what}, which cannot be matched in linear time; ` +
      'write it without lookaround or backreferences',
  );
}

function classItem(item: CharacterClassBody): string {
  switch (item.type) {
    case 'value':
      return codePoint(item.codePoint);
    case 'characterClassRange':
      return `${codePoint(item.min.codePoint)}-${codePoint(item.max.codePoint)}`;
    case 'characterClassEscape':
      return printRanges(escapeRanges(item.value));
    case 'unicodePropertyEscape':
      return unicodeProperty(item.value, item.negative);
  }
}

function repetition(min: number, max: number | undefined, symbol: '?' | '*' | '+' | undefined): string {
  if (symbol !== undefined) return symbol;
  if (max === min) return `{${min}}`;
  return `{${min},${max === undefined ? '' : max}}`;
}

function unicodeProperty(value: string, negative: boolean): string {
  // `Script=Greek`, `sc=Greek`, `General_Category=L`, `gc=L`: RE2 names scripts and categories alone.
  const name = value.includes('=') ? value.slice(value.indexOf('=') + 1) : value;
  return `\\${negative ? 'P' : 'p'}{${name}}`;
}

function escapeRanges(value: 'd' | 'D' | 'w' | 'W' | 's' | 'S'): Ranges {
  const ranges = { d: digits, w: wordCharacters, s: whiteSpace }[value.toLowerCase() as 'd' | 'w' | 's'];
  return value === value.toLowerCase() ? ranges : complement(ranges);
}

function complement(ranges: Ranges): Ranges {
  const result: Ranges = [];
  let next = 0;
  for (const [low, high] of ranges) {
    if (low > next) result.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= maxCodePoint) result.push([next, maxCodePoint]);
  return result;
}

function printSet(ranges: Ranges): string {
  return `[${printRanges(ranges)}]`;
}

function printRanges(ranges: Ranges): string {
  return ranges.map(([low, high]) => (low === high ? codePoint(low) : `${codePoint(low)}-${codePoint(high)}`)).join('');
}

function codePoint(value: number): string {
  return `\\x{${value.toString(16)}}`;
}
