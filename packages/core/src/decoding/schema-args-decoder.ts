import type { JsonSchema } from '../schema/json-schema.js';
import type { ArgumentLimits } from './argument-limits.js';
import type { ArgsDecoder, DecodeOutcome } from './args-decoder.js';
import { compileArgsDecoder } from './compile-args-decoder.js';

/**
 * Transitional: decodes arguments against an explicit JSON Schema through {@link compileArgsDecoder}.
 * Use `compileArgsDecoder({ schema }, subject)`.
 * @deprecated
 */
export class SchemaArgsDecoder<TArgs> implements ArgsDecoder<TArgs> {
  private readonly inner: ArgsDecoder<TArgs>;

  /**
   * @param schema - an object schema
   * @param subject - the tool, for messages
   * @throws InvalidToolDefinitionError when the schema is not an object schema or does not compile
   */
  constructor(
    readonly schema: JsonSchema,
    subject: string,
  ) {
    this.inner = compileArgsDecoder<TArgs>({ schema }, subject);
  }

  decode(raw: unknown, limits: ArgumentLimits): DecodeOutcome<TArgs> {
    return this.inner.decode(raw, limits);
  }
}
