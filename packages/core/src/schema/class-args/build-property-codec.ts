import { ArrayCodec } from '../../decoding/codecs/array-codec.js';
import { DateCodec } from '../../decoding/codecs/date-codec.js';
import { EnumCodec } from '../../decoding/codecs/enum-codec.js';
import type { ObjectCodec } from '../../decoding/codecs/object-codec.js';
import { PrimitiveCodec } from '../../decoding/codecs/primitive-codec.js';
import type { ValueCodec } from '../../decoding/codecs/value-codec.js';
import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { ArgsClass } from './compile-args-class.js';
import type { ArrayRules, PropertyTarget } from './property-target.js';

/** What is known of one Args property once its decorators are read. */
export interface PropertyFacts {
  where: string;
  value: PropertyTarget;
  item: PropertyTarget;
  array: ArrayRules;
  nested: boolean;
  /** `design:type`, or undefined when `emitDecoratorMetadata` is off. */
  declaredType: unknown;
  /** The class named by class-transformer's `@Type`, if any. */
  transformerType: unknown;
  compileNested: (argsClass: ArgsClass) => ObjectCodec;
}

const numericKeywords = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const stringKeywords = ['minLength', 'maxLength', 'pattern', 'format'];

/**
 * Builds the codec of one Args property from its facts.
 * @throws InvalidToolDefinitionError when the property's type cannot be described
 */
export function buildPropertyCodec(facts: PropertyFacts): ValueCodec {
  const { array, declaredType } = facts;
  if (declaredType === Array) array.isArray = true;
  if (!array.isArray) return buildValueCodec(facts, facts.value, declaredType);
  if (facts.value.base !== undefined || Object.keys(facts.value.keywords).length > 0) {
    throw new InvalidToolDefinitionError(
      facts.where,
      'is an array, but a value constraint is not marked { each: true }; add each: true to apply it to the items.',
    );
  }
  const hasItemFacts = facts.item.base !== undefined || facts.nested || facts.transformerType !== undefined;
  const items = hasItemFacts ? buildValueCodec(facts, facts.item, undefined) : undefined;
  if (items === undefined && Object.keys(facts.item.keywords).length > 0) {
    throw new InvalidToolDefinitionError(facts.where, 'constrains its items but gives them no type; add e.g. @IsString({ each: true }).');
  }
  return new ArrayCodec(items, { ...pick(array, 'minItems'), ...pick(array, 'maxItems'), ...pick(array, 'uniqueItems') });
}

function buildValueCodec(facts: PropertyFacts, target: PropertyTarget, declaredType: unknown): ValueCodec {
  const { where } = facts;
  const classType = facts.transformerType ?? declaredType;
  if (facts.nested || (target.base === undefined && isUserClass(classType))) {
    if (!facts.nested) {
      throw new InvalidToolDefinitionError(
        where,
        `is typed with the class ${(classType as ArgsClass).name}; mark it @ValidateNested() and @Type(() => ${(classType as ArgsClass).name}).`,
      );
    }
    if (!isUserClass(facts.transformerType)) {
      throw new InvalidToolDefinitionError(
        where,
        'has @ValidateNested() but no class-transformer @Type(() => NestedClass), so its class is unknown. ' +
          '(If @Type is there, class-transformer is loaded twice, e.g. its ESM build by a bundler: let the bundler use its CommonJS build.)',
      );
    }
    return facts.compileNested(facts.transformerType as ArgsClass);
  }
  const base = target.base ?? baseFromDeclaredType(facts.transformerType ?? declaredType, where);
  checkDeclaredType(base, declaredType, where);
  if (target.notEmpty) {
    if (base === 'string') target.keywords.minLength = Math.max(target.keywords.minLength ?? 0, 1);
    else target.custom.push('isNotEmpty');
  }
  checkKeywords(base, target, where);
  switch (base) {
    case 'enum':
      return new EnumCodec(target.values ?? []);
    case 'date':
      return new DateCodec();
    default:
      return new PrimitiveCodec(base, target.keywords);
  }
}

function baseFromDeclaredType(type: unknown, where: string): PropertyTarget['base'] & string {
  if (type === String) return 'string';
  if (type === Number) return 'number';
  if (type === Boolean) return 'boolean';
  if (type === Date) return 'date';
  if (type === undefined) {
    throw new InvalidToolDefinitionError(
      where,
      'has no type decorator and no design:type metadata. Enable "emitDecoratorMetadata" (and "experimentalDecorators") ' +
        'in tsconfig.json, or give the property a type decorator such as @IsString() or @IsInt() (with type decorators, ' +
        'Args classes need no design metadata, e.g. under esbuild, tsx or Vite).',
    );
  }
  const name = typeof type === 'function' ? type.name : typeof type;
  throw new InvalidToolDefinitionError(
    where,
    `has the runtime type ${name} (an interface, union, any or unknown says nothing useful). ` +
      'Add a type decorator such as @IsString(), @IsInt() or @IsIn([...]), or use a nested Args class with @ValidateNested() + @Type().',
  );
}

function checkDeclaredType(base: string, declaredType: unknown, where: string): void {
  const compatible: Record<string, unknown[]> = {
    string: [String],
    number: [Number],
    integer: [Number],
    boolean: [Boolean],
    date: [Date, String],
  };
  const allowed = compatible[base];
  if (allowed === undefined || declaredType === undefined || declaredType === Object || declaredType === Array) return;
  if (!allowed.includes(declaredType) && [String, Number, Boolean].includes(declaredType as never)) {
    throw new InvalidToolDefinitionError(
      where,
      `is declared as ${(declaredType as ArgsClass).name} but validated as ${base}; no value could pass.`,
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

function isUserClass(type: unknown): boolean {
  return typeof type === 'function' && ![String, Number, Boolean, Date, Array, Object, Function, Promise, Map, Set].includes(type as never);
}

function pick<T extends object, K extends keyof T>(object: T, key: K): Partial<Pick<T, K>> {
  return object[key] === undefined ? {} : ({ [key]: object[key] } as Partial<Pick<T, K>>);
}
