import type { StandardSchemaV1 } from '@standard-schema/spec';
import { addOmitted } from '../violation-wording.js';
import { addViolation, describeValue, type ViolationSink } from '../violation-sink.js';
import { cutText } from '../cut-text.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { schemaAt, valueAt, violationPath } from './issue-path.js';
import { explainZodIssue } from './zod-issue-wording.js';

/** How issues are worded: limits and which library produced them. */
export interface IssueWordingOptions {
  /** The validator's vendor (`zod`, `valibot`...); zod's issues are worded like toolcraft's own. */
  vendor: string;
  /** The argument schema the model is shown, for the words of what is expected. */
  schema: JsonSchema;
  /** The most violations listed; the rest are counted in a last entry. */
  maxViolations: number;
  /** The longest quoted value kept, in characters. */
  maxQuoted: number;
}

/**
 * Records a Standard Schema validator's issues as violations in the wording every argument error
 * shares (`'a': expected a number, got string "x"`). zod's issue codes are read for that wording;
 * another library's issue keeps its own message (cut), with the received value.
 * @param issues - the validator's issues
 * @param input - the argument object it was given (for the received values)
 * @param sink - where violations go
 * @param options - the vendor and the limits
 */
export function addIssueViolations(
  issues: readonly StandardSchemaV1.Issue[],
  input: unknown,
  sink: ViolationSink,
  options: IssueWordingOptions,
): void {
  let omitted = 0;
  for (const issue of issues) {
    if (sink.length >= options.maxViolations) {
      omitted++;
      continue;
    }
    const path = violationPath(issue.path);
    const value = valueAt(input, issue.path);
    const zod =
      options.vendor === 'zod' ? explainZodIssue(issue, value, path, schemaAt(options.schema, issue.path), options.maxQuoted) : undefined;
    if (zod !== undefined) {
      for (const violation of zod) addViolation(sink, violation.path, violation.constraint, violation.detail);
      continue;
    }
    const message = cutText(String(issue.message), options.maxQuoted * 2);
    const detail = value === undefined ? message : `${message}, got ${describeValue(value, options.maxQuoted)}`;
    addViolation(sink, path, constraintOf(issue), detail);
  }
  if (sink.length > options.maxViolations) {
    omitted += sink.length - options.maxViolations;
    sink.length = options.maxViolations;
  }
  addOmitted(sink, omitted);
}

/** A library's name for the failed check (valibot's `type`, zod's `code`), else `invalid`. */
function constraintOf(issue: StandardSchemaV1.Issue): string {
  const named = issue as { type?: unknown; code?: unknown };
  if (typeof named.type === 'string') return named.type;
  if (typeof named.code === 'string') return named.code;
  return 'invalid';
}
