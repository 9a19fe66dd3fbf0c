import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';
import { assertLegacyDecoratorCall } from './assert-legacy-decorator-call.js';

/**
 * A method decorator that records its options under a reflection key, for `@Prompt` and `@Resource`:
 * it checks that it was called with parentheses, the way `experimentalDecorators` calls decorators,
 * and on a method (not a property or an accessor).
 * @param decorator - the decorator's name, for messages (`'@Prompt()'`)
 * @param key - the reflection key to record the options under
 * @param input - what the decorator factory was called with
 * @param readOptions - checks the options and copies them
 * @returns the method decorator
 * @throws InvalidToolDefinitionError when the decorator is written without parentheses or its options are wrong
 */
export function methodMarker<TOptions extends object>(
  decorator: string,
  key: string,
  input: readonly unknown[],
  readOptions: (value: unknown) => TOptions,
): MethodDecorator {
  const [first, second] = input;
  if (second !== undefined || typeof first === 'function') {
    assertLegacyDecoratorCall(decorator, second);
    throw new InvalidToolDefinitionError(
      `${decorator.replace('()', '')} on ${typeof second === 'string' ? second : 'a method'}`,
      `write ${decorator} with parentheses.`,
    );
  }
  const options = readOptions(first);
  return (target: object, propertyKey: string | symbol, descriptor?: PropertyDescriptor) => {
    assertLegacyDecoratorCall(decorator, propertyKey);
    const owner = typeof target === 'function' ? target.name : target.constructor.name;
    const subject = `${owner}.${String(propertyKey)}`;
    requireReflectMetadata(subject);
    if (descriptor === undefined || typeof descriptor.value !== 'function') {
      throw new InvalidToolDefinitionError(
        subject,
        `${decorator} marks ${descriptor?.get || descriptor?.set ? 'an accessor' : 'a property'}; only methods can be marked.`,
      );
    }
    Reflect.defineMetadata(key, options, target, propertyKey);
  };
}

/**
 * Reads an optional string option.
 * @param options - the options object
 * @param key - the option
 * @param decorator - the decorator, for the message
 * @returns the value, or undefined
 * @throws InvalidToolDefinitionError when it is there but not a non-empty string
 */
export function optionalText(options: Record<string, unknown>, key: string, decorator: string): string | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0)
    throw new InvalidToolDefinitionError(
      decorator,
      `its option '${key}' must be a non-empty string, got ${JSON.stringify(value) ?? typeof value}.`,
    );
  return value;
}
