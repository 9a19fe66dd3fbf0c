import type { ArgumentViolation } from '../errors/tool-arguments-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ArgumentLimits } from './argument-limits.js';

/** The outcome of decoding one call's arguments: the value, or the violations. */
export type DecodeOutcome<TArgs> = { ok: true; value: TArgs } | { ok: false; violations: ArgumentViolation[] };

/**
 * Turns a call's raw arguments into what the tool receives, or lists what is wrong.
 * Compiled once per tool; `decode` runs on every call and never throws for bad input.
 */
export interface ArgsDecoder<TArgs> {
  /** The JSON Schema of the argument object, exactly what `decode` accepts. */
  readonly schema: JsonSchema;
  /**
   * @param raw - a JSON string or an object
   * @param limits - size and depth limits
   * @returns the decoded arguments or the violations
   */
  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs>;
}
