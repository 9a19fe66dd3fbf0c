import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { JsonSchema } from '../json-schema.js';
import type { CompiledValue } from './compiled-property.js';
import { isUserClass, missingTypeError, resolveDeclaredType } from './declared-type.js';
import { describeLoadedCopies } from './loaded-copies.js';
import type { ArrayRules, BaseKind, PropertyTarget } from './property-target.js';

/** What is known of one Args property once its decorators are read. */
export interface PropertyFacts {
  where: string;
  value: PropertyTarget;
  item: PropertyTarget;
  array: ArrayRules;
  nested: boolean;
  /** `design:type`, or undefined when the build emitted no decorator metadata. */
  designType: unknown;
  /** The class named by class-transformer's `@Type`, if any. */
  transformerType: unknown;
  /** The `type` given to `@LLMDescription`, if any. */
  hint: unknown;
  /** The property's value on a new instance (its initializer), if any. */
  initial: unknown;
  compileNested: (argsClass: new () => unknown) => CompiledValue;
}

const numericKeywords = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const stringKeywords = ['minLength', 'maxLength', 'pattern', 'format'];

/**
 * Builds the schema, instance plan and nested custom constraints of one Args property from its facts.
 * @param facts - what its decorators and types say
 * @returns the compiled value
 * @throws InvalidToolDefinitionError when the property's type cannot be described
 */
export function buildPropertySchema(facts: PropertyFacts): CompiledValue {
  const { array } = facts;
  const declared = resolveDeclaredType(facts.designType, facts.transformerType, facts.hint, facts.initial);
  // An array only by its TypeScript type (no array decorator such as @IsArray()): its items must be typed.
  const arrayByTypeOnly = !array.isArray && declared.isArray;
  if (declared.isArray) array.isArray = true;
  if (!array.isArray) return buildValue(facts, facts.value, declared.type, facts.designType);
  if (facts.value.base !== undefined || Object.keys(facts.value.keywords).length > 0) {
    throw new InvalidToolDefinitionError(
      facts.where,
      'is an array, but a value constraint is not marked { each: true }; add each: true to apply it to the items.',
    );
  }
  const hasItemFacts = facts.item.base !== undefined || facts.nested || declared.type !== undefined;
  const items = hasItemFacts ? buildValue(facts, facts.item, declared.type, undefined) : undefined;
  if (items === undefined && Object.keys(facts.item.keywords).length > 0) {
    throw new InvalidToolDefinitionError(
      facts.where,
      'constrains its items but gives them no type; add e.g. @IsString({ each: true }) or @LLMDescription({ description, type: String }).',
    );
  }
  if (items === undefined && arrayByTypeOnly) {
    throw new InvalidToolDefinitionError(
      facts.where,
      'is an array, but nothing gives the type of its items (TypeScript does not record it), so any item would pass. ' +
        'Give it with @LLMDescription({ description, type: [String] }), a type decorator marked each: true ' +
        '(e.g. @IsString({ each: true })), or @ValidateNested({ each: true }) with @Type(() => ItemClass).',
    );
  }
  const schema: JsonSchema = { type: 'array', ...(items ? { items: items.schema } : {}) };
  if (array.minItems !== undefined) schema.minItems = array.minItems;
  if (array.maxItems !== undefined) schema.maxItems = array.maxItems;
  if (array.uniqueItems !== undefined) schema.uniqueItems = array.uniqueItems;
  return {
    schema,
    ...(items?.plan ? { plan: { kind: 'array', items: items.plan } } : {}),
    ...(items?.constraints ? { constraints: { kind: 'array', items: items.constraints } } : {}),
  };
}

function buildValue(facts: PropertyFacts, target: PropertyTarget, type: unknown, designType: unknown): CompiledValue {
  const { where } = facts;
  // @IsObject() on a nested class's property says no more than the class does.
  if (facts.nested || ((target.base === undefined || target.base === 'object') && isUserClass(type))) {
    if (!isUserClass(type)) {
      const copies = describeLoadedCopies('class-transformer');
      throw new InvalidToolDefinitionError(
        where,
        'has @ValidateNested() but its class is unknown: add @Type(() => NestedClass) (for an array, the element class), ' +
          'or @LLMDescription({ description, type: NestedClass }). ' +
          (copies === undefined
            ? '(If @Type is there, class-transformer is loaded twice, e.g. its ESM build by a bundler: let the bundler use its CommonJS build.)'
            : `If @Type is there, it was recorded by another copy: ${copies}`),
      );
    }
    return facts.compileNested(type);
  }
  const base = target.base ?? baseFromType(type, where);
  checkDeclaredType(base, designType, where);
  if (target.notEmpty) {
    if (base === 'string') target.keywords.minLength = Math.max(target.keywords.minLength ?? 0, 1);
    else target.custom.push('isNotEmpty');
  }
  checkKeywords(base, target, where);
  switch (base) {
    case 'enum':
      return { schema: enumSchema(target.values ?? []) };
    case 'date':
      return { schema: { type: 'string', format: 'date-time' }, plan: { kind: 'date' } };
    default:
      return { schema: { type: base, ...target.keywords } };
  }
}

function enumSchema(values: readonly unknown[]): JsonSchema {
  const types = new Set(values.map((value) => (Number.isInteger(value) ? 'integer' : typeof value)));
  const type = types.size === 1 ? [...types][0] : undefined;
  return type === 'string' || type === 'integer' || type === 'number' || type === 'boolean'
    ? { type, enum: [...values] }
    : { enum: [...values] };
}

function baseFromType(type: unknown, where: string): BaseKind {
  if (type === String) return 'string';
  if (type === Number) return 'number';
  if (type === 'integer') return 'integer';
  if (type === Boolean) return 'boolean';
  if (type === Date) return 'date';
  if (type === undefined) throw missingTypeError(where);
  const name = typeof type === 'function' ? type.name : typeof type;
  throw new InvalidToolDefinitionError(
    where,
    `has the runtime type ${name} (an interface, union, any or unknown says nothing useful). ` +
      'Add a type decorator such as @IsString(), @IsInt() or @IsIn([...]), give the type with @LLMDescription({ description, type }), ' +
      'or use a nested Args class.',
  );
}

function checkDeclaredType(base: string, designType: unknown, where: string): void {
  const compatible: Record<string, unknown[]> = {
    string: [String],
    number: [Number],
    integer: [Number],
    boolean: [Boolean],
    date: [Date, String],
  };
  const allowed = compatible[base];
  if (allowed === undefined || designType === undefined || designType === Object || designType === Array) return;
  if (!allowed.includes(designType) && [String, Number, Boolean].includes(designType as never)) {
    throw new InvalidToolDefinitionError(
      where,
      `is declared as ${(designType as { name: string }).name} but validated as ${base}; no value could pass.`,
    );
  }
}

function checkKeywords(base: string, target: PropertyTarget, where: string): void {
  for (const key of Object.keys(target.keywords)) {
    const wrongForNumbers = numericKeywords.includes(key) && base !== 'number' && base !== 'integer';
    const wrongForStrings = stringKeywords.includes(key) && base !== 'string';
    if (wrongForNumbers || wrongForStrings) {
      throw new InvalidToolDefinitionError(where, `${target.sources[key] ?? key} does not apply to a ${base} value.`);
    }
  }
}
