/** Reflection metadata keys written by toolcraft's decorators and read by the metadata reader. */
export const ReflectionKeys = {
  /** On a method (prototype or constructor + method name): the `@Tool` options. */
  tool: 'toolcraft:tool',
  /** On a method: the `@Prompt` options. */
  prompt: 'toolcraft:prompt',
  /** On a method: the `@Resource` options. */
  resource: 'toolcraft:resource',
  /** On a class, method or property: the `@LLMDescription` text. */
  description: 'toolcraft:description',
  /** On a property: the `@LLMDescription` options (`description`, `optional`, `type`, `enum`). */
  propertyOptions: 'toolcraft:property-options',
  /** On a prototype (own metadata): the names of its properties declared by `@LLMDescription`, in order. */
  declaredProperties: 'toolcraft:declared-properties',
  /** Prefix of the key that holds a parameter's description; the parameter index follows. */
  parameterDescription: 'toolcraft:parameter-description:',
  /** Prefix of the key that holds a parameter's `@LLMDescription` options; the parameter index follows. */
  parameterOptions: 'toolcraft:parameter-options:',
  /** TypeScript's emitted parameter types (`emitDecoratorMetadata`). */
  parameterTypes: 'design:paramtypes',
  /** TypeScript's emitted return type of a method (`emitDecoratorMetadata`). */
  returnType: 'design:returntype',
  /** TypeScript's emitted property type (`emitDecoratorMetadata`). */
  propertyType: 'design:type',
} as const;
