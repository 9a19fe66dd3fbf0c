import type { JsonSchema } from '../schema/json-schema.js';
import type { ArgumentLimits } from './argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from './args-decoder.js';
import { definitionFromCodec } from './codecs/definition-from-codec.js';
import type { ValueCodec } from './codecs/value-codec.js';
import { compileArgsDecoder } from './compile-args-decoder.js';

/**
 * Transitional: decodes arguments described by a codec tree through the one validator compiled
 * from its schema ({@link compileArgsDecoder}). Use `compileArgsDecoder` with an `ArgsDefinition`.
 * @deprecated
 */
export class CodecArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  readonly schema: JsonSchema;
  private readonly inner: ArgsDecoder<TArgs>;

  /** @param codec - the compiled object codec */
  constructor(codec: ValueCodec, _needsClassValidator = false) {
    this.inner = compileArgsDecoder<TArgs>(definitionFromCodec(codec), 'arguments');
    this.schema = this.inner.schema;
  }

  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs> {
    return this.inner.decode(raw, limits);
  }
}
