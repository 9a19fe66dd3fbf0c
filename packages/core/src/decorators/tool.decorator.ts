import type { ToolDecoratorOptions } from './tool-decorator-options.js';
import { ReflectionKeys } from '../metadata/reflection-keys.js';
import { requireReflectMetadata } from '../metadata/require-reflect-metadata.js';

/**
 * Marks a method as a tool. It only records metadata; `ToolRegistry.builder().tools(instance)`
 * (or `.tool(Class, 'method')` for a static method) reads it.
 * @param options - `customName` and `timeoutMs`
 * @returns the method decorator
 * @throws InvalidToolDefinitionError when reflect-metadata is not loaded
 * @example
 * class MathService {
 *   \@Tool({ customName: 'calculator' })
 *   \@LLMDescription('Adds two digits.')
 *   add(a: number, b: number): number { return a + b; }
 * }
 */
export function Tool(options: ToolDecoratorOptions = {}): MethodDecorator {
  return (target, propertyKey) => {
    requireReflectMetadata(`${describeTarget(target)}.${String(propertyKey)}`);
    Reflect.defineMetadata(ReflectionKeys.tool, { ...options }, target, propertyKey);
  };
}

function describeTarget(target: object): string {
  return typeof target === 'function' ? target.name : target.constructor.name;
}
