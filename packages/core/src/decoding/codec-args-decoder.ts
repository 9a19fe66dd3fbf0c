import { validateSync, type ValidationError } from 'class-validator';
import type { ArgumentViolation } from '../errors/tool-arguments-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ArgumentLimits } from './argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from './args-decoder.js';
import { ArrayCodec } from './codecs/array-codec.js';
import { ObjectCodec } from './codecs/object-codec.js';
import type { ValueCodec } from './codecs/value-codec.js';
import { parseArguments } from './parse-arguments.js';
import { addViolation, childPath, type ViolationSink } from './violation-sink.js';

/**
 * Decodes arguments with a compiled {@link ObjectCodec}; for Args classes with constraints that
 * have no JSON Schema meaning, class-validator then checks the instance too.
 */
export class CodecArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  readonly schema: JsonSchema;
  private readonly sink: ViolationSink = [];

  /**
   * @param codec - the compiled object codec
   * @param needsClassValidator - whether to run class-validator after the compiled checks
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
    if (sink.length === 0 && this.needsClassValidator) collectClassValidatorErrors(validateSync(value as object), this.codec, '', sink);
    return sink.length === 0 ? { ok: true, value: value as TArgs } : { ok: false, violations: sink.slice() };
  }
}

/**
 * Records class-validator's errors, except those on constraints the codec already checked: the
 * codec and the schema say the same thing, and class-validator's own reading of a constraint the
 * schema states (its email or URL check, say) must not overrule the schema.
 */
function collectClassValidatorErrors(errors: ValidationError[], codec: ValueCodec | undefined, path: string, sink: ArgumentViolation[]): void {
  for (const error of errors) {
    const isIndex = /^\d+$/.test(error.property);
    const propertyPath = isIndex ? `${path}[${error.property}]` : childPath(path, error.property);
    const property = codec instanceof ObjectCodec ? codec.properties.find((candidate) => candidate.name === error.property) : undefined;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      if (property?.handledConstraints?.has(constraint) !== true) addViolation(sink, propertyPath, constraint, message);
    }
    const childCodec = isIndex && codec instanceof ArrayCodec ? codec.items : property?.codec;
    if (error.children) collectClassValidatorErrors(error.children, childCodec, propertyPath, sink);
  }
}
