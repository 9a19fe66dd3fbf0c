import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from '../../types/validation-metadata.js';
import { definitionFromCodec } from '../../decoding/codecs/definition-from-codec.js';
import { ObjectCodec, type PropertyCodec } from '../../decoding/codecs/object-codec.js';
import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { ArgsDefinition } from '../args-definition.js';
import { ToolMetadataReader } from '../../metadata/tool-metadata-reader.js';
import { applyConstraint } from './apply-constraint.js';
import { readValidationMetadata } from './read-validation-metadata.js';
import { buildPropertyCodec } from './build-property-codec.js';
import { emptyTarget, type ArrayRules } from './property-target.js';

/** A class whose instances a tool receives as its arguments. */
export type ArgsClass<T = unknown> = new () => T;

/** The compiled Args class: its {@link ArgsDefinition} (and, transitionally, its codec). */
export interface CompiledArgsClass extends ArgsDefinition {
  /** @deprecated Transitional: the codec tree the definition was derived from. */
  codec: ObjectCodec;
  /** @deprecated Transitional: whether some constraint has no JSON Schema meaning (see `customConstraints`). */
  needsClassValidator: boolean;
}

/**
 * Compiles an Args class once: reads its class-validator, class-transformer and
 * `@LLMDescription` metadata and builds the codec and JSON Schema that say the same thing.
 * @param argsClass - the Args class
 * @param subject - the tool, for messages
 * @returns the compiled codec
 * @throws InvalidToolDefinitionError for a property that cannot be described
 */
export function compileArgsClass(argsClass: ArgsClass, subject: string): CompiledArgsClass {
  const state = { needsClassValidator: false };
  const codec = compileClass(argsClass, subject, new Set(), state);
  return { ...definitionFromCodec(codec), codec, needsClassValidator: state.needsClassValidator };
}

function compileClass(argsClass: ArgsClass, subject: string, stack: Set<unknown>, state: { needsClassValidator: boolean }): ObjectCodec {
  if (stack.has(argsClass)) {
    throw new InvalidToolDefinitionError(
      subject,
      `the Args class ${argsClass.name} contains itself; recursive Args classes are not supported.`,
    );
  }
  stack.add(argsClass);
  const byProperty = groupByProperty(readValidationMetadata(argsClass));
  if (byProperty.size === 0) {
    throw new InvalidToolDefinitionError(
      subject,
      `the Args class ${argsClass.name} has no class-validator decorators. Decorate each argument property ` +
        '(e.g. @IsString(), @IsInt(), or @Allow() for a property without constraints).',
    );
  }
  const sample = tryConstruct(argsClass);
  const properties: PropertyCodec[] = [];
  for (const [name, metadatas] of byProperty) {
    const where = `${subject} (property '${name}' of ${argsClass.name})`;
    const value = emptyTarget();
    const item = emptyTarget();
    const array: ArrayRules = { isArray: false };
    let optional = false;
    let nested = false;
    for (const metadata of metadatas) {
      if (metadata.each) array.isArray = true;
      switch (metadata.type) {
        case 'conditionalValidation':
          if (metadata.name === 'isOptional') optional = true;
          else
            throw new InvalidToolDefinitionError(
              where,
              '@ValidateIf cannot be described by a JSON Schema; check the condition inside the tool.',
            );
          break;
        case 'nestedValidation':
          nested = true;
          break;
        case 'isDefined':
        case 'whitelistValidation':
          break;
        case 'promiseValidation':
          throw new InvalidToolDefinitionError(where, '@ValidatePromise has no meaning for JSON arguments.');
        default:
          applyConstraint(constraintName(metadata), metadata.constraints, metadata.each ? item : value, array, where);
      }
    }
    const typeFunction = defaultMetadataStorage.findTypeMetadata(argsClass, name)?.typeFunction;
    const codec = buildPropertyCodec({
      where,
      value,
      item,
      array,
      nested,
      declaredType: ToolMetadataReader.readPropertyType(argsClass.prototype as object, name),
      transformerType: typeFunction ? typeFunction() : undefined,
      compileNested: (nestedClass) => compileClass(nestedClass, subject, stack, state),
    });
    const custom = [...value.custom, ...item.custom.map((name) => `each item: ${name}`)];
    const customConstraints = metadatas.filter(
      (metadata) => metadata.type === 'customValidation' && [...value.custom, ...item.custom].includes(constraintName(metadata)),
    );
    assertSynchronous(customConstraints, where);
    if (customConstraints.length > 0) state.needsClassValidator = true;
    const description = joinDescription(ToolMetadataReader.readDescription(argsClass.prototype as object, name), custom);
    const defaultValue = sample?.[name];
    properties.push({
      name,
      codec,
      required: !optional,
      ...(customConstraints.length > 0 ? { customConstraints } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(optional && isJsonPrimitive(defaultValue) ? { defaultValue } : {}),
    });
  }
  stack.delete(argsClass);
  return new ObjectCodec(properties, () => new argsClass() as object, ToolMetadataReader.readDescription(argsClass));
}

function groupByProperty(metadatas: ValidationMetadata[]): Map<string, ValidationMetadata[]> {
  const groups = new Map<string, ValidationMetadata[]>();
  for (const metadata of metadatas) {
    const list = groups.get(metadata.propertyName);
    if (list) list.push(metadata);
    else groups.set(metadata.propertyName, [metadata]);
  }
  return groups;
}

function tryConstruct(argsClass: ArgsClass): Record<string, unknown> | undefined {
  try {
    return new argsClass() as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function joinDescription(description: string | undefined, custom: string[]): string | undefined {
  if (custom.length === 0) return description;
  const note = `Also checked: ${custom.join(', ')}.`;
  return description === undefined ? note : `${description} ${note}`;
}

function isJsonPrimitive(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Refuses asynchronous custom constraints: tool arguments are validated synchronously, before the call. */
function assertSynchronous(constraints: readonly ValidationMetadata[], where: string): void {
  const storage = getMetadataStorage();
  for (const metadata of constraints) {
    if (storage.getTargetValidatorConstraints(metadata.constraintCls).some((constraint) => constraint.async)) {
      throw new InvalidToolDefinitionError(
        where,
        `the constraint '${constraintName(metadata)}' is asynchronous; check it inside the tool instead.`,
      );
    }
  }
}

/** A constraint's name: the decorator's, else (for `@Validate(Class)`) the constraint class's registered name. */
function constraintName(metadata: ValidationMetadata): string {
  if (metadata.name !== undefined) return metadata.name;
  if (metadata.type !== 'customValidation') return metadata.type;
  return getMetadataStorage().getTargetValidatorConstraints(metadata.constraintCls)[0]?.name ?? metadata.constraintCls.name;
}
