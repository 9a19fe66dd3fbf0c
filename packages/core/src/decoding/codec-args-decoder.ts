import type { JsonSchema } from '../schema/json-schema.js';
import type { ArgumentLimits } from './argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from './args-decoder.js';
import type { ObjectCodec } from './codecs/object-codec.js';
import { checkCustomConstraints } from './custom-constraints.js';
import { parseArguments } from './parse-arguments.js';
import type { ViolationSink } from './violation-sink.js';

/**
 * Decodes arguments with a compiled {@link ObjectCodec}; for Args classes with constraints that
 * have no JSON Schema meaning, class-validator then runs exactly those on the instance.
 */
export class CodecArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  readonly schema: JsonSchema;
  private readonly sink: ViolationSink = [];

  /**
   * @param codec - the compiled object codec
   * @param needsClassValidator - whether some property has constraints only class-validator can check
   */
  constructor(
    private readonly codec: ObjectCodec,
    private readonly needsClassValidator = false,
  ) {
    this.schema = codec.schema;
  }

  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs> {
    // Decoding is synchronous, so one sink per decoder is reused; it is copied only on failure.
    const sink = this.sink;
    sink.length = 0;
    const plain = parseArguments(raw, limits, sink);
    if (plain === undefined) return { ok: false, violations: sink.slice() };
    const value = this.codec.decode(plain, '', sink);
    if (sink.length === 0 && this.needsClassValidator) checkCustomConstraints(this.codec, value, '', sink);
    return sink.length === 0 ? { ok: true, value: value as TArgs } : { ok: false, violations: sink.slice() };
  }
}
