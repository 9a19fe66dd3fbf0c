import { validateSync, type ValidationError } from 'class-validator';
import type { ArgumentViolation } from '../errors/tool-arguments-error.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ArgumentLimits } from './argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from './args-decoder.js';
import type { ObjectCodec } from './codecs/object-codec.js';
import { parseArguments } from './parse-arguments.js';
import { addViolation, childPath, type ViolationSink } from './violation-sink.js';

/**
 * Decodes arguments with a compiled {@link ObjectCodec}; for Args classes with constraints that
 * have no JSON Schema meaning, class-validator then checks the instance too.
 */
export class CodecArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  readonly schema: JsonSchema;

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
    const sink: ViolationSink = [];
    const plain = parseArguments(raw, limits, sink);
    if (plain === undefined) return { ok: false, violations: sink };
    const value = this.codec.decode(plain, '', sink);
    if (sink.length === 0 && this.needsClassValidator) collectClassValidatorErrors(validateSync(value as object), '', sink);
    return sink.length === 0 ? { ok: true, value: value as TArgs } : { ok: false, violations: sink };
  }
}

function collectClassValidatorErrors(errors: ValidationError[], path: string, sink: ArgumentViolation[]): void {
  for (const error of errors) {
    const propertyPath = /^\d+$/.test(error.property) ? `${path}[${error.property}]` : childPath(path, error.property);
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) addViolation(sink, propertyPath, constraint, message);
    if (error.children) collectClassValidatorErrors(error.children, propertyPath, sink);
  }
}
