import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import { withAllowedValues } from '../allowed-values.js';
import { ToolMetadataReader } from '../../metadata/tool-metadata-reader.js';
import type { ValidationMetadata } from '../../types/validation-metadata.js';
import type { ArgsDefinition, CustomConstraintPlan } from '../args-definition.js';
import type { InstancePlan } from '../instance-plan.js';
import type { JsonSchema } from '../json-schema.js';
import { buildPropertySchema } from './build-property-schema.js';
import type { CompiledValue } from './compiled-property.js';
import { describeLoadedCopies } from './loaded-copies.js';
import { readPropertyRules } from './read-property-rules.js';
import { readTransformerTypes } from './read-transformer-types.js';
import { readValidationMetadata } from './read-validation-metadata.js';

/** A class whose instances a tool receives as its arguments. */
export type ArgsClass<T = unknown> = new () => T;

type PropertyConstraints = Extract<CustomConstraintPlan, { kind: 'object' }>['properties'][number];

/**
 * Compiles an Args class once into its {@link ArgsDefinition}: the JSON Schema the model is shown
 * (from its class-validator, class-transformer and `@LLMDescription` metadata), the plan that builds
 * the instance (nested classes, arrays of them, Dates) and the constraints only class-validator can check.
 * A property is declared by any class-validator decorator or by `@LLMDescription` alone (Koog style);
 * it is optional with `@IsOptional()`, `@LLMDescription({ optional: true })` or an initializer (then
 * shown as the schema's `default`).
 * @param argsClass - the Args class
 * @param subject - the tool, for messages
 * @param options - `propertyTypes`: the type of each top-level property as `@LLMDescription({ type })` takes it
 *   (from a build-time manifest), used where a property has no `design:type` (tsx, esbuild) and no type hint
 * @returns the definition
 * @throws InvalidToolDefinitionError for a property that cannot be described
 */
export function compileArgsClass(
  argsClass: ArgsClass,
  subject: string,
  options?: { propertyTypes?: Record<string, unknown> },
): ArgsDefinition {
  const compiled = compileClass(argsClass, subject, new Set(), options?.propertyTypes);
  return {
    schema: compiled.schema,
    ...(compiled.plan ? { plan: compiled.plan } : {}),
    ...(compiled.constraints ? { customConstraints: compiled.constraints } : {}),
  };
}

/**
 * @param type - a runtime type
 * @returns whether it is an Args class: a class with class-validator decorators or `@LLMDescription` properties (its own or inherited)
 */
export function hasArgsDeclarations(type: unknown): type is ArgsClass {
  return (
    typeof type === 'function' && (readValidationMetadata(type).length > 0 || ToolMetadataReader.readDeclaredProperties(type).length > 0)
  );
}

function compileClass(argsClass: ArgsClass, subject: string, stack: Set<unknown>, propertyTypes?: Record<string, unknown>): CompiledValue {
  if (stack.has(argsClass)) {
    throw new InvalidToolDefinitionError(
      subject,
      `the Args class ${argsClass.name} contains itself; recursive Args classes are not supported.`,
    );
  }
  stack.add(argsClass);
  const byProperty = groupByProperty(readValidationMetadata(argsClass));
  for (const name of ToolMetadataReader.readDeclaredProperties(argsClass)) if (!byProperty.has(name)) byProperty.set(name, []);
  if (byProperty.size === 0) {
    throw new InvalidToolDefinitionError(
      subject,
      `the Args class ${argsClass.name} declares no argument. Describe each argument property with @LLMDescription('...') ` +
        '(its type then comes from the property) or give it a class-validator decorator (e.g. @IsString(), @IsInt(), @Allow()).' +
        copiesNote(),
    );
  }
  const prototype = argsClass.prototype as object;
  const sample = tryConstruct(argsClass);
  const transformerTypes = readTransformerTypes(argsClass, [...byProperty.keys()]);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const plans: Record<string, InstancePlan | undefined> = {};
  const constraints: PropertyConstraints[] = [];
  for (const [name, metadatas] of byProperty) {
    const where = `${subject} (property '${name}' of ${argsClass.name})`;
    const rules = readPropertyRules(metadatas, where);
    const options = ToolMetadataReader.readPropertyOptions(prototype, name);
    const initial = sample?.[name];
    const designType = ToolMetadataReader.readPropertyType(prototype, name);
    const optional = rules.optional || options?.optional === true || initial !== undefined;
    const compiled = buildPropertySchema({
      where,
      value: rules.value,
      item: rules.item,
      array: rules.array,
      nested: rules.nested,
      designType,
      transformerType: transformerTypes.get(name),
      hint: options?.type ?? (designType === undefined ? propertyTypes?.[name] : undefined),
      initial,
      compileNested: (nestedClass) => compileClass(nestedClass, subject, stack),
    });
    const custom = [...rules.value.custom, ...rules.item.custom.map((constraint) => `each item: ${constraint}`)];
    const own = rules.customConstraints([
      ...rules.value.custom,
      ...rules.item.custom,
      ...rules.value.alsoChecked,
      ...rules.item.alsoChecked,
    ]);
    const description = joinDescription(options?.description ?? ToolMetadataReader.readDescription(prototype, name), custom);
    const schema: JsonSchema = withAllowedValues({ ...compiled.schema }, options?.enum, where);
    if (description !== undefined) schema.description = description;
    if (optional && isJsonValue(initial)) schema.default = initial;
    properties[name] = schema;
    if (!optional) required.push(name);
    plans[name] = compiled.plan;
    if (own.length > 0 || compiled.constraints) {
      constraints.push({
        name,
        ...(own.length > 0 ? { constraints: own } : {}),
        ...(compiled.constraints ? { inner: compiled.constraints } : {}),
      });
    }
  }
  stack.delete(argsClass);
  const description = ToolMetadataReader.readDescription(argsClass);
  return {
    schema: { type: 'object', ...(description !== undefined ? { description } : {}), properties, required },
    plan: { kind: 'object', create: () => new argsClass() as object, properties: plans },
    ...(constraints.length > 0 ? { constraints: { kind: 'object', properties: constraints } } : {}),
  };
}

/** Names each copy of class-validator when more than one is loaded: decorators of another copy are invisible here. */
function copiesNote(): string {
  const copies = describeLoadedCopies('class-validator');
  return copies === undefined ? '' : ` If it has class-validator decorators, they were recorded by another copy: ${copies}`;
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

/** Whether a value can be a JSON Schema `default`: JSON primitives, and arrays and plain objects of them. */
function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (value === null) return true;
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every((item) => isJsonValue(item, depth + 1));
  return false;
}
