/** Reflection metadata keys written by toolcraft's decorators and read by the metadata reader. */
export const ReflectionKeys = {
  /** On a method (prototype or constructor + method name): the `@Tool` options. */
  tool: 'toolcraft:tool',
  /** On a class, method or property: the `@LLMDescription` text. */
  description: 'toolcraft:description',
  /** Prefix of the key that holds a parameter's description; the parameter index follows. */
  parameterDescription: 'toolcraft:parameter-description:',
  /** TypeScript's emitted parameter types (`emitDecoratorMetadata`). */
  parameterTypes: 'design:paramtypes',
  /** TypeScript's emitted property type (`emitDecoratorMetadata`). */
  propertyType: 'design:type',
} as const;
