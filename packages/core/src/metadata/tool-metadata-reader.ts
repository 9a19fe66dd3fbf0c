import type { ResultBudget } from '../results/result-budget.js';
import type { ToolSideEffectOptions } from '../effects/tool-effects.js';
import { ReflectionKeys } from './reflection-keys.js';
import { requireReflectMetadata } from './require-reflect-metadata.js';

/** The options `@Tool` recorded on a method (the metadata layer's view of `RecordedToolOptions`). */
export interface RecordedToolOptions extends ToolSideEffectOptions<never> {
  /** The tool's name, if given. */
  customName?: string;
  /** A time limit for the tool's calls, in ms, if given. */
  timeoutMs?: number;
  /** The tool's per-run call limit, if given. */
  maxInvocations?: number;
  /** The tool's per-run failure limit, if given. */
  maxFailures?: number;
  /** The tool's result budget, if given. */
  resultBudget?: ResultBudget;
  /** The type of the tool's result, if given. */
  outputType?: unknown;
}

/** One `@Tool` method found on a class. */
export interface ToolMethodMetadata {
  /** The method's name. */
  methodName: string;
  /** The options given to `@Tool`. */
  options: RecordedToolOptions;
  /** The prototype (or constructor, for static methods) that declares the winning version. */
  owner: object;
}

/** The options `@Prompt` recorded on a method. */
export interface RecordedPromptOptions {
  /** The prompt's name, if given. */
  customName?: string;
  /** Its title, if given. */
  title?: string;
}

/** The options `@Resource` recorded on a method. */
export interface RecordedResourceOptions extends RecordedPromptOptions {
  /** The URI or URI template. */
  uri: string;
  /** The media type, if given. */
  mimeType?: string;
  /** The name of the method listing a template's resources, if given. */
  list?: string;
}

/** One method marked by a decorator (`@Prompt`, `@Resource`), with the options it recorded. */
export interface MarkedMethodMetadata<TOptions> {
  /** The method's name. */
  methodName: string;
  /** The options given to the decorator. */
  options: TOptions;
  /** The prototype (or constructor, for static methods) that declares the winning version. */
  owner: object;
}

/** What `@LLMDescription` recorded on a property or parameter. */
export interface DeclaredOptions {
  /** The description text. */
  description?: string;
  /** Marked optional. */
  optional?: boolean;
  /** The type given in `@LLMDescription({ type })` (see `LLMTypeHint`). */
  type?: unknown;
  /** The allowed values given in `@LLMDescription({ enum })`. */
  enum?: readonly unknown[];
}

/** The runtime types of a method's parameters (from `design:paramtypes`), or undefined when not emitted. */
export type ParameterTypes = readonly unknown[] | undefined;

/**
 * The only reader of toolcraft's reflection metadata. It reads each class's own metadata
 * and walks the prototype chain on purpose, so a subclass's method wins by name and an
 * inherited tool is never counted twice.
 */
export const ToolMetadataReader = {
  /**
   * Finds every `@Tool` method of an instance's class chain (or of a constructor, for static methods).
   * @param target - an instance, or a constructor for static methods
   * @returns the tool methods, most-derived declaration first by name, in declaration order
   */
  readToolMethods(target: object, subject: string): ToolMethodMetadata[] {
    return readMarkedMethods<RecordedToolOptions>(target, ReflectionKeys.tool, subject);
  },

  /**
   * Finds every `@Prompt` method of an instance's class chain, as {@link readToolMethods} does for tools.
   * @param target - an instance, or a constructor for static methods
   * @param subject - the class, for messages
   * @returns the prompt methods
   */
  readPromptMethods(target: object, subject: string): MarkedMethodMetadata<RecordedPromptOptions>[] {
    return readMarkedMethods<RecordedPromptOptions>(target, ReflectionKeys.prompt, subject);
  },

  /**
   * Finds every `@Resource` method of an instance's class chain, as {@link readToolMethods} does for tools.
   * @param target - an instance, or a constructor for static methods
   * @param subject - the class, for messages
   * @returns the resource methods
   */
  readResourceMethods(target: object, subject: string): MarkedMethodMetadata<RecordedResourceOptions>[] {
    return readMarkedMethods<RecordedResourceOptions>(target, ReflectionKeys.resource, subject);
  },

  /**
   * Reads an `@LLMDescription` of a class (no property key), method or property.
   * @returns the description, or undefined
   */
  readDescription(target: object, propertyKey?: string): string | undefined {
    const value: unknown =
      propertyKey === undefined
        ? Reflect.getMetadata(ReflectionKeys.description, target)
        : Reflect.getMetadata(ReflectionKeys.description, target, propertyKey);
    return typeof value === 'string' ? value : undefined;
  },

  /**
   * Reads the `@LLMDescription` of a method's parameter.
   * @returns the description, or undefined
   */
  readParameterDescription(owner: object, methodName: string, index: number): string | undefined {
    const value: unknown = Reflect.getMetadata(`${ReflectionKeys.parameterDescription}${index}`, owner, methodName);
    return typeof value === 'string' ? value : undefined;
  },

  /**
   * Reads `design:paramtypes` of a method.
   * @returns the parameter types, or undefined when `emitDecoratorMetadata` did not emit them
   */
  readParameterTypes(owner: object, methodName: string): ParameterTypes {
    return Reflect.getMetadata(ReflectionKeys.parameterTypes, owner, methodName) as ParameterTypes;
  },

  /**
   * Reads `design:returntype` of a method.
   * @param owner - the prototype (or constructor) that declares the method
   * @param methodName - the method
   * @returns the declared return type, or undefined when not emitted
   */
  readReturnType(owner: object, methodName: string): unknown {
    return Reflect.getMetadata(ReflectionKeys.returnType, owner, methodName);
  },

  /**
   * Reads `design:type` of a property of a class.
   * @returns the runtime type, or undefined when not emitted
   */
  readPropertyType(prototype: object, propertyName: string): unknown {
    return Reflect.getMetadata(ReflectionKeys.propertyType, prototype, propertyName);
  },

  /**
   * Reads the `@LLMDescription` options of a property.
   * @param prototype - the class's prototype
   * @param propertyName - the property
   * @returns the options, or undefined when the property has no `@LLMDescription`
   */
  readPropertyOptions(prototype: object, propertyName: string): DeclaredOptions | undefined {
    return Reflect.getMetadata(ReflectionKeys.propertyOptions, prototype, propertyName) as DeclaredOptions | undefined;
  },

  /**
   * Reads the `@LLMDescription` options of a method's parameter.
   * @param owner - the prototype (or constructor) that declares the method
   * @param methodName - the method
   * @param index - the parameter's index
   * @returns the options, or undefined when the parameter has no `@LLMDescription`
   */
  readParameterOptions(owner: object, methodName: string, index: number): DeclaredOptions | undefined {
    return Reflect.getMetadata(`${ReflectionKeys.parameterOptions}${index}`, owner, methodName) as DeclaredOptions | undefined;
  },

  /**
   * Lists the properties of a class declared with `@LLMDescription`, its ancestors' included
   * (the class's own first, then each ancestor's, each name once).
   * @param argsClass - the class
   * @returns the property names
   */
  readDeclaredProperties(argsClass: Function): string[] {
    const names: string[] = [];
    for (
      let prototype = argsClass.prototype as object | null;
      prototype !== null && prototype !== Object.prototype;
      prototype = Object.getPrototypeOf(prototype) as object | null
    ) {
      const own = Reflect.getOwnMetadata(ReflectionKeys.declaredProperties, prototype) as string[] | undefined;
      for (const name of own ?? []) if (!names.includes(name)) names.push(name);
    }
    return names;
  },
};

/**
 * Finds every method of an instance's class chain (or of a constructor, for static methods) marked
 * with one decorator's key, most-derived declaration first by name: a subclass's version wins, and a
 * plain override of a marked method hides it.
 * @param target - an instance, or a constructor for static methods
 * @param key - the decorator's reflection key
 * @param subject - the class, for messages
 * @returns the marked methods, in declaration order
 */
function readMarkedMethods<TOptions>(target: object, key: string, subject: string): MarkedMethodMetadata<TOptions>[] {
  requireReflectMetadata(subject);
  const found = new Map<string, MarkedMethodMetadata<TOptions>>();
  const shadowed = new Set<string>();
  let owner = (typeof target === 'function' ? target : Object.getPrototypeOf(target)) as object | null;
  while (owner !== null && owner !== Object.prototype && owner !== Function.prototype) {
    for (const name of Object.getOwnPropertyNames(owner)) {
      if (name === 'constructor' || found.has(name) || shadowed.has(name)) continue;
      const options = Reflect.getOwnMetadata(key, owner, name) as TOptions | undefined;
      if (options === undefined) {
        // A plain override of a decorated method hides it: the subclass's version wins.
        if (typeof Object.getOwnPropertyDescriptor(owner, name)?.value === 'function') shadowed.add(name);
        continue;
      }
      found.set(name, { methodName: name, options, owner });
    }
    owner = Object.getPrototypeOf(owner) as object | null;
  }
  return [...found.values()];
}
