import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';

interface ReflectWithMetadata {
  defineMetadata?: unknown;
  getOwnMetadata?: unknown;
}

/**
 * Checks that `reflect-metadata` is loaded (it is a peer dependency the application imports once).
 * @param subject - what needed it, for the message
 * @throws InvalidToolDefinitionError when `Reflect.defineMetadata` is missing
 */
export function requireReflectMetadata(subject: string): void {
  const reflect = Reflect as unknown as ReflectWithMetadata;
  if (typeof reflect.defineMetadata !== 'function' || typeof reflect.getOwnMetadata !== 'function') {
    throw new InvalidToolDefinitionError(
      subject,
      "reflect-metadata is not loaded. Add `import 'reflect-metadata';` once at the entry point of your " +
        'application (before any tool class is defined); it is a peer dependency of @toolcraft/core.',
    );
  }
}
