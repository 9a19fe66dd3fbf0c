import { ReflectionKeys } from '../metadata/reflection-keys.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';

/** The argument of `@LLMDescription`: the text, or `{ description }`. */
export type LLMDescriptionInput = string | { description: string };

/** A decorator usable on classes, methods, properties and parameters. */
export type LLMDescriptionDecorator = (
  target: object,
  propertyKey?: string | symbol,
  descriptorOrIndex?: PropertyDescriptor | number,
) => void;

/**
 * Describes a tool, a parameter, an Args class or an Args property to the model.
 * It only records metadata, read when the tool is built or registered.
 * @param input - `'text'` or `{ description: 'text' }`
 * @returns a decorator for classes, methods, properties and parameters
 * @throws InvalidToolDefinitionError when reflect-metadata is not loaded
 * @example
 * class WeatherArgs {
 *   \@LLMDescription('The city, e.g. "Paris"') \@IsString()
 *   city!: string;
 * }
 */
export function LLMDescription(input: LLMDescriptionInput): LLMDescriptionDecorator {
  const description = typeof input === 'string' ? input : input.description;
  return (target, propertyKey, descriptorOrIndex) => {
    requireReflectMetadata('@LLMDescription');
    if (typeof descriptorOrIndex === 'number') {
      const key = `${ReflectionKeys.parameterDescription}${descriptorOrIndex}`;
      if (propertyKey === undefined) Reflect.defineMetadata(key, description, target);
      else Reflect.defineMetadata(key, description, target, propertyKey);
    } else if (propertyKey === undefined) {
      Reflect.defineMetadata(ReflectionKeys.description, description, target);
    } else {
      Reflect.defineMetadata(ReflectionKeys.description, description, target, propertyKey);
    }
  };
}
