import type { JsonSchema } from '../../schema/json-schema.js';
import { formatChecker } from '../format-checkers.js';
import { addViolation, describeValue, type ViolationSink } from '../violation-sink.js';
import type { ValueCodec } from './value-codec.js';

/** The primitive JSON types a {@link PrimitiveCodec} handles. */
export type PrimitiveType = 'string' | 'number' | 'integer' | 'boolean';

interface Check {
  constraint: string;
  passes: (value: never) => boolean;
  expected: string;
}

const typeWords: Record<PrimitiveType, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean (true or false)',
};

const typeChecks: Record<PrimitiveType, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
};

/** Decodes strings, numbers, integers and booleans with their JSON Schema constraints. */
export class PrimitiveCodec implements ValueCodec {
  readonly schema: JsonSchema;
  readonly expected: string;
  private readonly isType: (value: unknown) => boolean;
  private readonly checks: Check[];

  /**
   * @param type - the primitive type
   * @param keywords - the keywords minimum, maximum, exclusiveMinimum, exclusiveMaximum,
   *   minLength, maxLength, pattern, format and const
   */
  constructor(type: PrimitiveType, keywords: JsonSchema = {}) {
    this.schema = { type, ...keywords };
    this.expected = typeWords[type];
    this.isType = typeChecks[type];
    this.checks = buildChecks(keywords);
  }

  decode(value: unknown, path: string, sink: ViolationSink): unknown {
    if (!this.isType(value)) {
      addViolation(sink, path, 'type', `expected ${this.expected}, got ${describeValue(value)}`);
      return undefined;
    }
    const checks = this.checks;
    for (let index = 0; index < checks.length; index++) {
      const check = checks[index];
      if (!check.passes(value as never)) {
        addViolation(sink, path, check.constraint, `must be ${check.expected}, got ${describeValue(value)}`);
      }
    }
    return value;
  }
}

function buildChecks(schema: JsonSchema): Check[] {
  const checks: Check[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, minLength, maxLength, pattern, format } = schema;
  if (minimum !== undefined) checks.push({ constraint: 'minimum', passes: (v: number) => v >= minimum, expected: `at least ${minimum}` });
  if (maximum !== undefined) checks.push({ constraint: 'maximum', passes: (v: number) => v <= maximum, expected: `at most ${maximum}` });
  if (exclusiveMinimum !== undefined) {
    checks.push({
      constraint: 'exclusiveMinimum',
      passes: (v: number) => v > exclusiveMinimum,
      expected: `greater than ${exclusiveMinimum}`,
    });
  }
  if (exclusiveMaximum !== undefined) {
    checks.push({ constraint: 'exclusiveMaximum', passes: (v: number) => v < exclusiveMaximum, expected: `less than ${exclusiveMaximum}` });
  }
  if (minLength !== undefined) {
    checks.push({
      constraint: 'minLength',
      passes: (v: string) => codePoints(v) >= minLength,
      expected: `at least ${minLength} characters long`,
    });
  }
  if (maxLength !== undefined) {
    checks.push({
      constraint: 'maxLength',
      passes: (v: string) => codePoints(v) <= maxLength,
      expected: `at most ${maxLength} characters long`,
    });
  }
  if (pattern !== undefined) {
    const regex = new RegExp(pattern, 'u');
    checks.push({ constraint: 'pattern', passes: (v: string) => regex.test(v), expected: `a string matching /${pattern}/` });
  }
  if (format !== undefined) {
    const checker = formatChecker(format);
    if (checker !== undefined) checks.push({ constraint: 'format', passes: (v: string) => checker(v), expected: `a valid ${format}` });
  }
  if ('const' in schema) {
    const expected = schema.const;
    checks.push({ constraint: 'const', passes: (v: unknown) => v === expected, expected: `exactly ${JSON.stringify(expected)}` });
  }
  return checks;
}

/**
 * String length as JSON Schema (and ajv) counts it: in Unicode code points, a surrogate pair
 * counting once and a lone surrogate once.
 */
function codePoints(value: string): number {
  let count = value.length;
  for (let index = 0; index < value.length - 1; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}
