import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  ArrayNotEmpty,
  ArrayUnique,
  Equals,
  IsArray,
  IsObject,
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
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { defaultArgumentLimits, InvalidToolDefinitionError, Tool, type JsonSchema } from '../src/index.js';

function toolOf(argsType: new () => object): Tool<object, unknown> {
  class SchemaTool extends Tool<object, unknown> {
    constructor() {
      super({ argsType, name: 'schema_tool', description: 'A tool to read the schema of.' });
    }
    async execute(): Promise<unknown> {
      return undefined;
    }
  }
  return new SchemaTool();
}

/** The schema of the Args class's only property `p` (required unless @IsOptional). */
function schemaOf(argsType: new () => object): JsonSchema {
  const property = toolOf(argsType).inputSchema.properties!.p;
  if (typeof property !== 'object') throw new Error(`expected a schema object for p, got ${String(property)}`);
  return property;
}

function accepts(argsType: new () => object, args: object): boolean {
  return toolOf(argsType).argsDecoder.decode(JSON.stringify(args), defaultArgumentLimits).ok;
}

enum Color {
  Red = 'red',
  Green = 'green',
}

enum Level {
  Low,
  High = 5,
}

describe('the schema of an Args class property', () => {
  it('@IsString() is a string', () => {
    class Args {
      @IsString() p!: string;
    }
    expect(toolOf(Args).inputSchema).toEqual({ type: 'object', properties: { p: { type: 'string' } }, required: ['p'] });
  });

  it('@IsNumber() is a number', () => {
    class Args {
      @IsNumber() p!: number;
    }
    expect(schemaOf(Args)).toEqual({ type: 'number' });
  });

  it('@IsInt() is an integer', () => {
    class Args {
      @IsInt() p!: number;
    }
    expect(schemaOf(Args)).toEqual({ type: 'integer' });
  });

  it('@IsBoolean() is a boolean', () => {
    class Args {
      @IsBoolean() p!: boolean;
    }
    expect(schemaOf(Args)).toEqual({ type: 'boolean' });
  });

  it('@IsOptional() makes the property optional, and null for it means absent', () => {
    class Args {
      @IsOptional() @IsString() p?: string;
    }
    expect(toolOf(Args).inputSchema).toEqual({ type: 'object', properties: { p: { type: 'string' } }, required: [] });
    expect(accepts(Args, { p: null })).toBe(true);
  });

  it('@Min() and @Max() are minimum and maximum', () => {
    class Args {
      @IsNumber() @Min(1.5) @Max(9) p!: number;
    }
    expect(schemaOf(Args)).toEqual({ type: 'number', minimum: 1.5, maximum: 9 });
  });

  it('@IsPositive() and @IsNegative() are exclusive bounds at zero', () => {
    class Positive {
      @IsInt() @IsPositive() p!: number;
    }
    class Negative {
      @IsNumber() @IsNegative() p!: number;
    }
    expect(schemaOf(Positive)).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(schemaOf(Negative)).toEqual({ type: 'number', exclusiveMaximum: 0 });
  });

  it('@MinLength(), @MaxLength() and @Length() are minLength and maxLength', () => {
    class Separate {
      @IsString() @MinLength(2) @MaxLength(5) p!: string;
    }
    class Together {
      @IsString() @Length(2, 5) p!: string;
    }
    expect(schemaOf(Separate)).toEqual({ type: 'string', minLength: 2, maxLength: 5 });
    expect(schemaOf(Together)).toEqual({ type: 'string', minLength: 2, maxLength: 5 });
  });

  it('two length decorators give the stricter bounds, as class-validator checks both', () => {
    class Args {
      @IsString() @Length(2, 10) @MinLength(4) @MaxLength(12) p!: string;
    }
    expect(schemaOf(Args)).toEqual({ type: 'string', minLength: 4, maxLength: 10 });
  });

  it('lengths count code points, a lone surrogate once', () => {
    class Args {
      @IsString() @Length(2, 2) p!: string;
    }
    expect(accepts(Args, { p: '😀😀' })).toBe(true);
    expect(accepts(Args, { p: '\uD800\uD800' })).toBe(true);
    expect(accepts(Args, { p: '\uD800' })).toBe(false);
  });

  it('@IsNotEmpty() on a string is minLength 1', () => {
    class Args {
      @IsString() @IsNotEmpty() p!: string;
    }
    expect(schemaOf(Args)).toEqual({ type: 'string', minLength: 1 });
  });

  it('@Matches() with a flag-free pattern is a pattern', () => {
    class Args {
      @IsString() @Matches(/^[a-z]+\d?$/) p!: string;
    }
    expect(schemaOf(Args)).toEqual({ type: 'string', pattern: '^[a-z]+\\d?$' });
  });

  it('two @Matches() must both match', () => {
    class Args {
      @IsString() @Matches(/^a/) @Matches(/b$/) p!: string;
    }
    expect(accepts(Args, { p: 'ab' })).toBe(true);
    expect(accepts(Args, { p: 'a' })).toBe(false);
    expect(accepts(Args, { p: 'b' })).toBe(false);
  });

  it('@IsIn() is an enum', () => {
    class Strings {
      @IsIn(['a', 'b']) p!: string;
    }
    class Mixed {
      @IsIn(['a', 1, true]) p!: unknown;
    }
    expect(schemaOf(Strings)).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(schemaOf(Mixed)).toEqual({ enum: ['a', 1, true] });
  });

  it('@IsEnum() of a string enum is an enum of its values', () => {
    class Args {
      @IsEnum(Color) p!: Color;
    }
    expect(schemaOf(Args)).toEqual({ type: 'string', enum: ['red', 'green'] });
  });

  it('@IsEnum() of a numeric enum is an enum of its numbers, not its reverse mapping', () => {
    class Args {
      @IsOptional() @IsEnum(Level) p?: Level;
    }
    expect(schemaOf(Args)).toEqual({ type: 'integer', enum: [0, 5] });
  });

  it('@IsEmail(), @IsUUID(), @IsUrl() and @IsDateString() are string formats', () => {
    class Email {
      @IsEmail() p!: string;
    }
    class Uuid {
      @IsUUID() p!: string;
    }
    class Url {
      @IsUrl() p!: string;
    }
    class DateString {
      @IsDateString() p!: string;
    }
    expect(schemaOf(Email)).toEqual({ type: 'string', format: 'email' });
    expect(schemaOf(Uuid)).toEqual({ type: 'string', format: 'uuid' });
    expect(schemaOf(Url)).toEqual({
      type: 'string',
      format: 'uri',
      pattern: '^(?:[hH][tT][tT][pP]|[hH][tT][tT][pP][sS]|[fF][tT][pP]):\\/\\/',
    });
    // class-validator's isURL accepts http, https and ftp only; format uri alone would accept any scheme.
    expect(accepts(Url, { p: 'HTTPS://example.com/a' })).toBe(true);
    expect(accepts(Url, { p: 'ttp://example.com' })).toBe(false);
    expect(schemaOf(DateString)).toEqual({ type: 'string', format: 'date-time' });
  });

  it('@IsUrl() and @IsEmail() are also checked by class-validator: their options hold and its own rules (no localhost) too', () => {
    class Allowlisted {
      @IsUrl({ host_whitelist: ['api.example.com'] }) p!: string;
    }
    class Plain {
      @IsUrl() p!: string;
    }
    class Items {
      @IsUrl({ require_tld: true }, { each: true }) p!: string[];
    }
    class Email {
      @IsEmail({ host_whitelist: ['example.com'] }) p!: string;
    }
    expect(schemaOf(Allowlisted)).toMatchObject({ type: 'string', format: 'uri' });
    expect(accepts(Allowlisted, { p: 'https://api.example.com/v1' })).toBe(true);
    expect(accepts(Allowlisted, { p: 'http://169.254.169.254/latest/meta-data' })).toBe(false);
    for (const url of ['http://localhost', 'http://a', 'http://1', 'http://-x-.com']) expect(accepts(Plain, { p: url })).toBe(false);
    expect(accepts(Plain, { p: 'https://example.com/a' })).toBe(true);
    expect(accepts(Items, { p: ['https://example.com', 'http://intranet'] })).toBe(false);
    expect(accepts(Email, { p: 'ann@example.com' })).toBe(true);
    expect(accepts(Email, { p: 'ann@elsewhere.org' })).toBe(false);
  });

  it('@IsUUID() of one version adds that version as a pattern', () => {
    class Args {
      @IsUUID('4') p!: string;
    }
    expect(schemaOf(Args)).toEqual({
      type: 'string',
      format: 'uuid',
      pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-4[0-9A-Fa-f]{3}-[89ABab][0-9A-Fa-f]{3}-[0-9A-Fa-f]{12}$',
    });
    expect(accepts(Args, { p: '9b2e8a4c-1d3f-4a5b-8c6d-7e8f9a0b1c2d' })).toBe(true);
    expect(accepts(Args, { p: '9b2e8a4c-1d3f-1a5b-8c6d-7e8f9a0b1c2d' })).toBe(false);
  });

  it('@IsArray() with array-size decorators and { each: true } item constraints is an array schema', () => {
    class Args {
      @IsArray()
      @ArrayMinSize(1)
      @ArrayMaxSize(3)
      @ArrayUnique()
      @IsInt({ each: true })
      @Min(0, { each: true })
      p!: number[];
    }
    expect(schemaOf(Args)).toEqual({ type: 'array', items: { type: 'integer', minimum: 0 }, minItems: 1, maxItems: 3, uniqueItems: true });
  });

  it('@IsArray() @IsObject({ each: true }) is an array of objects, and @IsObject() alone an object', () => {
    class Rows {
      @IsArray() @IsObject({ each: true }) p!: object[];
    }
    class Row {
      @IsObject() p!: Record<string, unknown>;
    }
    expect(schemaOf(Rows)).toEqual({ type: 'array', items: { type: 'object' } });
    expect(accepts(Rows, { p: [{ a: 1 }, {}] })).toBe(true);
    expect(accepts(Rows, { p: [{ a: 1 }, 2] })).toBe(false);
    expect(accepts(Rows, { p: [[]] })).toBe(false);
    expect(schemaOf(Row)).toEqual({ type: 'object' });
    expect(accepts(Row, { p: { free: ['form'] } })).toBe(true);
    expect(accepts(Row, { p: null })).toBe(false);
  });

  it('@ArrayNotEmpty() is minItems 1, whatever order it comes in', () => {
    class Before {
      @ArrayNotEmpty() @ArrayMinSize(0) @IsString({ each: true }) p!: string[];
    }
    class After {
      @ArrayMinSize(0) @ArrayNotEmpty() @IsString({ each: true }) p!: string[];
    }
    expect(schemaOf(Before)).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1 });
    expect(schemaOf(After)).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1 });
  });

  it('@ArrayUnique() compares objects regardless of key order, as JSON Schema does', () => {
    class Args {
      @IsArray() @ArrayUnique() p!: unknown[];
    }
    expect(
      accepts(Args, {
        p: [
          { a: 1, b: 2 },
          { b: 2, a: 1 },
        ],
      }),
    ).toBe(false);
    expect(accepts(Args, { p: [{ a: 1 }, { a: 2 }] })).toBe(true);
  });

  it('@Equals() is const', () => {
    class Args {
      @IsString() @Equals('yes') p!: string;
    }
    expect(schemaOf(Args)).toEqual({ type: 'string', const: 'yes' });
  });

  it('an optional @Equals() accepts null as absent', () => {
    class Args {
      @IsOptional() @IsInt() @Equals(3) p?: number;
    }
    expect(schemaOf(Args)).toEqual({ type: 'integer', const: 3 });
    expect(accepts(Args, { p: null })).toBe(true);
  });

  it('a nested class with @ValidateNested() and @Type() is an object schema', () => {
    class Inner {
      @IsString() name!: string;
      @IsOptional() @IsInt() age?: number;
    }
    class Args {
      @ValidateNested() @Type(() => Inner) p!: Inner;
    }
    expect(schemaOf(Args)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name'],
    });
  });

  it('an array of a nested class is an array of object schemas', () => {
    class Inner {
      @IsBoolean() done!: boolean;
    }
    class Args {
      @IsOptional() @ValidateNested({ each: true }) @Type(() => Inner) @ArrayMaxSize(2) p?: Inner[];
    }
    expect(schemaOf(Args)).toEqual({
      type: 'array',
      items: { type: 'object', properties: { done: { type: 'boolean' } }, required: ['done'] },
      maxItems: 2,
    });
  });

  it('@Type() declared on a parent class applies to the subclass, and arrays of the class decode to instances', () => {
    class Inner {
      @IsBoolean() done!: boolean;
    }
    class Parent {
      @ValidateNested({ each: true }) @Type(() => Inner) p!: Inner[];
    }
    class Args extends Parent {}
    expect(schemaOf(Args)).toEqual({
      type: 'array',
      items: { type: 'object', properties: { done: { type: 'boolean' } }, required: ['done'] },
    });
    const outcome = toolOf(Args).argsDecoder.decode('{"p":[{"done":true}]}', defaultArgumentLimits);
    expect(outcome.ok && (outcome.value as Args).p[0]).toBeInstanceOf(Inner);
  });

  it('@Type(() => String) gives the item type of an array property', () => {
    class Args {
      @Allow() @Type(() => String) p!: string[];
    }
    expect(schemaOf(Args)).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('a Date property with @IsDate() and @Type(() => Date) is a date-time string, decoded to a Date', () => {
    class Args {
      @IsDate() @Type(() => Date) p!: Date;
    }
    expect(schemaOf(Args)).toEqual({ type: 'string', format: 'date-time' });
    const outcome = toolOf(Args).argsDecoder.decode('{"p":"2016-12-31T23:59:60Z"}', defaultArgumentLimits);
    expect(outcome.ok && (outcome.value as Args).p.toISOString()).toBe('2017-01-01T00:00:00.000Z');
    const offset = toolOf(Args).argsDecoder.decode('{"p":"2024-01-01T01:00:00+01"}', defaultArgumentLimits);
    expect(offset.ok && (offset.value as Args).p.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('a property with only @Allow() or @IsOptional() takes its type from design:type', () => {
    class Args {
      @Allow() text!: string;
      @IsOptional() count?: number;
      @Allow() flag!: boolean;
    }
    expect(toolOf(Args).inputSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, count: { type: 'number' }, flag: { type: 'boolean' } },
      required: ['text', 'flag'],
    });
  });
});

describe('an Args class the schema cannot describe', () => {
  const refuses = (argsType: new () => object, message?: RegExp) => {
    expect(() => toolOf(argsType)).toThrow(InvalidToolDefinitionError);
    if (message) expect(() => toolOf(argsType)).toThrow(message);
  };

  it('is refused for a property typed with an interface or union (design:type Object)', () => {
    class Args {
      @Allow() p!: string | number;
    }
    refuses(Args, /runtime type Object/);
  });

  it('is refused for @ValidateIf()', () => {
    class Args {
      @ValidateIf(() => true) @IsString() p!: string;
    }
    refuses(Args, /@ValidateIf/);
  });

  it('is refused for @Matches() with the i flag', () => {
    class Args {
      @IsString() @Matches(/^abc$/i) p!: string;
    }
    refuses(Args, /flags 'i'/);
  });

  it('is refused for @Matches() with a pattern that is not a valid Unicode regular expression', () => {
    class Args {
      @IsString() @Matches('^a\\-b$') p!: string;
    }
    refuses(Args, /not a valid JSON Schema pattern/);
  });

  it('is refused for conflicting type decorators', () => {
    class Args {
      @IsString() @IsInt() p!: string;
    }
    refuses(Args, /disagree/);
  });

  it('is refused for two different @Equals()', () => {
    class Args {
      @IsInt() @Equals(1) @Equals(2) p!: number;
    }
    refuses(Args, /disagree/);
  });

  it('is refused for @Min() on a string', () => {
    class Args {
      @IsString() @Min(1) p!: string;
    }
    refuses(Args, /@Min does not apply to a string/);
  });

  it('is refused for an array of a nested class without @Type()', () => {
    class Inner {
      @IsString() name!: string;
    }
    class Args {
      @ValidateNested({ each: true }) p!: Inner[];
    }
    refuses(Args, /@Type/);
  });

  it('is refused for a recursive Args class', () => {
    class Node {
      @IsString() name!: string;
      @IsOptional() @ValidateNested() @Type(() => Node) child?: Node;
    }
    refuses(Node, /recursive/);
  });

  it('is refused for an Args class with no decorators', () => {
    class Args {
      p!: string;
    }
    refuses(Args, /declares no argument.*@LLMDescription/);
  });

  it('is refused for a property without design:type and without a type decorator', () => {
    class Args {}
    Allow()(Args.prototype, 'p');
    refuses(Args, /no type decorator and no design:type/);
    refuses(
      Args,
      /build tool drops decorator metadata \(tsx, esbuild.*@LLMDescription\(\{ description, type: Number \}\).*@toolcraft\/schema/,
    );
  });
});
