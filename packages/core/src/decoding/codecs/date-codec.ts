import type { JsonSchema } from '../../schema/json-schema.js';
import { formatChecker } from '../format-checkers.js';
import { addViolation, describeValue, type ViolationSink } from '../violation-sink.js';
import type { ValueCodec } from './value-codec.js';

const isDateTime = formatChecker('date-time')!;

/** Decodes an RFC 3339 date-time string into a `Date` (for `Date` properties). */
export class DateCodec implements ValueCodec {
  readonly schema: JsonSchema = { type: 'string', format: 'date-time' };
  readonly expected = 'a date-time string (RFC 3339, e.g. "2024-05-01T12:00:00Z")';

  decode(value: unknown, path: string, sink: ViolationSink): unknown {
    if (typeof value !== 'string' || !isDateTime(value)) {
      addViolation(sink, path, 'format', `expected ${this.expected}, got ${describeValue(value)}`);
      return undefined;
    }
    return parseDateTime(value);
  }
}

/**
 * Parses an RFC 3339 date-time that passed the format check. `Date` alone misreads two forms the
 * format allows: a leap second (`23:59:60`, read as the next second, since a `Date` has no leap
 * seconds) and an offset without minutes (`+01`).
 */
function parseDateTime(text: string): Date {
  const normalized = text.replace(/([+-]\d\d)$/, '$1:00');
  const leapSecond = /(:[0-5]\d):60/.exec(normalized);
  if (leapSecond === null) return new Date(normalized);
  const date = new Date(normalized.replace(/(:[0-5]\d):60/, '$1:59'));
  return new Date(date.getTime() + 1000);
}
