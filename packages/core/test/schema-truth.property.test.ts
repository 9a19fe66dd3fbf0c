import 'reflect-metadata';
import Ajv, { type ValidateFunction } from 'ajv';
import { compileArgumentCleaner } from '../src/decoding/argument-cleaner.js';
import addFormats from 'ajv-formats';
import { plainToInstance, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  ArrayUnique,
  Equals,
  IsArray,
  IsBoolean,
  IsDate,
  IsDateString,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsNegative,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsPositive,
  IsString,
  IsUrl,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
  ValidationError,
  validateSync,
} from 'class-validator';
import fc from 'fast-check';
import { defaultArgumentLimits, Tool, type JsonSchema } from '../src/index.js';

/*
 * The schema tells the truth: over generated Args classes and generated values, what the emitted
 * JSON Schema accepts (checked by ajv with ajv-formats) the decoder accepts, and what it rejects
 * the decoder rejects. One documented exception: the keys __proto__, constructor and prototype,
 * which the decoder refuses and the schema does not mention, are kept out of generated values
 * (they have their own tests below). And toolcraft agrees with class-validator's own validation
 * (plainToInstance + validateSync) on the same classes and values, except for the cases the README
 * lists under "Stricter than class-validator" (and the few definitions that differ), which the
 * comparison allows by the feature of the class that causes them.
 */

// ---------------------------------------------------------------------------------------------
// Specs: what a generated Args class declares.

type Primitive = string | number | boolean;

type StringSpec = {
  kind: 'string';
  designOnly: boolean;
  minLength?: number;
  maxLength?: number;
  length?: [number, number];
  notEmpty: boolean;
  pattern?: string;
  equals?: string;
};
type NumberSpec = {
  kind: 'number';
  integer: boolean;
  designOnly: boolean;
  min?: number;
  max?: number;
  sign?: 'positive' | 'negative';
  equals?: number;
};
type BooleanSpec = { kind: 'boolean'; designOnly: boolean; equals?: boolean };
type InSpec = { kind: 'in'; values: Primitive[] };
type EnumSpec = { kind: 'enum'; entity: Record<string, string | number>; values: (string | number)[]; names: string[] };
type FormatSpec = { kind: 'format'; format: 'email' | 'uuid' | 'url' | 'dateString' };
type DateSpec = { kind: 'date' };
type ScalarSpec = StringSpec | NumberSpec | BooleanSpec | InSpec | EnumSpec | FormatSpec | DateSpec;
type ArrayRules = { minSize?: number; maxSize?: number; notEmpty: boolean; unique: boolean };
type ArraySpec = { kind: 'array'; item?: ScalarSpec; rules: ArrayRules };
type NestedSpec = { kind: 'nested'; inner: ClassSpec; array?: ArrayRules };
type ValueSpec = ScalarSpec | ArraySpec | NestedSpec;
type PropertySpec = { optional: boolean; value: ValueSpec };
type ClassSpec = { properties: PropertySpec[] };

const patterns = ['^[a-z]+$', '^\\d{2,4}$', 'ab', '^[A-Z][a-z]*$', '^(foo|bar)-\\d$', '^.{2}$', '^\\p{L}+$', '^\\S*$', '\\w'];

const smallLength = fc.nat({ max: 6 });
const bound = fc.oneof(
  fc.integer({ min: -50, max: 50 }),
  fc.double({ min: -50, max: 50, noNaN: true, noDefaultInfinity: true }).map((x) => Math.round(x * 4) / 4),
);

const stringSpec = (designOnly: boolean): fc.Arbitrary<StringSpec> =>
  fc
    .record(
      {
        minLength: smallLength,
        maxLength: smallLength.map((extra) => extra + 1),
        length: fc.tuple(smallLength, smallLength).map(([low, extra]): [number, number] => [low, low + extra]),
        notEmpty: fc.boolean(),
        pattern: fc.constantFrom(...patterns),
        equals: fc.string({ maxLength: 3 }),
        rare: fc.nat({ max: 4 }),
      },
      { requiredKeys: ['notEmpty', 'rare'] },
    )
    .map(({ rare, equals, ...spec }): StringSpec => ({
      kind: 'string',
      designOnly,
      ...spec,
      ...(rare === 0 && equals !== undefined ? { equals } : {}),
    }));

const numberSpec = (designOnly: boolean): fc.Arbitrary<NumberSpec> =>
  fc
    .record(
      {
        integer: designOnly ? fc.constant(false) : fc.boolean(),
        min: bound,
        max: bound,
        sign: fc.constantFrom<'positive' | 'negative'>('positive', 'negative'),
        equals: bound,
        rare: fc.nat({ max: 4 }),
      },
      { requiredKeys: ['integer', 'rare'] },
    )
    .map(({ rare, equals, ...spec }) => {
      const result: NumberSpec = { kind: 'number', designOnly, ...spec, ...(rare === 0 && equals !== undefined ? { equals } : {}) };
      if (result.min !== undefined && result.max !== undefined && result.max < result.min)
        [result.min, result.max] = [result.max, result.min];
      return result;
    });

const booleanSpec = (designOnly: boolean): fc.Arbitrary<BooleanSpec> =>
  fc.record({ equals: fc.boolean() }, { requiredKeys: [] }).map((spec) => ({ kind: 'boolean', designOnly, ...spec }));

const inSpec: fc.Arbitrary<InSpec> = fc
  .uniqueArray(fc.oneof(fc.string({ maxLength: 3 }), fc.integer({ min: -3, max: 3 }), fc.constantFrom(0.5, -2.25), fc.boolean()), {
    minLength: 1,
    maxLength: 4,
    comparator: 'SameValueZero',
  })
  .map((values) => ({ kind: 'in', values }));

const enumSpec: fc.Arbitrary<EnumSpec> = fc.oneof(
  fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((values): EnumSpec => {
    const names = values.map((_, index) => `S${index}`);
    return { kind: 'enum', entity: Object.fromEntries(names.map((name, index) => [name, values[index]])), values, names };
  }),
  fc.uniqueArray(fc.integer({ min: -5, max: 20 }), { minLength: 1, maxLength: 4 }).map((values): EnumSpec => {
    // A numeric TypeScript enum, with its reverse mapping.
    const names = values.map((_, index) => `N${index}`);
    const entity: Record<string, string | number> = {};
    names.forEach((name, index) => {
      entity[name] = values[index];
      entity[String(values[index])] = name;
    });
    return { kind: 'enum', entity, values, names };
  }),
);

const formatSpec: fc.Arbitrary<FormatSpec> = fc
  .constantFrom<FormatSpec['format']>('email', 'uuid', 'url', 'dateString')
  .map((format) => ({ kind: 'format', format }));

const scalarSpec: fc.Arbitrary<ScalarSpec> = fc.oneof(
  { arbitrary: stringSpec(false), weight: 3 },
  { arbitrary: numberSpec(false), weight: 3 },
  { arbitrary: booleanSpec(false), weight: 1 },
  { arbitrary: stringSpec(true), weight: 1 },
  { arbitrary: numberSpec(true), weight: 1 },
  { arbitrary: booleanSpec(true), weight: 1 },
  { arbitrary: inSpec, weight: 2 },
  { arbitrary: enumSpec, weight: 2 },
  { arbitrary: formatSpec, weight: 3 },
  { arbitrary: fc.constant<DateSpec>({ kind: 'date' }), weight: 1 },
);

const arrayRules: fc.Arbitrary<ArrayRules> = fc
  .record(
    { minSize: fc.nat({ max: 3 }), maxSize: fc.integer({ min: 1, max: 5 }), notEmpty: fc.boolean(), unique: fc.boolean() },
    { requiredKeys: ['notEmpty', 'unique'] },
  )
  .map((rules) => {
    if (rules.minSize !== undefined && rules.maxSize !== undefined && rules.maxSize < rules.minSize) rules.maxSize = rules.minSize;
    return rules;
  });

const itemSpec: fc.Arbitrary<ScalarSpec> = scalarSpec.filter((spec) => !('designOnly' in spec && spec.designOnly));

const classSpec: fc.Arbitrary<ClassSpec> = fc.letrec<{ class: ClassSpec; value: ValueSpec }>((tie) => ({
  class: fc.record({
    properties: fc.array(fc.record({ optional: fc.boolean(), value: tie('value') }), { minLength: 1, maxLength: 4 }),
  }),
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: scalarSpec, weight: 8 },
    {
      arbitrary: fc.record({ kind: fc.constant('array' as const), item: itemSpec, rules: arrayRules }, { requiredKeys: ['kind', 'rules'] }),
      weight: 2,
    },
    {
      arbitrary: fc.record(
        { kind: fc.constant('nested' as const), inner: tie('class'), array: arrayRules },
        { requiredKeys: ['kind', 'inner'] },
      ),
      weight: 1,
    },
  ),
})).class;

// ---------------------------------------------------------------------------------------------
// Building a class from a spec, by calling the decorators directly.

function designTypeOf(spec: ScalarSpec): unknown {
  switch (spec.kind) {
    case 'string':
    case 'format':
      return String;
    case 'number':
      return Number;
    case 'boolean':
      return Boolean;
    case 'date':
      return Date;
    case 'in':
    case 'enum': {
      const values: unknown[] = spec.kind === 'in' ? spec.values : spec.values;
      if (values.every((value) => typeof value === 'string')) return String;
      if (values.every((value) => typeof value === 'number')) return Number;
      return Object;
    }
  }
}

function scalarDecorators(spec: ScalarSpec, each: boolean): PropertyDecorator[] {
  const options = each ? { each: true } : {};
  switch (spec.kind) {
    case 'string': {
      const decorators: PropertyDecorator[] = spec.designOnly ? [] : [IsString(options)];
      if (spec.minLength !== undefined) decorators.push(MinLength(spec.minLength, options));
      if (spec.maxLength !== undefined) decorators.push(MaxLength(spec.maxLength, options));
      if (spec.length !== undefined) decorators.push(Length(spec.length[0], spec.length[1], options));
      if (spec.notEmpty) decorators.push(IsNotEmpty(options));
      if (spec.pattern !== undefined) decorators.push(Matches(new RegExp(spec.pattern), options));
      if (spec.equals !== undefined) decorators.push(Equals(spec.equals, options));
      return decorators;
    }
    case 'number': {
      const decorators: PropertyDecorator[] = spec.designOnly ? [] : [spec.integer ? IsInt(options) : IsNumber({}, options)];
      if (spec.min !== undefined) decorators.push(Min(spec.min, options));
      if (spec.max !== undefined) decorators.push(Max(spec.max, options));
      if (spec.sign === 'positive') decorators.push(IsPositive(options));
      if (spec.sign === 'negative') decorators.push(IsNegative(options));
      if (spec.equals !== undefined) decorators.push(Equals(spec.equals, options));
      return decorators;
    }
    case 'boolean': {
      const decorators: PropertyDecorator[] = spec.designOnly ? [] : [IsBoolean(options)];
      if (spec.equals !== undefined) decorators.push(Equals(spec.equals, options));
      return decorators;
    }
    case 'in':
      return [IsIn(spec.values, options)];
    case 'enum':
      return [IsEnum(spec.entity, options)];
    case 'format':
      switch (spec.format) {
        case 'email':
          return [IsEmail({}, options)];
        case 'uuid':
          return [IsUUID('all', options)];
        case 'url':
          return [IsUrl({}, options)];
        case 'dateString':
          return [IsDateString({}, options)];
      }
      break;
    case 'date':
      return [IsDate(options), Type(() => Date)];
  }
}

function arrayDecorators(rules: ArrayRules): PropertyDecorator[] {
  const decorators: PropertyDecorator[] = [IsArray()];
  if (rules.minSize !== undefined) decorators.push(ArrayMinSize(rules.minSize));
  if (rules.maxSize !== undefined) decorators.push(ArrayMaxSize(rules.maxSize));
  if (rules.notEmpty) decorators.push(ArrayNotEmpty());
  if (rules.unique) decorators.push(ArrayUnique());
  return decorators;
}

let classCounter = 0;

function buildClass(spec: ClassSpec): new () => object {
  const Generated = class {};
  Object.defineProperty(Generated, 'name', { value: `Generated${classCounter++}` });
  const prototype = Generated.prototype as object;
  spec.properties.forEach((property, index) => {
    const name = `p${index}`;
    const value = property.value;
    const decorators: PropertyDecorator[] = [];
    let designType: unknown;
    if (value.kind === 'array') {
      designType = Array;
      decorators.push(...arrayDecorators(value.rules));
      if (value.item) decorators.push(...scalarDecorators(value.item, true));
    } else if (value.kind === 'nested') {
      const Inner = buildClass(value.inner);
      designType = value.array ? Array : Inner;
      decorators.push(
        ValidateNested(value.array ? { each: true } : {}),
        Type(() => Inner),
      );
      if (value.array) decorators.push(...arrayDecorators(value.array));
    } else {
      designType = designTypeOf(value);
      decorators.push(...scalarDecorators(value, false));
    }
    if (property.optional) decorators.push(IsOptional());
    else if (decorators.length === 0 || (value.kind !== 'array' && value.kind !== 'nested' && 'designOnly' in value && value.designOnly)) {
      decorators.push(Allow());
    }
    for (const decorator of decorators) decorator(prototype, name);
    Reflect.defineMetadata('design:type', designType, prototype, name);
  });
  return Generated;
}

function buildTool(argsType: new () => object): Tool<object, unknown> {
  class GeneratedTool extends Tool<object, unknown> {
    constructor() {
      super({ argsType, name: 'generated', description: 'A generated tool.' });
    }
    async execute(): Promise<unknown> {
      return undefined;
    }
  }
  return new GeneratedTool();
}

// ---------------------------------------------------------------------------------------------
// Values near the schema, and random JSON.

const missing = Symbol('missing');
const loneSurrogates = fc.constantFrom('\uD800', 'a\uDBFF', '\uDC00b', '\uD83D', 'x\uD800\uD800', '\uDFFF\uD800');
const anyString = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  loneSurrogates,
);
const wrongType = fc.oneof(
  fc.jsonValue({ maxDepth: 1 }),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant('1'),
  fc.constant(1),
  fc.constant(true),
);

function stringsOfLength(length: number): fc.Arbitrary<string> {
  const n = Math.max(0, length);
  return fc.constantFrom('a'.repeat(n), '😀'.repeat(n), '\uD800'.repeat(n), 'é'.repeat(n), `${'a'.repeat(Math.max(0, n - 1))}\uD800`);
}

function stringValue(spec: StringSpec): fc.Arbitrary<unknown> {
  const lengths = [spec.minLength, spec.maxLength, ...(spec.length ?? [])].filter((n): n is number => n !== undefined);
  const edges = lengths.flatMap((n) => [n - 1, n, n + 1]).map(stringsOfLength);
  const low = Math.max(spec.minLength ?? 0, spec.length?.[0] ?? 0, spec.notEmpty ? 1 : 0);
  const high = Math.max(low, Math.min(spec.maxLength ?? 8, spec.length?.[1] ?? 8));
  let good: fc.Arbitrary<unknown> = fc.string({ minLength: low, maxLength: high });
  if (spec.pattern !== undefined)
    good = fc.oneof(
      good,
      fc.stringMatching(new RegExp(spec.pattern, 'u')).map((text) => text.slice(0, high)),
    );
  if (spec.equals !== undefined) good = fc.constant(spec.equals);
  return fc.oneof(
    { arbitrary: good, weight: 10 },
    { arbitrary: fc.oneof(anyString, fc.constant(''), ...edges), weight: 3 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function numberValue(spec: NumberSpec): fc.Arbitrary<unknown> {
  const points = [spec.min, spec.max, spec.equals, 0].filter((n): n is number => n !== undefined);
  const edges = points.flatMap((n) => [n, n - 1, n + 1, n - 0.5, n + 0.5, n - 1e-9, n + 1e-9]);
  const low = Math.max(spec.min ?? -100, spec.sign === 'positive' ? 0 : -100);
  const high = Math.min(spec.max ?? 100, spec.sign === 'negative' ? 0 : 100);
  const inRange = high > low ? fc.double({ min: low, max: high, noNaN: true }) : fc.double({ noNaN: true, noDefaultInfinity: true });
  const good =
    spec.equals !== undefined
      ? fc.constant(spec.equals)
      : spec.integer
        ? inRange.map(Math.round)
        : fc.oneof(inRange, inRange.map(Math.round));
  const odd = fc.constantFrom(-0, 1e21, 2 ** 53 + 2, -(2 ** 53), Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, 1e-7, 0.1 + 0.2);
  return fc.oneof(
    { arbitrary: good, weight: 10 },
    { arbitrary: fc.oneof(fc.constantFrom(...edges), odd, fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()), weight: 3 },
    { arbitrary: wrongType, weight: 1 },
  );
}

const formatStrings: Record<FormatSpec['format'], fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uuid: fc.oneof(fc.uuid(), fc.uuid({ version: 4 })),
  url: fc.webUrl({ withQueryParameters: true, withFragments: true }),
  dateString: fc.date({ min: new Date(-1e13), max: new Date(4e13), noInvalidDate: true }).map((date) => date.toISOString()),
};

const dateEdges = fc.constantFrom(
  '2024-02-29T12:00:00Z',
  '2023-02-29T12:00:00Z',
  '2024-04-31T00:00:00Z',
  '2016-12-31T23:59:60Z',
  '2016-12-31T22:59:60-01:00',
  '2024-01-01t00:00:00z',
  '2024-01-01 00:00:00Z',
  '2024-01-01T00:00:00+01:00',
  '2024-01-01T00:00:00.123456789Z',
  '2024-01-01T00:00:00',
  '2024-01-01',
  '2024-01-01T24:00:00Z',
  '0000-01-01T00:00:00Z',
  '+010000-01-01T00:00:00.000Z',
);

function formatValue(format: FormatSpec['format']): fc.Arbitrary<unknown> {
  const good = formatStrings[format];
  const mutated = good.chain((text) =>
    fc.constantFrom(
      `${text} `,
      ` ${text}`,
      text.toUpperCase(),
      text.slice(1),
      text.slice(0, -1),
      text.replace(/[-:@.]/, ''),
      `${text}\u00e9`,
    ),
  );
  return fc.oneof(
    { arbitrary: good, weight: 10 },
    { arbitrary: fc.oneof(mutated, anyString, ...(format === 'dateString' ? [dateEdges] : [])), weight: 3 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function choiceValue(values: readonly unknown[], others: unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...values), weight: 10 },
    { arbitrary: fc.constantFrom(...others, ...values.map(String)), weight: 2 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function scalarValue(spec: ScalarSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'string':
      return stringValue(spec);
    case 'number':
      return numberValue(spec);
    case 'boolean':
      return fc.oneof(
        { arbitrary: spec.equals !== undefined ? fc.constant(spec.equals) : fc.boolean(), weight: 10 },
        { arbitrary: fc.constantFrom('true', 0, 1), weight: 1 },
        { arbitrary: wrongType, weight: 1 },
      );
    case 'in':
      return choiceValue(spec.values, ['x', 0, -0, 1.0, false, 0.25]);
    case 'enum':
      return choiceValue(spec.values, [...spec.names, 'x', 99]);
    case 'format':
      return formatValue(spec.format);
    case 'date':
      return formatValue('dateString');
  }
}

function arrayOf(item: fc.Arbitrary<unknown>, rules: ArrayRules): fc.Arbitrary<unknown> {
  const low = Math.max(rules.minSize ?? 0, rules.notEmpty ? 1 : 0);
  const high = Math.max(low, rules.maxSize ?? low + 3);
  const fitting = fc.array(item, { minLength: low, maxLength: high });
  const edgy = fc.array(item, { minLength: Math.max(0, low - 1), maxLength: high + 1 });
  // A repeated item, and one equal to another up to the order of its keys (equal in JSON Schema).
  const withDuplicate = fc
    .tuple(fitting, fc.boolean())
    .map(([items, reorder]) => (items.length > 0 ? [...items.slice(1), reorder ? reorderKeys(items[0]) : items[0], items[0]] : items));
  return fc.oneof(
    { arbitrary: fitting, weight: 10 },
    { arbitrary: fc.oneof(edgy, withDuplicate), weight: 2 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function reorderKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, child]) => [key, reorderKeys(child)]),
  );
}

function valueFor(spec: ValueSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'array':
      return arrayOf(spec.item ? scalarValue(spec.item) : fc.jsonValue({ maxDepth: 2 }), spec.rules);
    case 'nested':
      return spec.array
        ? arrayOf(objectFor(spec.inner), spec.array)
        : fc.oneof({ arbitrary: objectFor(spec.inner), weight: 6 }, { arbitrary: wrongType, weight: 1 });
    default:
      return scalarValue(spec);
  }
}

const forbidden = new Set(['__proto__', 'constructor', 'prototype']);
const extraKey = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('p0', 'p1', 'extra')).filter((key) => !forbidden.has(key));

function objectFor(spec: ClassSpec): fc.Arbitrary<Record<string, unknown>> {
  const slots = spec.properties.map((property) =>
    fc.oneof(
      { arbitrary: valueFor(property.value), weight: 20 },
      { arbitrary: fc.constant(missing), weight: 1 },
      { arbitrary: fc.constant(null), weight: 1 },
    ),
  );
  const extras = fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    { arbitrary: fc.dictionary(extraKey, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), weight: 1 },
  );
  return fc.tuple(extras, fc.tuple(...slots)).map(([extra, values]) => {
    const object: Record<string, unknown> = { ...extra };
    values.forEach((value, index) => {
      if (value === missing) delete object[`p${index}`];
      else object[`p${index}`] = value;
    });
    return object;
  });
}

function argumentsFor(spec: ClassSpec): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: objectFor(spec), weight: 12 }, { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 });
}

function hasForbiddenKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).some((key) => forbidden.has(key)) || Object.values(value).some(hasForbiddenKey);
}

// ---------------------------------------------------------------------------------------------
// The comparison.

const ajv = addFormats(new Ajv({ allowUnionTypes: true, code: { optimize: false } }));
const tally = { accepted: 0, rejected: 0, compared: 0 };

/** Constraints that class-validator checks after the schema (README, "Stricter than class-validator"). */
const classValidatorChecked = new Set(['isEmail', 'isUrl']);

function compare(schema: JsonSchema, validate: ValidateFunction, tool: Tool<object, unknown>, value: unknown): void {
  if (hasForbiddenKey(value)) return;
  // null for an optional property means absent (documented): the schema is asked about the value without those nulls.
  let schemaAccepts: boolean;
  try {
    schemaAccepts = validate(compileArgumentCleaner(schema)(value));
  } catch {
    // Plain ajv's deep equality (const, enum) throws for an own `valueOf` or `toString` that is not a
    // function; toolcraft's decoder must still answer with an outcome, never throw.
    for (const raw of [value, JSON.stringify(value)]) expect(typeof tool.argsDecoder.decode(raw, defaultArgumentLimits).ok).toBe('boolean');
    return;
  }
  // Both as the model sends it (JSON text) and as a caller may pass it (an object; a string or
  // null there means something else: JSON text, or no arguments).
  const text = JSON.stringify(value);
  for (const raw of typeof value === 'object' && value !== null ? [value, text] : [text]) {
    const outcome = tool.argsDecoder.decode(raw, defaultArgumentLimits);
    // Documented: @IsEmail and @IsUrl also run through class-validator after the schema's format (their
    // options and validator.js's rules have no JSON Schema meaning), so the decoder may refuse more, by those alone.
    const onlyClassValidatorChecks =
      schemaAccepts && !outcome.ok && outcome.violations.every((violation) => classValidatorChecked.has(violation.constraint));
    if (outcome.ok !== schemaAccepts && !onlyClassValidatorChecks) {
      throw new Error(
        `The schema ${schemaAccepts ? 'accepts' : 'rejects'} but the decoder ${outcome.ok ? 'accepts' : 'rejects'}\n` +
          `value: ${JSON.stringify(value)} (${typeof raw === 'string' ? 'as JSON text' : 'as an object'})\n` +
          `schema: ${JSON.stringify(schema)}\n` +
          (outcome.ok ? '' : `violations: ${JSON.stringify(outcome.violations)}\n`) +
          (schemaAccepts ? '' : `ajv: ${JSON.stringify(validate.errors)}`),
      );
    }
    if (outcome.ok) expectValidDates(outcome.value);
  }
  tally.compared++;
  if (schemaAccepts) tally.accepted++;
  else tally.rejected++;
}

/** A decoded `Date` must be a real date, never an Invalid Date. */
function expectValidDates(value: unknown): void {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('the decoder produced an Invalid Date');
    return;
  }
  if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) expectValidDates(child);
}

const classWithValues = classSpec.chain((spec) =>
  fc.tuple(fc.constant(spec), fc.array(argumentsFor(spec), { minLength: 8, maxLength: 8 })),
);

describe('the schema of a generated Args class', () => {
  it('accepts exactly the arguments the decoder accepts', () => {
    fc.assert(
      fc.property(classWithValues, ([spec, values]) => {
        const tool = buildTool(buildClass(spec));
        const schema = tool.inputSchema;
        const validate = ajv.compile(schema);
        for (const value of values) compare(schema, validate, tool, value);
      }),
      { numRuns: 300 },
    );
    expect(tally.accepted).toBeGreaterThan(tally.compared * 0.15);
    expect(tally.rejected).toBeGreaterThan(tally.compared * 0.15);
  });
});

// ---------------------------------------------------------------------------------------------
// Agreement with class-validator's own semantics.

/**
 * Where toolcraft is documented (README, "Stricter than class-validator") to refuse what
 * class-validator accepts, by the feature of the Args class that makes it so.
 */
type StricterFeature =
  | 'numericEnumNames'
  | 'designType'
  | 'url'
  | 'dateString'
  | 'date'
  | 'nestedShape'
  | 'unicodePattern'
  | 'email'
  | 'uuid'
  | 'structuralUnique';

function stricterFeatures(spec: ClassSpec, found = new Set<StricterFeature>()): Set<StricterFeature> {
  const scalar = (value: ScalarSpec) => {
    if ('designOnly' in value && value.designOnly) found.add('designType');
    if (value.kind === 'format') found.add(value.format === 'dateString' ? 'dateString' : value.format);
    if (value.kind === 'date') found.add('date');
    if (value.kind === 'enum' && value.values.some((member) => typeof member === 'number')) found.add('numericEnumNames');
    if (value.kind === 'string' && value.pattern !== undefined) found.add('unicodePattern');
  };
  for (const { value } of spec.properties) {
    if (value.kind === 'nested') {
      found.add('nestedShape');
      stricterFeatures(value.inner, found);
    } else if (value.kind === 'array') {
      // JSON Schema's uniqueItems compares items by value; @ArrayUnique by identity (two equal arrays or objects pass it).
      if (value.rules.unique && value.item === undefined) found.add('structuralUnique');
      if (value.item) scalar(value.item);
    } else scalar(value);
  }
  return found;
}

/** Definitions that differ from class-validator's in both directions (documented): formats, u-flag patterns, leap seconds. */
const differentDefinitions: readonly StricterFeature[] = ['email', 'uuid', 'unicodePattern', 'date', 'dateString'];

const agreement = { both: 0, stricter: 0 };

function compareWithClassValidator(spec: ClassSpec, argsClass: new () => object, tool: Tool<object, unknown>, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || hasForbiddenKey(value)) return;
  const toolcraftAccepts = tool.argsDecoder.decode(JSON.stringify(value), defaultArgumentLimits).ok;
  let errors: ReturnType<typeof validateSync>;
  try {
    errors = validateSync(plainToInstance(argsClass, value), { forbidUnknownValues: false });
  } catch {
    // class-validator's isEmail throws URIError for a lone surrogate: that counts as refused.
    errors = [new ValidationError()];
  }
  const classValidatorAccepts = errors.length === 0;
  if (toolcraftAccepts === classValidatorAccepts) {
    agreement.both++;
    return;
  }
  const features = [...stricterFeatures(spec)];
  const allowed = toolcraftAccepts ? features.some((feature) => differentDefinitions.includes(feature)) : features.length > 0;
  if (!allowed) {
    throw new Error(
      `toolcraft ${toolcraftAccepts ? 'accepts' : 'rejects'} but class-validator ${classValidatorAccepts ? 'accepts' : 'rejects'}\n` +
        `value: ${JSON.stringify(value)}\nschema: ${JSON.stringify(tool.inputSchema)}\n` +
        `class-validator: ${JSON.stringify(errors.map((error) => [error.property, error.constraints]))}`,
    );
  }
  agreement.stricter++;
}

describe('the schema and validator of a generated Args class', () => {
  it("agree with class-validator's own validation, except where toolcraft is documented to be stricter", () => {
    fc.assert(
      fc.property(classWithValues, ([spec, values]) => {
        const argsClass = buildClass(spec);
        const tool = buildTool(argsClass);
        for (const value of values) compareWithClassValidator(spec, argsClass, tool, value);
      }),
      { numRuns: 150 },
    );
    expect(agreement.both).toBeGreaterThan(agreement.stricter * 3);
  });
});

describe('the keys __proto__, constructor and prototype', () => {
  class Inner {
    @IsString() name!: string;
  }
  class Outer {
    @ValidateNested() @Type(() => Inner) inner!: Inner;
    @ValidateNested({ each: true }) @Type(() => Inner) @IsOptional() list?: Inner[];
    @IsArray() @IsOptional() anything?: unknown[];
  }
  const tool = buildTool(Outer);
  const decode = (text: string) => tool.argsDecoder.decode(text, defaultArgumentLimits);

  it.each([
    ['at the top level', '{"inner":{"name":"a"},"__proto__":{"polluted":true}}', '__proto__'],
    ['in a nested object', '{"inner":{"name":"a","constructor":{"prototype":{}}}}', 'inner.constructor'],
    ['in an item of an array of nested objects', '{"inner":{"name":"a"},"list":[{"name":"b","prototype":1}]}', 'list[0].prototype'],
    ['deep inside an untyped array', '{"inner":{"name":"a"},"anything":[1,{"x":[{"__proto__":{}}]}]}', 'anything[1].x[0].__proto__'],
  ])('are refused %s, though the schema does not mention them', (_where, text, path) => {
    const outcome = decode(text);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? [] : outcome.violations).toEqual([expect.objectContaining({ path, constraint: 'forbiddenKey' })]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
