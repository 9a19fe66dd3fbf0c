import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';

/** What TypeScript's standard (TC39) decorators pass as their second argument. */
interface StandardDecoratorContext {
  kind: string;
  name?: string | symbol;
}

/**
 * Checks that a decorator is called the way `experimentalDecorators` calls it, `(target, key, descriptor)`,
 * and not the way TypeScript 5's standard decorators do, `(value, context)`, where toolcraft would
 * silently record nothing (standard decorators emit no `design:paramtypes` either).
 * @param decorator - the decorator's name, e.g. `@Tool()`
 * @param propertyKey - the decorator's second argument
 * @throws InvalidToolDefinitionError for a standard-decorator call
 * @example
 * return (target, propertyKey, descriptor) => {
 *   assertLegacyDecoratorCall('@Tool()', propertyKey);
 *   ...
 * };
 */
export function assertLegacyDecoratorCall(decorator: string, propertyKey: unknown): void {
  if (!isStandardDecoratorContext(propertyKey)) return;
  const name = propertyKey.name === undefined ? '' : ` on ${propertyKey.kind} '${String(propertyKey.name)}'`;
  throw new InvalidToolDefinitionError(
    `${decorator}${name}`,
    'it was applied as a TypeScript standard decorator. toolcraft uses the decorators that reflect-metadata, ' +
      'class-validator and class-transformer use: set "experimentalDecorators": true and "emitDecoratorMetadata": true ' +
      'in the compilerOptions of tsconfig.json (or your build tool: SWC decoratorMetadata, Babel legacy decorators).',
  );
}

function isStandardDecoratorContext(value: unknown): value is StandardDecoratorContext {
  return typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';
}
