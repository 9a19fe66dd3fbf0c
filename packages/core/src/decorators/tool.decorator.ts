import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolDecoratorOptions } from './tool-decorator-options.js';
import { ReflectionKeys } from '../metadata/reflection-keys.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';
import { assertLegacyDecoratorCall } from './assert-legacy-decorator-call.js';

/**
 * Marks a method as a tool. It only records metadata; `ToolRegistry.builder().tools(instance)`
 * (or `.tool(Class, 'method')` for a static method) reads it.
 * @param options - `customName` and `timeoutMs`
 * @returns the method decorator
 * @throws InvalidToolDefinitionError when reflect-metadata is not loaded, when TypeScript's standard
 * decorators call it (`experimentalDecorators` off), when it is written without parentheses
 * (`@Tool`), or when it marks a getter, setter or property instead of a method
 * @example
 * class MathService {
 *   \@Tool({ customName: 'calculator' })
 *   \@LLMDescription('Adds two digits.')
 *   add(a: number, b: number): number { return a + b; }
 * }
 */
export function Tool(options?: ToolDecoratorOptions): MethodDecorator;
export function Tool(...input: unknown[]): MethodDecorator {
  const options = (input[0] ?? {}) as ToolDecoratorOptions;
  assertOptions(options, input[1]);
  return (target: object, propertyKey: string | symbol, descriptor?: PropertyDescriptor) => {
    assertLegacyDecoratorCall('@Tool()', propertyKey);
    const subject = `${describeTarget(target)}.${String(propertyKey)}`;
    requireReflectMetadata(subject);
    if (descriptor === undefined || typeof descriptor.value !== 'function') {
      throw new InvalidToolDefinitionError(
        subject,
        `@Tool() marks ${descriptor?.get || descriptor?.set ? 'an accessor' : 'a property'}; only methods can be tools.`,
      );
    }
    Reflect.defineMetadata(ReflectionKeys.tool, { ...options }, target, propertyKey);
  };
}

/** `@Tool` without parentheses calls Tool(target, key, descriptor); a standard decorator, Tool(value, context). */
function assertOptions(options: unknown, second: unknown): void {
  if (second === undefined) {
    if (typeof options === 'object' && options !== null) return;
    if (typeof options === 'function') {
      throw new InvalidToolDefinitionError(
        `@Tool on ${options.name || 'a function'}`,
        'write @Tool() with parentheses (or @Tool({ customName })).',
      );
    }
    throw new InvalidToolDefinitionError('@Tool()', `its options must be an object ({ customName, timeoutMs }), got ${typeof options}.`);
  }
  assertLegacyDecoratorCall('@Tool', second);
  throw new InvalidToolDefinitionError(
    `@Tool on ${typeof second === 'string' ? second : 'a method'}`,
    'write @Tool() with parentheses (or @Tool({ customName })).',
  );
}

function describeTarget(target: object): string {
  return typeof target === 'function' ? target.name : target.constructor.name;
}
