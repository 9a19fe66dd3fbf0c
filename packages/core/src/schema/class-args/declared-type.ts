import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';

/** The runtime type of a property, as `design:type`, `@Type` and `@LLMDescription({ type })` say. */
export interface DeclaredType {
  /** The value's type (for an array: the element's), or undefined when nothing says it. */
  type: unknown;
  /** Whether the property is an array. */
  isArray: boolean;
}

/**
 * Resolves a property's type from its sources: `@LLMDescription({ type })` (where `[T]` is an array
 * of T, and a plain T on an array property is its element type), class-transformer's `@Type`,
 * `design:type`, and, where `design:type` says nothing (a property without a type annotation,
 * `count = 1`, is emitted as `Object`), the type of its initial value.
 * @param designType - `design:type`, undefined when the build dropped decorator metadata
 * @param transformerType - the class named by `@Type(() => X)`, if any
 * @param hint - the `type` of `@LLMDescription`, if any
 * @param initial - the property's value on a new instance
 * @returns the resolved type
 */
export function resolveDeclaredType(designType: unknown, transformerType: unknown, hint: unknown, initial?: unknown): DeclaredType {
  if (Array.isArray(hint)) return { type: hint[0] ?? transformerType, isArray: true };
  const design = designType === undefined || designType === Object ? (typeOfValue(initial) ?? designType) : designType;
  if (design === Array)
    return { type: hint ?? transformerType ?? (Array.isArray(initial) ? typeOfValue(initial[0]) : undefined), isArray: true };
  return { type: hint ?? transformerType ?? design, isArray: false };
}

function typeOfValue(value: unknown): unknown {
  if (typeof value === 'string') return String;
  if (typeof value === 'number') return Number;
  if (typeof value === 'boolean') return Boolean;
  if (value instanceof Date) return Date;
  if (Array.isArray(value)) return Array;
  return undefined;
}

/**
 * The error for a property whose type nothing gives: `design:type` is missing, which happens when
 * the build tool drops decorator metadata even with `emitDecoratorMetadata` on.
 * @param where - the property, for the message
 * @returns the error to throw
 */
export function missingTypeError(where: string): InvalidToolDefinitionError {
  return new InvalidToolDefinitionError(
    where,
    'has no type: no type decorator and no design:type metadata. Either "emitDecoratorMetadata" is off in tsconfig.json, ' +
      'or the build tool drops decorator metadata (tsx, esbuild and Vite do; SWC does unless decoratorMetadata is on). ' +
      'Give the type explicitly: @LLMDescription({ description, type: Number }) (type: [String] for an array), ' +
      'a class-validator type decorator such as @IsString() or @IsInt(), or a build-time schema manifest from @toolcraft/schema ' +
      '(npx toolcraft-schema) registered with useToolSchemas(manifest) at startup, before the tool is constructed.',
  );
}

/**
 * @param type - a runtime type
 * @returns whether it is a user class (not a built-in such as String, Date, Array or Object)
 */
export function isUserClass(type: unknown): type is new () => unknown {
  return typeof type === 'function' && ![String, Number, Boolean, Date, Array, Object, Function, Promise, Map, Set].includes(type as never);
}
