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
    return new Date(value);
  }
}
