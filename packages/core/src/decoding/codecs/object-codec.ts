import type { ValidationMetadata } from '../../types/validation-metadata.js';
import type { JsonSchema } from '../../schema/json-schema.js';
import { findForbiddenKey } from '../forbidden-keys.js';
import { childPath } from '../violation-path.js';
import { addViolation, describeValue, type ViolationSink } from '../violation-sink.js';
import type { ValueCodec } from './value-codec.js';

/** One property of an {@link ObjectCodec}. */
export interface PropertyCodec {
  /** The property's name. */
  name: string;
  /** The codec of its values. */
  codec: ValueCodec;
  /** Whether the model must send it; an optional one may be absent or null. */
  required: boolean;
  /** Its description for the model. */
  description?: string;
  /** The value a new instance holds when the property is absent, shown as the schema's default. */
  defaultValue?: unknown;
  /**
   * The class-validator constraints of this property that have no JSON Schema meaning (custom
   * ones, `@IsPhoneNumber`...): class-validator runs exactly these, after the compiled checks.
   */
  customConstraints?: readonly ValidationMetadata[];
}

/**
 * Decodes an object into a new instance of a class (or a plain object), property by property.
 * Undeclared properties are dropped; `__proto__`, `constructor` and `prototype` keys are refused.
 */
export class ObjectCodec implements ValueCodec {
  readonly schema: JsonSchema;
  readonly expected = 'an object';

  /**
   * @param properties - the declared properties, in order
   * @param create - makes the instance to fill (e.g. `() => new Args()`)
   * @param description - the object's description, if any
   */
  constructor(
    readonly properties: readonly PropertyCodec[],
    readonly create: () => object,
    description?: string,
  ) {
    const schemaProperties: Record<string, JsonSchema> = {};
    for (const property of properties) {
      const base: JsonSchema = { ...property.codec.schema };
      if (property.description !== undefined) base.description = property.description;
      if (property.defaultValue !== undefined) base.default = property.defaultValue;
      schemaProperties[property.name] = base;
    }
    this.schema = {
      type: 'object',
      ...(description !== undefined ? { description } : {}),
      properties: schemaProperties,
      required: properties.filter((property) => property.required).map((property) => property.name),
    };
  }

  decode(value: unknown, path: string, sink: ViolationSink): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      addViolation(sink, path, 'type', `expected an object, got ${describeValue(value)}`);
      return undefined;
    }
    const forbidden = findForbiddenKey(value);
    if (forbidden !== undefined) {
      addViolation(sink, childPath(path, forbidden), 'forbiddenKey', `the key '${forbidden}' is not allowed in arguments`);
      return undefined;
    }
    const input = value as Record<string, unknown>;
    const instance = this.create() as Record<string, unknown>;
    const properties = this.properties;
    for (let index = 0; index < properties.length; index++) {
      const property = properties[index];
      const item = Object.hasOwn(input, property.name) ? input[property.name] : undefined;
      if (item === undefined || (item === null && !property.required)) {
        if (property.required) {
          addViolation(sink, childPath(path, property.name), 'required', `is required but missing (expected ${property.codec.expected})`);
        }
        continue;
      }
      instance[property.name] = property.codec.decode(item, path === '' ? property.name : `${path}.${property.name}`, sink);
    }
    return instance;
  }
}
