import type { JsonSchema } from '../../schema/json-schema.js';
import type { ViolationSink } from '../violation-sink.js';

/**
 * The compiled decoder of one value, with the JSON Schema that describes exactly what it accepts.
 * Built once per tool; `decode` runs on every call.
 */
export interface ValueCodec {
  /** The JSON Schema of the accepted values. */
  readonly schema: JsonSchema;
  /** Words for messages, e.g. `an integer`. */
  readonly expected: string;
  /**
   * Checks and converts one value.
   * @param value - the parsed JSON value
   * @param path - its property path, for messages
   * @param sink - where violations go
   * @returns the decoded value (meaningless once a violation was recorded)
   */
  decode(value: unknown, path: string, sink: ViolationSink): unknown;
}
