import type { JsonSchema } from '../../schema/json-schema.js';
import { addViolation, describeValue, type ViolationSink } from '../violation-sink.js';
import type { ValueCodec } from './value-codec.js';

/** Decodes a value that must be one of a fixed list (from `@IsIn`, `@IsEnum` or a literal union). */
export class EnumCodec implements ValueCodec {
  readonly schema: JsonSchema;
  readonly expected: string;

  /**
   * @param values - the allowed values (strings, numbers or booleans)
   * @param description - an optional description for the schema
   */
  constructor(private readonly values: readonly unknown[]) {
    const types = new Set(values.map((value) => (Number.isInteger(value) ? 'integer' : typeof value)));
    const type = types.size === 1 ? [...types][0] : undefined;
    this.schema =
      type === 'string' || type === 'integer' || type === 'number' || type === 'boolean'
        ? { type, enum: [...values] }
        : { enum: [...values] };
    this.expected = `one of ${values.map((value) => JSON.stringify(value)).join(', ')}`;
  }

  decode(value: unknown, path: string, sink: ViolationSink): unknown {
    if (!this.values.includes(value)) addViolation(sink, path, 'enum', `expected ${this.expected}, got ${describeValue(value)}`);
    return value;
  }
}
