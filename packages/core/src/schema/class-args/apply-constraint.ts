import { InvalidToolDefinitionError } from '../../errors/invalid-tool-definition-error.js';
import type { ArrayRules, BaseKind, PropertyTarget } from './property-target.js';

/**
 * Applies one class-validator constraint (by its registered name) to a property.
 * Constraints with a JSON Schema meaning become keywords; others are left to class-validator.
 * @param name - the constraint's name, e.g. `isInt`, `max`
 * @param constraints - its arguments
 * @param target - the value (or, for `each: true`, the item) it applies to
 * @param array - the property's array rules
 * @param where - the property, for messages
 */
export function applyConstraint(name: string, constraints: unknown[], target: PropertyTarget, array: ArrayRules, where: string): void {
  const [first, second] = constraints ?? [];
  const keyword = (key: string, value: unknown) => {
    const source = `@${name[0].toUpperCase()}${name.slice(1)}`;
    target.keywords[key] =
      key in target.keywords ? tighten(key, target.keywords[key], value, `${target.sources[key]} and ${source}`, where) : value;
    target.sources[key] = key in target.sources && target.sources[key] !== source ? `${target.sources[key]}/${source}` : source;
  };
  switch (name) {
    case 'isString':
      return setBase(target, 'string', where);
    case 'isNumber':
      return setBase(target, 'number', where, numberOptionsAreDescribable(first) ? undefined : name);
    case 'isInt':
      return setBase(target, 'integer', where);
    case 'isBoolean':
      return setBase(target, 'boolean', where);
    // A JSON object (class-validator's isObject: not null, not an array); with { each: true }, the items' type.
    case 'isObject':
      return setBase(target, 'object', where);
    case 'isDate':
      return setBase(target, 'date', where);
    case 'isEnum':
      return setEnum(target, Array.isArray(second) ? second : enumValues(first), where);
    case 'isIn':
      return setEnum(target, Array.isArray(first) ? first : [], where);
    case 'isArray':
      array.isArray = true;
      return;
    case 'min':
      return keyword('minimum', first);
    case 'max':
      return keyword('maximum', first);
    case 'isPositive':
      return keyword('exclusiveMinimum', 0);
    case 'isNegative':
      return keyword('exclusiveMaximum', 0);
    case 'minLength':
      return keyword('minLength', first);
    case 'maxLength':
      return keyword('maxLength', first);
    case 'isLength':
      if (typeof first === 'number') keyword('minLength', first);
      if (typeof second === 'number') keyword('maxLength', second);
      return;
    case 'isNotEmpty':
      target.notEmpty = true;
      return;
    case 'matches':
      return keyword('pattern', patternSource(first, second, where));
    // @IsEmail and @IsUrl are also checked by class-validator itself: their options (host_whitelist,
    // require_tld, allow_display_name...) and validator.js's rules (no localhost, a TLD...) have no
    // JSON Schema meaning, and the format alone would let through what class-validator refuses.
    case 'isEmail':
      setBase(target, 'string', where);
      target.alsoChecked.push(name);
      return keyword('format', 'email');
    case 'isUrl':
      setBase(target, 'string', where);
      target.alsoChecked.push(name);
      keyword('pattern', urlSchemePattern(first));
      return keyword('format', 'uri');
    case 'isDateString':
    case 'isIso8601':
      setBase(target, 'string', where);
      if (hasOptions(first)) target.alsoChecked.push(name); // strict, strictSeparator: class-validator's own check
      return keyword('format', 'date-time');
    case 'isUuid':
      setBase(target, 'string', where);
      if (first !== undefined && first !== null && first !== 'all') keyword('pattern', uuidPattern(first, where));
      return keyword('format', 'uuid');
    case 'arrayMinSize':
      array.isArray = true;
      array.minItems = Math.max(array.minItems ?? 0, first as number);
      return;
    case 'arrayMaxSize':
      array.isArray = true;
      array.maxItems = Math.min(array.maxItems ?? Infinity, first as number);
      return;
    case 'arrayNotEmpty':
      array.isArray = true;
      array.minItems = Math.max(array.minItems ?? 0, 1);
      return;
    case 'arrayUnique':
      array.isArray = true;
      if (typeof first === 'function') target.custom.push(name);
      else array.uniqueItems = true;
      return;
    case 'equals':
      return keyword('const', first);
    default:
      target.custom.push(name);
  }
}

/**
 * Two decorators set one keyword (e.g. `@Length(2, 10)` and `@MinLength(5)`): class-validator checks
 * both, so the keyword takes the stricter value; two patterns must both match.
 */
function tighten(key: string, current: unknown, next: unknown, sources: string, where: string): unknown {
  switch (key) {
    case 'minimum':
    case 'exclusiveMinimum':
    case 'minLength':
      return Math.max(current as number, next as number);
    case 'maximum':
    case 'exclusiveMaximum':
    case 'maxLength':
      return Math.min(current as number, next as number);
    case 'pattern':
      return current === next ? current : `^(?=[\\s\\S]*?(?:${current as string}))(?=[\\s\\S]*?(?:${next as string}))`;
    default:
      if (current === next) return current;
      throw new InvalidToolDefinitionError(
        where,
        `${sources} disagree (${JSON.stringify(current)} and ${JSON.stringify(next)}); no value could pass both.`,
      );
  }
}

/**
 * The schemes class-validator's `@IsUrl` accepts (validator.js's `protocols`, http, https and ftp by
 * default, in any case), as a pattern beside `format: uri`, which alone would accept any scheme.
 */
function urlSchemePattern(options: unknown): string {
  const given = (options as { protocols?: unknown } | undefined)?.protocols;
  const protocols = Array.isArray(given) && given.length > 0 ? given.map(String) : ['http', 'https', 'ftp'];
  const cased = protocols.map((protocol) =>
    [...protocol]
      .map((char) => (/[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char.replace(/[^\w]/g, '\\$&')))
      .join(''),
  );
  return `^(?:${cased.join('|')}):\\/\\/`;
}

/** class-validator's (validator.js's) UUID of one version, as a flag-free pattern. */
function uuidPattern(version: unknown, where: string): string {
  const hex = '[0-9A-Fa-f]';
  if (typeof version === 'number' || (typeof version === 'string' && /^[1-8]$/.test(version))) {
    return `^${hex}{8}-${hex}{4}-${String(version)}${hex}{3}-[89ABab]${hex}{3}-${hex}{12}$`;
  }
  if (version === 'nil') return '^00000000-0000-0000-0000-000000000000$';
  if (version === 'max') return '^[Ff]{8}-[Ff]{4}-[Ff]{4}-[Ff]{4}-[Ff]{12}$';
  if (version === 'loose') return `^${hex}{8}-${hex}{4}-${hex}{4}-${hex}{4}-${hex}{12}$`;
  throw new InvalidToolDefinitionError(where, `@IsUUID has the unknown version ${JSON.stringify(version)}.`);
}

function setBase(target: PropertyTarget, kind: BaseKind, where: string, customName?: string): void {
  if (customName !== undefined) target.custom.push(customName);
  if (target.base === undefined || target.base === kind) {
    target.base = kind;
    return;
  }
  const pair = [target.base, kind].sort().join('+');
  if (pair === 'integer+number') target.base = 'integer';
  else if (target.base === 'enum' && kind in kindChecks) checkEnumKind(target.values ?? [], kind, where);
  else throw new InvalidToolDefinitionError(where, `its type decorators disagree (${target.base} and ${kind}); no value could pass both.`);
}

function setEnum(target: PropertyTarget, values: unknown[], where: string): void {
  if (values.length === 0) throw new InvalidToolDefinitionError(where, '@IsIn/@IsEnum lists no allowed value.');
  if (target.base !== undefined && target.base !== 'enum' && target.base in kindChecks) checkEnumKind(values, target.base, where);
  target.values = target.values === undefined ? [...values] : target.values.filter((value) => values.includes(value));
  target.base = 'enum';
}

const kindChecks: Partial<Record<BaseKind, (value: unknown) => boolean>> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  integer: (value) => Number.isInteger(value),
  boolean: (value) => typeof value === 'boolean',
};

/** Refuses an enum whose values a type decorator on the same property would reject. */
function checkEnumKind(values: unknown[], kind: BaseKind, where: string): void {
  const wrong = values.filter((value) => !kindChecks[kind]!(value));
  if (wrong.length > 0) {
    throw new InvalidToolDefinitionError(
      where,
      `its allowed values ${wrong.map((value) => JSON.stringify(value)).join(', ')} are not of the type ${kind} its type decorator requires; no such value could pass.`,
    );
  }
}

function enumValues(entity: unknown): unknown[] {
  if (typeof entity !== 'object' || entity === null) return [];
  const record = entity as Record<string, unknown>;
  return Object.keys(record)
    .filter((key) => typeof record[record[key] as string] !== 'number')
    .map((key) => record[key]);
}

/** Whether a decorator was given an options object with at least one option. */
function hasOptions(options: unknown): boolean {
  return typeof options === 'object' && options !== null && Object.keys(options).length > 0;
}

function numberOptionsAreDescribable(options: unknown): boolean {
  return typeof options !== 'object' || options === null || (options as { maxDecimalPlaces?: unknown }).maxDecimalPlaces === undefined;
}

function patternSource(pattern: unknown, modifiers: unknown, where: string): string {
  const source = pattern instanceof RegExp ? pattern.source : String(pattern);
  const flags = (pattern instanceof RegExp ? pattern.flags : '') + (typeof modifiers === 'string' ? modifiers : '');
  if (flags.replace(/[ug]/g, '') !== '') {
    throw new InvalidToolDefinitionError(
      where,
      `@Matches uses the regular-expression flags '${flags}', which a JSON Schema pattern cannot carry. ` +
        'Write the pattern without flags (e.g. [Aa] instead of the i flag).',
    );
  }
  try {
    new RegExp(source, 'u');
  } catch (error) {
    throw new InvalidToolDefinitionError(
      where,
      `@Matches(/${source}/) is not a valid JSON Schema pattern (patterns are matched as Unicode regular expressions): ${(error as Error).message}`,
      error,
    );
  }
  return source;
}
