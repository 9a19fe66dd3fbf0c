import type { StandardSchemaV1 } from '@standard-schema/spec';
import { childPath } from '../violation-path.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { describeValue, quoteValue } from '../violation-sink.js';
import { expectedWords } from '../violation-wording.js';
import { cutText } from '../cut-text.js';

/** One violation worded from a zod issue, before its path leads the message. */
export interface WordedIssue {
  path: string;
  constraint: string;
  detail: string;
}

/** The fields of zod 4's issues that the wording reads (zod's `$ZodIssue`, structurally). */
interface ZodIssueFields {
  code?: string;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  divisor?: number | bigint;
  format?: string;
  pattern?: string;
  values?: unknown[];
  keys?: string[];
}

const typeWords: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  null: 'null',
  bigint: 'an integer',
  date: 'a date',
};

/**
 * Words a zod 4 issue as toolcraft words ajv's errors, e.g. `expected a number, got string "x"`
 * or `must be at most 9, got number 12`; a refinement keeps its own message.
 * @param issue - a zod issue (through Standard Schema)
 * @param value - the value at the issue's path (undefined when missing)
 * @param path - the issue's violation path
 * @param schema - the JSON Schema at the issue's path, for the words of what is expected
 * @param maxQuoted - the longest quoted value kept
 * @returns the violations, or undefined for an issue that is not zod's
 */
export function explainZodIssue(
  issue: StandardSchemaV1.Issue,
  value: unknown,
  path: string,
  schema: JsonSchema | undefined,
  maxQuoted: number,
): WordedIssue[] | undefined {
  const fields = issue as StandardSchemaV1.Issue & ZodIssueFields;
  if (typeof fields.code !== 'string') return undefined;
  const got = describeValue(value, maxQuoted);
  const one = (constraint: string, detail: string): WordedIssue[] => [{ path, constraint, detail }];
  switch (fields.code) {
    case 'invalid_type': {
      const fromSchema = expectedWords(schema, maxQuoted);
      const expected = fromSchema !== 'a value' ? fromSchema : (typeWords[fields.expected ?? ''] ?? fields.expected ?? 'a value');
      return value === undefined
        ? one('required', `is required but missing (expected ${expected})`)
        : one('type', `expected ${expected}, got ${got}`);
    }
    case 'invalid_value': {
      const values = fields.values ?? [];
      return values.length === 1
        ? one('const', `must be exactly ${quoteValue(values[0], maxQuoted)}, got ${got}`)
        : one('enum', `expected one of ${listValues(values, maxQuoted)}, got ${got}`);
    }
    case 'too_small':
      return bound(fields, 'min', got, value, maxQuoted, path) ?? one('minimum', `${cutText(issue.message, maxQuoted)}, got ${got}`);
    case 'too_big':
      return bound(fields, 'max', got, value, maxQuoted, path) ?? one('maximum', `${cutText(issue.message, maxQuoted)}, got ${got}`);
    case 'not_multiple_of':
      return one('multipleOf', `must be a multiple of ${String(fields.divisor)}, got ${got}`);
    case 'invalid_format':
      if (fields.format === 'regex' && typeof fields.pattern === 'string') {
        return one('pattern', `must be a string matching ${cutText(fields.pattern, maxQuoted)}, got ${got}`);
      }
      if (fields.format === 'datetime') {
        return one('format', `expected a date-time string (RFC 3339, e.g. "2024-05-01T12:00:00Z"), got ${got}`);
      }
      return one('format', `must be a valid ${String(fields.format)}, got ${got}`);
    case 'unrecognized_keys':
      return (fields.keys ?? []).map((key) => ({
        path: childPath(path, key),
        constraint: 'additionalProperties',
        detail: 'is not an allowed property',
      }));
    case 'invalid_union':
      return one('anyOf', `does not match the allowed shapes, got ${got}`);
    default:
      return one(fields.code === 'custom' ? 'refine' : fields.code, `${cutText(issue.message, maxQuoted)}, got ${got}`);
  }
}

/** The wording of a `too_small` / `too_big` issue by what was measured, as ajv's bounds are worded. */
function bound(
  fields: ZodIssueFields,
  side: 'min' | 'max',
  got: string,
  value: unknown,
  maxQuoted: number,
  path: string,
): WordedIssue[] | undefined {
  const limit = String(side === 'min' ? fields.minimum : fields.maximum);
  const least = side === 'min' ? 'at least' : 'at most';
  switch (fields.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      if (fields.inclusive === false) {
        return [
          {
            path,
            constraint: side === 'min' ? 'exclusiveMinimum' : 'exclusiveMaximum',
            detail: `must be ${side === 'min' ? 'greater' : 'less'} than ${limit}, got ${got}`,
          },
        ];
      }
      return [{ path, constraint: side === 'min' ? 'minimum' : 'maximum', detail: `must be ${least} ${limit}, got ${got}` }];
    case 'string':
      return [
        { path, constraint: `${side}Length`, detail: `must be ${least} ${limit} characters long, got ${describeValue(value, maxQuoted)}` },
      ];
    case 'array':
    case 'set':
      return [
        { path, constraint: `${side}Items`, detail: `must have ${least} ${limit} items, got ${Array.isArray(value) ? value.length : got}` },
      ];
    default:
      return undefined;
  }
}

function listValues(values: readonly unknown[], maxQuoted: number): string {
  const shown = values.slice(0, 20).map((value) => quoteValue(value, maxQuoted));
  return values.length > 20 ? `${shown.join(', ')}, … (${values.length} values)` : shown.join(', ');
}
