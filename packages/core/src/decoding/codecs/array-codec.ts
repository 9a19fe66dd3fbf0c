import { canonicalJson } from '../canonical-json.js';
import { findDeepForbiddenKey } from '../forbidden-keys.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { addViolation, describeValue, type ViolationSink } from '../violation-sink.js';
import type { ValueCodec } from './value-codec.js';

/** Array constraints of an {@link ArrayCodec}. */
export interface ArrayConstraints {
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** Decodes an array, each item with the item codec. */
export class ArrayCodec implements ValueCodec {
  readonly schema: JsonSchema;
  readonly expected: string;

  /**
   * @param items - the codec of every item, or undefined for items of any JSON type
   * @param constraints - minItems, maxItems, uniqueItems
   */
  constructor(
    readonly items: ValueCodec | undefined,
    private readonly constraints: ArrayConstraints = {},
  ) {
    this.schema = { type: 'array', ...(items ? { items: items.schema } : {}), ...constraints };
    this.expected = items ? `an array of ${items.expected.replace(/^an? /, '')} items` : 'an array';
  }

  decode(value: unknown, path: string, sink: ViolationSink): unknown {
    if (!Array.isArray(value)) {
      addViolation(sink, path, 'type', `expected ${this.expected}, got ${describeValue(value)}`);
      return undefined;
    }
    const { minItems, maxItems, uniqueItems } = this.constraints;
    if (minItems !== undefined && value.length < minItems)
      addViolation(sink, path, 'minItems', `must have at least ${minItems} items, got ${value.length}`);
    if (maxItems !== undefined && value.length > maxItems)
      addViolation(sink, path, 'maxItems', `must have at most ${maxItems} items, got ${value.length}`);
    if (uniqueItems === true && new Set(value.map(canonicalJson)).size !== value.length) {
      addViolation(sink, path, 'uniqueItems', 'items must be unique');
    }
    if (this.items === undefined) {
      const forbidden = findDeepForbiddenKey(value, path);
      if (forbidden !== undefined)
        addViolation(sink, forbidden, 'forbiddenKey', `the key '${forbidden.replace(/^.*[.\]]/, '')}' is not allowed in arguments`);
      return value.slice();
    }
    const result = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index++) result[index] = this.items.decode(value[index], `${path}[${index}]`, sink);
    return result;
  }
}
