import { ReflectionKeys } from '../metadata/reflection-keys.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';
import { assertLegacyDecoratorCall } from './assert-legacy-decorator-call.js';

/**
 * A value type named in `@LLMDescription({ type })`: `String`, `Number`, `Boolean`, `Date`, a nested
 * Args class, or `'integer'`. In `[ ]` it means an array of that type.
 */
export type LLMValueType = StringConstructor | NumberConstructor | BooleanConstructor | DateConstructor | 'integer' | (new () => unknown);

/** The type given to `@LLMDescription({ type })`: a value type, or `[valueType]` for an array of it. */
export type LLMTypeHint = LLMValueType | readonly [LLMValueType];

/** The options of `@LLMDescription`. */
export interface LLMDescriptionOptions {
  /** The text the model is shown. */
  description: string;
  /**
   * Marks a property or parameter optional (TypeScript's `?` is invisible at runtime). A property
   * with `@IsOptional()` or an initializer is optional anyway.
   */
  optional?: boolean;
  /**
   * The type, for a property or parameter whose `design:type` says too little: the element type of
   * an array (`type: String` on a `string[]`), or the whole type where decorator metadata is missing
   * (tsx, esbuild, SWC without decoratorMetadata), e.g. `type: Number` or `type: [String]`.
   */
  type?: LLMTypeHint;
  /**
   * The values a parameter or property may take (its schema's `enum`; of each item for an array),
   * e.g. `enum: ['child', 'expert']`. Each must be of the parameter's type. On a method parameter this
   * is how its allowed values are given (class-validator's `@IsIn` is a property decorator); an MCP
   * server completes a `@Prompt` or `@Resource` parameter from them.
   */
  enum?: readonly LLMEnumValue[];
}

/** One allowed value of `@LLMDescription({ enum })`. */
export type LLMEnumValue = string | number | boolean;

/** The argument of `@LLMDescription`: the text, or {@link LLMDescriptionOptions}. */
export type LLMDescriptionInput = string | LLMDescriptionOptions;

/** A decorator usable on classes, methods, properties and parameters. */
export type LLMDescriptionDecorator = (
  target: object,
  propertyKey?: string | symbol,
  descriptorOrIndex?: PropertyDescriptor | number,
) => void;

/**
 * Describes a tool, a parameter, an Args class or an Args property to the model. On a property
 * or parameter it also declares it (Koog style: no class-validator decorator needed) and may mark
 * it optional or give its type. It only records metadata, read when the tool is built or registered.
 * @param input - `'text'` or `{ description: 'text', optional?, type?, enum? }`
 * @returns a decorator for classes, methods, properties and parameters
 * @throws InvalidToolDefinitionError when reflect-metadata is not loaded, or when TypeScript's standard
 * decorators call it (`experimentalDecorators` off)
 * @example
 * class WeatherArgs {
 *   \@LLMDescription('The city, e.g. "Paris"')
 *   city!: string;
 *   \@LLMDescription({ description: 'Days to forecast', optional: true })
 *   days?: number;
 *   \@LLMDescription({ description: 'Places to compare', type: String })
 *   others: string[] = [];
 * }
 */
export function LLMDescription(input: LLMDescriptionInput): LLMDescriptionDecorator {
  const options: LLMDescriptionOptions =
    typeof input === 'string' ? { description: input } : { ...input, ...(input.enum === undefined ? {} : { enum: [...input.enum] }) };
  const description = options.description;
  return (target, propertyKey, descriptorOrIndex) => {
    assertLegacyDecoratorCall('@LLMDescription', propertyKey);
    requireReflectMetadata('@LLMDescription');
    if (typeof descriptorOrIndex === 'number') {
      const key = `${ReflectionKeys.parameterDescription}${descriptorOrIndex}`;
      const optionsKey = `${ReflectionKeys.parameterOptions}${descriptorOrIndex}`;
      if (propertyKey === undefined) {
        Reflect.defineMetadata(key, description, target);
        Reflect.defineMetadata(optionsKey, options, target);
      } else {
        Reflect.defineMetadata(key, description, target, propertyKey);
        Reflect.defineMetadata(optionsKey, options, target, propertyKey);
      }
    } else if (propertyKey === undefined) {
      Reflect.defineMetadata(ReflectionKeys.description, description, target);
    } else {
      Reflect.defineMetadata(ReflectionKeys.description, description, target, propertyKey);
      if (descriptorOrIndex === undefined) {
        // A property (not a method): declared as an argument of its Args class.
        Reflect.defineMetadata(ReflectionKeys.propertyOptions, options, target, propertyKey);
        const declared = (Reflect.getOwnMetadata(ReflectionKeys.declaredProperties, target) as string[] | undefined) ?? [];
        if (typeof propertyKey === 'string' && !declared.includes(propertyKey)) {
          Reflect.defineMetadata(ReflectionKeys.declaredProperties, [...declared, propertyKey], target);
        }
      }
    }
  };
}
