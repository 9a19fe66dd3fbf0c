import 'reflect-metadata';
import { ArrayUnique, IsInt, IsOptional, IsString, Max } from 'class-validator';
import { compileArgsDecoder } from '../src/decoding/compile-args-decoder.js';
import { compiledValidatorCount, compileJsonSchema } from '../src/decoding/ajv-instance.js';
import { readSchemaDocuments } from '../src/decoding/schema-documents.js';
import { cachedPathChars } from '../src/decoding/violation-path.js';
import { describeViolations } from '../src/errors/tool-arguments-error.js';
import {
  AgentEnvironment,
  defaultArgumentLimits,
  InvalidToolDefinitionError,
  SafeTool,
  Tool,
  ToolRegistry,
  type JsonSchema,
} from '../src/index.js';

const limits = defaultArgumentLimits;

function toolOf(argsType: (new () => object) | JsonSchema): Tool<object, unknown> {
  class DecoderTool extends Tool<object, unknown> {
    constructor() {
      super({ argsType, name: 'decoder_tool', description: 'A tool to decode arguments for.' });
    }
    async execute(): Promise<unknown> {
      return undefined;
    }
  }
  return new DecoderTool();
}

function messageOf(tool: Tool<object, unknown>, raw: unknown): string {
  const outcome = tool.argsDecoder.decode(raw, limits);
  if (outcome.ok) throw new Error('expected the arguments to be refused');
  return describeViolations(tool.name, outcome.violations);
}

describe('compileArgsDecoder', () => {
  it('accepts a JSON Schema 2020-12 (what z.toJSONSchema emits) and draft-07, and names the supported drafts otherwise', () => {
    const zodStyle: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { tags: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'number' } } },
      required: ['tags'],
      additionalProperties: false,
    };
    const decoder = compileArgsDecoder({ schema: zodStyle }, 'zod');
    expect(decoder.decode('{"tags":["a",1,2]}', limits)).toEqual({ ok: true, value: { tags: ['a', 1, 2] } });
    expect(decoder.decode('{"tags":[1]}', limits).ok).toBe(false);
    const draft07 = compileArgsDecoder({ schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } }, 'd7');
    expect(draft07.decode('{}', limits).ok).toBe(true);
    expect(() => compileArgsDecoder({ schema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' } }, 'd4')).toThrow(
      /draft-07.*2020-12/,
    );
    expect(() => compileArgsDecoder({ schema: { $schema: 'x', type: 'object' } }, 'd4')).toThrow(InvalidToolDefinitionError);
  });

  it('checks uniqueItems in linear time: 40,000 distinct items pass, and a duplicate is named (explicit schema and Args class)', () => {
    const schema: JsonSchema = { type: 'object', properties: { ids: { type: 'array', uniqueItems: true } }, required: ['ids'] };
    const decoder = compileArgsDecoder({ schema }, 'unique');
    const ids = Array.from({ length: 40_000 }, (_, index) => ({ id: index }));
    // Pairwise comparison of 40,000 items is 800 million comparisons (seconds); the set-based check is instant.
    expect(decoder.decode(JSON.stringify({ ids }), limits).ok).toBe(true);
    expect(decoder.schema.properties?.ids).toEqual({ type: 'array', uniqueItems: true });
    const duplicate = decoder.decode({ ids: [{ a: 1, b: 2 }, 3, { b: 2, a: 1 }] }, limits);
    expect(duplicate).toEqual({
      ok: false,
      violations: [{ path: 'ids', constraint: 'uniqueItems', message: "'ids': items must be unique (items 0 and 2 are equal)" }],
    });
    class Args {
      @IsInt({ each: true }) @ArrayUnique() ids!: number[];
    }
    const tool = toolOf(Args);
    expect(tool.argsDecoder.decode({ ids: Array.from({ length: 40_000 }, (_, index) => index) }, limits).ok).toBe(true);
    expect(messageOf(tool, '{"ids":[1,2,1]}')).toContain("'ids': items must be unique (items 0 and 2 are equal)");
  });

  it('bounds the error text for 1 MB of bad arguments: 20 violations, then "and N more", values cut at 80 characters', () => {
    class Args {
      @IsInt({ each: true }) @Max(9, { each: true }) digits!: number[];
      @IsInt() count!: number;
    }
    const digits = Array.from({ length: 100_000 }, () => 'x');
    const classText = messageOf(toolOf(Args), JSON.stringify({ digits, count: 'y'.repeat(500_000) }));
    expect(classText.length).toBeLessThanOrEqual(4000);
    expect(classText.split('\n- ').length - 1).toBe(21);
    expect(classText).toMatch(/and \d+ more$/);
    const schemaTool = toolOf({
      type: 'object',
      properties: { digits: { type: 'array', items: { type: 'integer' } }, name: { type: 'string', maxLength: 3 } },
    });
    const schemaText = messageOf(schemaTool, { digits, name: 'n'.repeat(200) });
    expect(schemaText.length).toBeLessThanOrEqual(4000);
    expect(schemaText).toContain(`- and 99981 more`);
    const longValue = messageOf(schemaTool, { name: 'n'.repeat(200) });
    expect(longValue).toContain(`'name': must be at most 3 characters long, got string "${'n'.repeat(80)}"… (200 characters)`);
  });

  it('describes the errors of 40,000 failing anyOf items in linear work, the first 20 listed and the rest counted', () => {
    const decoder = compileArgsDecoder(
      {
        schema: {
          type: 'object',
          properties: {
            ids: { type: 'array', items: { type: 'integer' } },
            tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
          },
        },
      },
      'quadratic',
    );
    const count = 40_000;
    const raw = JSON.stringify({ ids: Array(count).fill(true), tags: Array(count).fill(true) });
    const outcome = decoder.decode(raw, { ...limits, maxLength: 2_000_000 });
    if (outcome.ok) throw new Error('expected the arguments to be refused');
    expect(outcome.violations).toHaveLength(21);
    expect(outcome.violations[0]!.message).toBe("'ids[0]': expected an integer, got boolean true");
    expect(outcome.violations[20]!.message).toBe(`and ${2 * count - 20} more`);
    const tags = decoder.decode('{"tags":[true]}', limits);
    expect(tags.ok === false && tags.violations.map((violation) => violation.message)).toEqual([
      "'tags[0]': expected a string, got boolean true",
    ]);
  });

  it('never caches the model’s long keys: pointer-to-path cache stays small after calls with distinct 100,000-character keys', () => {
    const decoder = compileArgsDecoder({ schema: { type: 'object', additionalProperties: { type: 'number' } } }, 'long_keys');
    for (let index = 0; index < 50; index++) {
      const outcome = decoder.decode(`{"${index}${'k'.repeat(100_000)}":"s"}`, limits);
      expect(outcome.ok).toBe(false);
    }
    expect(cachedPathChars()).toBeLessThan(100_000);
  });

  it('bounds the compiled-validator cache (2,000 schemas) while equal schemas still share one validator', () => {
    const first = compileJsonSchema({ type: 'object', properties: { shared: { type: 'string' } } });
    for (let index = 0; index < 2_100; index++) compileJsonSchema({ type: 'object', properties: { [`p${index}`]: { type: 'integer' } } });
    expect(compiledValidatorCount()).toBeLessThanOrEqual(2_000);
    const again = compileJsonSchema({ type: 'object', properties: { shared: { type: 'string' } } });
    expect(compileJsonSchema({ type: 'object', properties: { shared: { type: 'string', description: 'same shape' } } })).toBe(again);
    expect(again({ shared: 'x' })).toBe(true);
    expect(first({ shared: 1 })).toBe(false);
  });

  it('applies maxLength to arguments passed as an object, with the wording of the string case', () => {
    const decoder = compileArgsDecoder({ schema: { type: 'object' } }, 'sized');
    const small = { ...limits, maxLength: 1000 };
    expect(decoder.decode({ text: 'a'.repeat(900) }, small).ok).toBe(true);
    const big = decoder.decode({ text: 'a'.repeat(2000) }, small);
    expect(big).toEqual({
      ok: false,
      violations: [
        {
          path: '',
          constraint: 'maxLength',
          message: 'arguments: the arguments are more than 1000 characters long (as JSON); at most 1000 are accepted',
        },
      ],
    });
    const many = decoder.decode({ list: Array.from({ length: 5000 }, () => 1) }, small);
    expect(many.ok === false && many.violations[0]!.constraint).toBe('maxLength');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const refused = decoder.decode(cyclic, small);
    expect(refused.ok === false && refused.violations[0]!.constraint).toMatch(/circular|maxLength/);
    // Told apart from an object that is only deep.
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 40; level++) deep = { a: deep };
    const tooDeep = decoder.decode(deep, { ...small, maxLength: 100_000 });
    expect(tooDeep.ok === false && tooDeep.violations[0]!.constraint).toBe('maxDepth');
    const selfish = decoder.decode(cyclic, { ...small, maxLength: 100_000 });
    expect(selfish.ok === false && selfish.violations[0]).toEqual({
      path: '',
      constraint: 'circular',
      message: 'arguments: the arguments are circular (an object contains itself), so they are no JSON value',
    });
  });

  it('reads each property of an object argument once, so a getter cannot pass maxLength with a small first answer', () => {
    const decoder = compileArgsDecoder({ schema: { type: 'object', properties: { s: { type: 'string' } } } }, 'getter');
    const small = { ...limits, maxLength: 1000 };
    let reads = 0;
    const sly = {
      get s() {
        return ++reads === 1 ? 'small' : 'x'.repeat(5000);
      },
    };
    const outcome = decoder.decode(sly, small);
    expect(reads).toBe(1);
    expect(outcome).toEqual({ ok: true, value: { s: 'small' } });
    let deepReads = 0;
    const nested = {
      inner: {
        get s() {
          return ++deepReads === 1 ? 'x'.repeat(5000) : 'small';
        },
      },
    };
    const refused = decoder.decode(nested, small);
    expect(deepReads).toBe(1);
    expect(refused.ok === false && refused.violations[0]!.constraint).toBe('maxLength');
  });

  it('never writes the caller’s objects: defaults, dropped keys and dropped nulls apply to a private copy', () => {
    const decoder = compileArgsDecoder(
      {
        schema: {
          type: 'object',
          properties: { inner: { type: 'object', properties: { n: { type: 'integer', default: 5 }, note: { type: 'string' } } } },
        },
      },
      'copy',
    );
    const input = { inner: { note: null, extra: true }, junk: 1 };
    const outcome = decoder.decode(input, limits);
    expect(outcome).toEqual({ ok: true, value: { inner: { n: 5 } } });
    expect(input).toEqual({ inner: { note: null, extra: true }, junk: 1 });
    expect(outcome.ok && outcome.value).not.toBe(input);
  });

  it('refuses __proto__, constructor and prototype at any depth, in untyped values too', () => {
    const decoder = compileArgsDecoder({ schema: { type: 'object', properties: { any: {}, list: { type: 'array' } } } }, 'keys');
    const refused = decoder.decode('{"any":{"deep":[{"__proto__":{"x":1}}]},"list":[{"constructor":1}]}', limits);
    expect(refused.ok === false && refused.violations.map((violation) => violation.path)).toEqual([
      'any.deep[0].__proto__',
      'list[0].constructor',
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('builds Dates from every date-time the format check accepts: a leap second is the next second, +01 is +01:00', () => {
    const decoder = compileArgsDecoder<{ at: Date; list: Date[] }>(
      {
        schema: {
          type: 'object',
          properties: {
            at: { type: 'string', format: 'date-time' },
            list: { type: 'array', items: { type: 'string', format: 'date-time' } },
          },
        },
        plan: { kind: 'object', properties: { at: { kind: 'date' }, list: { kind: 'array', items: { kind: 'date' } } } },
      },
      'dates',
    );
    const outcome = decoder.decode('{"at":"2016-12-31T23:59:60Z","list":["2024-01-01T01:00:00+01","2024-01-01t00:00:00.5z"]}', limits);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.violations));
    expect(outcome.value.at.toISOString()).toBe('2017-01-01T00:00:00.000Z');
    expect(outcome.value.list.map((date) => date.toISOString())).toEqual(['2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.500Z']);
  });

  it('words every violation one way, whatever the source: an Args class and the same explicit schema give the same text', () => {
    class Args {
      @IsInt() @Max(9) digit!: number;
      @IsString() name!: string;
    }
    const classTool = toolOf(Args);
    const schemaTool = toolOf(classTool.inputSchema);
    for (const raw of ['{"digit":42}', '{"digit":"x","name":3}', '{"digit":1.5,"name":"a"}']) {
      expect(messageOf(schemaTool, raw)).toBe(messageOf(classTool, raw));
    }
    expect(messageOf(classTool, '{"digit":"x"}')).toBe(
      "Invalid arguments for tool 'decoder_tool':\n- 'name': is required but missing (expected a string)\n- 'digit': expected an integer, got string \"x\"",
    );
    expect(messageOf(classTool, '{"digit":42,"name":"a"}')).toContain("'digit': must be at most 9, got number 42");
  });

  it('shares one compiled validator between schemas that differ only in descriptions, keeping properties named like annotations', () => {
    const first = compileJsonSchema({
      type: 'object',
      description: 'one',
      properties: { description: { type: 'string', description: 'the text' } },
      required: ['description'],
    });
    const second = compileJsonSchema({
      type: 'object',
      description: 'two',
      properties: { description: { type: 'string', description: 'other words' } },
      required: ['description'],
    });
    expect(second).toBe(first);
    expect(first({})).toBe(false);
    expect(first({ description: 'x' })).toBe(true);
  });
});

describe('compileArgsDecoder with a tool', () => {
  it('does not read inherited members for an optional property named like one (valueOf)', async () => {
    // Decorated by hand: TypeScript will not let a class declare a number property named valueOf.
    class Args {}
    IsOptional()(Args.prototype, 'valueOf');
    IsInt()(Args.prototype, 'valueOf');
    class Reader extends Tool<Args, string> {
      constructor() {
        super({ argsType: Args, name: 'reader', description: '' });
      }
      execute(args: Args): string {
        return String(Object.hasOwn(args, 'valueOf'));
      }
    }
    expect((await SafeTool.of(new Reader()).execute('{}')).content).toBe('false');
  });
});

describe('compileArgsDecoder with an explicit schema', () => {
  type Team = Record<string, unknown>;
  class TeamTool extends Tool<Team, Team> {
    constructor(schema: JsonSchema) {
      super({ name: 'team', description: '', argsType: schema });
    }
    execute(args: Team): Team {
      return { own: Object.keys(args), protoIsObject: Object.getPrototypeOf(args) === Object.prototype, isAdmin: args.isAdmin };
    }
  }

  it('refuses at definition time an argument named constructor, __proto__ or prototype (declared, required or nested), Args classes too', () => {
    const named = JSON.parse('{"type":"object","properties":{"constructor":{"type":"string"}}}') as JsonSchema;
    expect(() => new TeamTool(named)).toThrow(/declares an argument named 'constructor'.*rename the argument/);
    expect(() => new TeamTool({ type: 'object', required: ['__proto__'] })).toThrow(InvalidToolDefinitionError);
    expect(
      () => new TeamTool({ type: 'object', properties: { team: { type: 'object', properties: { prototype: { type: 'string' } } } } }),
    ).toThrow(/argument named 'prototype'/);
    class Args {}
    IsString()(Args.prototype, 'constructor');
    expect(() => toolOf(Args)).toThrow(/argument named 'constructor'/);
  });

  it('refuses at definition time a default holding __proto__, constructor or prototype, and a property named __proto__ in parsed JSON', () => {
    const defaultWith = (key: string) =>
      JSON.parse(`{"type":"object","properties":{"opts":{"type":"object","default":{"a":[{"${key}":{"admin":true}}]}}}}`) as JsonSchema;
    for (const key of ['__proto__', 'constructor', 'prototype'])
      expect(() => new TeamTool(defaultWith(key))).toThrow(
        new RegExp(
          `its default at /properties/opts/default holds the key '${key}' \\(at a\\[0\\]\\.${key}\\).*remove the key from the default`,
        ),
      );
    const direct = JSON.parse(
      '{"type":"object","properties":{"opts":{"type":"object","default":{"__proto__":{"admin":true}}}}}',
    ) as JsonSchema;
    expect(() => new TeamTool(direct)).toThrow(InvalidToolDefinitionError);
    expect({}).not.toHaveProperty('admin');
    const property = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object","default":{}}}}') as JsonSchema;
    expect(() => new TeamTool(property)).toThrow(/declares an argument named '__proto__'/);
  });

  it('refuses at definition time a format nothing checks (e.g. iri), listing the supported formats', () => {
    expect(() => new TeamTool({ type: 'object', properties: { link: { type: 'string', format: 'iri' } } })).toThrow(
      /format "iri", which toolcraft cannot check.*supported formats: .*uri.*email/,
    );
    expect(() => new TeamTool({ type: 'object', properties: { link: { type: 'string', format: 'uri' } } })).not.toThrow();
  });

  it('refuses __proto__ even when the schema lists no properties, so the prototype cannot be set', async () => {
    const tool = new TeamTool({ type: 'object', additionalProperties: { type: 'string' } });
    const result = await SafeTool.of(tool).execute('{"team":"a","__proto__":{"isAdmin":"yes"}}');
    expect(result.ok).toBe(false);
    expect(result.content).toContain("the key '__proto__' is not allowed");
  });

  it('drops undeclared properties at every depth', async () => {
    const tool = new TeamTool({ type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } });
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(
        new (class extends Tool<Team, Team> {
          constructor() {
            super({ name: 'address', description: '', argsType: tool.inputSchema });
          }
          execute(args: Team): Team {
            return args;
          }
        })(),
      ),
    });
    const result = await env.executeTool({ name: 'address', arguments: '{"address":{"city":"Paris","sql":"DROP TABLE"}}' });
    expect(result.value).toEqual({ address: { city: 'Paris' } });
  });

  it("never writes defaults into the caller's objects", async () => {
    const tool = new TeamTool({
      type: 'object',
      properties: { options: { type: 'object', properties: { limit: { type: 'integer', default: 10 } } } },
    });
    const options = {};
    await SafeTool.of(tool).execute({ options });
    expect(options).toEqual({});
  });

  it('can build two tools from one schema with an $id', () => {
    const schema: JsonSchema = { $id: 'https://example.com/team', type: 'object', properties: { name: { type: 'string' } } };
    expect(() => [new TeamTool(schema), new TeamTool(schema)]).not.toThrow();
  });
});

describe('defaults are annotations: judged on what the model sent, filled after', () => {
  it('accepts a call that leaves out a property whose default breaks its schema, gives the tool the default, and warns when the tool is built', () => {
    const emitWarning = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      const decoder = compileArgsDecoder<object>(
        {
          schema: {
            type: 'object',
            properties: {
              color: { type: 'string', default: null },
              size: { enum: ['s', 'm'], default: 'xl' },
              n: { type: 'integer', default: 3 },
            },
          },
        },
        "'paint' (PaintTool)",
      );
      expect(decoder.decode('{}', limits)).toEqual({ ok: true, value: { color: null, size: 'xl', n: 3 } });
      // What the model sends is still judged by the schema.
      expect(decoder.decode('{"size":"xl"}', limits).ok).toBe(false);
      expect(decoder.decode('{"color":"red","size":"s","n":1}', limits)).toEqual({ ok: true, value: { color: 'red', size: 's', n: 1 } });
      expect(emitWarning.mock.calls).toEqual([
        [
          expect.stringMatching(/'paint' \(PaintTool\).*\/properties\/color\/default: the default must be string/),
          { type: 'ToolcraftWarning', code: 'TOOLCRAFT_INVALID_DEFAULT' },
        ],
        [
          expect.stringMatching(
            /'paint' \(PaintTool\).*\/properties\/size\/default: the default must be equal to one of the allowed values/,
          ),
          { type: 'ToolcraftWarning', code: 'TOOLCRAFT_INVALID_DEFAULT' },
        ],
      ]);
    } finally {
      emitWarning.mockRestore();
    }
  });

  it('fills defaults only into calls that passed, never into a refused one', () => {
    const decoder = compileArgsDecoder<object>(
      { schema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer', default: 2 } }, required: ['a'] } },
      'fill',
    );
    expect(decoder.decode('{"a":1}', limits)).toEqual({ ok: true, value: { a: 1, b: 2 } });
    const refused = decoder.decode('{}', limits);
    expect(refused.ok === false && refused.violations.map((violation) => violation.path)).toEqual(['a']);
  });
});

describe('closed objects', () => {
  it('refuses every key additionalProperties: false does not allow, naming each and the allowed keys', () => {
    const tool = toolOf({
      type: 'object',
      properties: { city: { type: 'string' }, zip: { type: 'string' } },
      patternProperties: { '^x-': {} },
      additionalProperties: false,
    });
    expect(messageOf(tool, '{"city":"Oslo","country":"NO","planet":"Earth","x-note":"ok"}')).toBe(
      "Invalid arguments for tool 'decoder_tool':\n" +
        "- 'country': is not an allowed property (allowed: 'city', 'zip', keys matching /^x-/)\n" +
        "- 'planet': is not an allowed property (allowed: 'city', 'zip', keys matching /^x-/)",
    );
  });

  it('refuses keys unevaluatedProperties: false does not allow, counting those its allOf declares', () => {
    const tool = toolOf({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      allOf: [{ properties: { id: { type: 'integer' } } }],
      properties: { name: { type: 'string' } },
      unevaluatedProperties: false,
    });
    expect(tool.argsDecoder.decode('{"id":1,"name":"a"}', limits).ok).toBe(true);
    expect(messageOf(tool, '{"id":1,"name":"a","extra":true}')).toContain("- 'extra': is not an allowed property (allowed: 'name', 'id')");
  });

  it('lists for additionalProperties: false only the keys it sees (its own properties), as ajv judges them', () => {
    const tool = toolOf({
      type: 'object',
      allOf: [{ properties: { a: { type: 'integer' } } }],
      properties: { b: { type: 'integer' } },
      additionalProperties: false,
    });
    expect(messageOf(tool, '{"a":1,"b":2}')).toContain("- 'a': is not an allowed property (allowed: 'b')");
  });

  it('still drops undeclared keys where the schema says nothing of other keys', () => {
    const decoder = compileArgsDecoder({ schema: { type: 'object', properties: { a: { type: 'integer' } } } }, 'open');
    expect(decoder.decode('{"a":1,"b":2}', limits)).toEqual({ ok: true, value: { a: 1 } });
  });
});

describe('boolean schemas', () => {
  it('compiles true and false as subschemas anywhere: properties, items, additionalProperties', () => {
    // As a schema read from JSON (a file, an MCP server's tools/list) has them.
    const schema = JSON.parse(
      '{"type":"object","properties":{"anything":true,"never":false,"none":{"type":"array","items":false},' +
        '"map":{"type":"object","additionalProperties":true}}}',
    ) as JsonSchema;
    const tool = toolOf(schema);
    expect(tool.argsDecoder.decode('{"anything":{"deep":[1]},"none":[],"map":{"k":1}}', limits)).toEqual({
      ok: true,
      value: { anything: { deep: [1] }, none: [], map: { k: 1 } },
    });
    expect(tool.descriptor.optionalParameters.map((parameter) => parameter.name)).toEqual(['anything', 'never', 'none', 'map']);
    const refused = tool.argsDecoder.decode('{"never":1,"none":[1]}', limits);
    expect(refused.ok === false && refused.violations.map((violation) => violation.path)).toEqual(['never', 'none[0]']);
  });

  it('types them: a schema literal with true and false subschemas needs no cast, and reads back narrowed', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        anything: true,
        never: false,
        list: { type: 'array', items: false },
        map: { type: 'object', additionalProperties: true },
      },
      unevaluatedProperties: false,
      anyOf: [true, { required: ['anything'] }],
    };
    const tool = toolOf(schema);
    expect(tool.argsDecoder.decode('{"list":[],"map":{"k":1}}', limits)).toEqual({ ok: true, value: { list: [], map: { k: 1 } } });
    const list = tool.inputSchema.properties?.list;
    expect(typeof list === 'object' && list.items).toBe(false);
    expect(tool.descriptor.optionalParameters.map((parameter) => [parameter.name, parameter.type.kind])).toEqual([
      ['anything', 'any'],
      ['never', 'any'],
      ['list', 'array'],
      ['map', 'object'],
    ]);
  });

  it('refuses a schema ajv cannot read with InvalidToolDefinitionError naming where, never a TypeError', () => {
    const build = () => toolOf({ type: 'object', properties: { a: null as unknown as JsonSchema } });
    expect(build).toThrow(InvalidToolDefinitionError);
    expect(build).toThrow(/properties\/a/);
  });
});

describe('schemas that refer to their own root', () => {
  it('compiles a tree whose $ref is "#" or its own $id, checking every level and filling defaults at each', () => {
    const tree: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { label: { type: 'string', default: 'node' }, child: { $ref: '#' } },
      unevaluatedProperties: false,
    };
    const named: JsonSchema = {
      $id: 'https://example.com/schemas/own-tree.json',
      type: 'object',
      properties: { label: { type: 'string' }, child: { $ref: 'https://example.com/schemas/own-tree.json' } },
    };
    const decoder = toolOf(tree).argsDecoder;
    expect(decoder.decode('{"child":{"child":{"label":"leaf"}}}', limits)).toEqual({
      ok: true,
      value: { label: 'node', child: { label: 'node', child: { label: 'leaf' } } },
    });
    const refused = decoder.decode('{"child":{"child":{"label":1,"extra":true}}}', limits);
    expect(refused.ok === false && refused.violations.map((violation) => violation.path)).toEqual([
      'child.child.label',
      'child.child.extra',
    ]);
    expect(toolOf(named).argsDecoder.decode('{"child":{"label":2}}', limits).ok).toBe(false);
    expect(toolOf(named).argsDecoder.decode('{"child":{"label":"two"}}', limits).ok).toBe(true);
  });
});

describe('$ref loops', () => {
  it('refuses $refs that only lead to each other with InvalidToolDefinitionError naming where the loop starts, never a RangeError', () => {
    const loop = () =>
      toolOf({ type: 'object', properties: { x: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } });
    expect(loop).toThrow(InvalidToolDefinitionError);
    expect(loop).toThrow(
      'its $ref at /properties/x leads only to other $refs, in a loop (#/$defs/a → #/$defs/b → #/$defs/a), so there is no schema to check a value against',
    );
    expect(() => toolOf({ type: 'object', properties: { x: { $ref: '#/properties/x', description: 'me' } } })).toThrow(
      'in a loop (#/properties/x → #/properties/x)',
    );
    // A $ref through a schema with rules of its own is a recursive schema, not a loop.
    const tree = toolOf({
      type: 'object',
      properties: { node: { $ref: '#/$defs/node' } },
      $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
    });
    expect(tree.argsDecoder.decode('{"node":{"next":{"next":{}}}}', limits).ok).toBe(true);
  });
});

describe('schema documents', () => {
  it('refuses documents whose $ids clash (an embedded $id repeating another document’s), naming both places, in either order', () => {
    const a: JsonSchema = { $id: 'https://ex.com/a.json', $defs: { x: { $id: 'https://ex.com/b.json', type: 'string' } } };
    const b: JsonSchema = { $id: 'https://ex.com/b.json', type: 'integer' };
    expect(() => readSchemaDocuments([a, b])).toThrow(
      'schemas[1] declares the $id "https://ex.com/b.json", which schemas[0] at /$defs/x declares too; each $id must name one schema',
    );
    expect(() => readSchemaDocuments([b, a])).toThrow(
      'schemas[1] at /$defs/x declares the $id "https://ex.com/b.json", which schemas[0] declares too',
    );
    const relative: JsonSchema = { $id: 'https://ex.com/dir/c.json', $defs: { y: { $id: 'b.json' } } };
    expect(() => readSchemaDocuments([relative, { $id: 'https://ex.com/dir/b.json' }])).toThrow(
      'which schemas[0] at /$defs/y declares too',
    );
    const user = toolOf({ type: 'object', properties: { b: { $ref: 'https://ex.com/b.json' } } });
    expect(() => new AgentEnvironment({ registry: new ToolRegistry([user]), schemas: [a, b] })).toThrow(
      /option 'schemas'.*schemas\[1\] declares the \$id/,
    );
  });
});

describe('imported schemas with other documents', () => {
  const zip: JsonSchema = { $id: 'https://example.com/schemas/imported-zip.json', type: 'string', pattern: '^[0-9]{4}$' };
  const schema: JsonSchema = {
    type: 'object',
    properties: { zip: { $ref: 'https://example.com/schemas/imported-zip.json' }, country: { type: 'string', default: 'NO' } },
    required: ['zip'],
  };

  it('validates against the documents with the linear engine, then fills defaults', () => {
    const decoder = compileArgsDecoder<{ zip: string; country: string }>({ schema, origin: 'imported' }, "'imported'");
    decoder.bindSchemas!(readSchemaDocuments([zip]));
    expect(decoder.decode('{"zip":"0150"}', limits)).toEqual({ ok: true, value: { zip: '0150', country: 'NO' } });
    const refused = decoder.decode('{"zip":"x"}', limits);
    expect(refused.ok === false && describeViolations('imported', refused.violations)).toContain('must be a string matching /^[0-9]{4}$/');
  });

  it('refuses a document with a pattern RE2 cannot match for an imported schema, but not for an own one', () => {
    const lookahead: JsonSchema = { ...zip, pattern: '^(?=[0-9])[0-9]{4}$' };
    const imported = compileArgsDecoder({ schema, origin: 'imported' }, "'imported'");
    expect(() => imported.bindSchemas!(readSchemaDocuments([lookahead]))).toThrow(/cannot be matched in linear time/);
    const own = compileArgsDecoder({ schema }, "'own'");
    own.bindSchemas!(readSchemaDocuments([lookahead]));
    expect(own.decode('{"zip":"0150"}', limits)).toEqual({ ok: true, value: { zip: '0150', country: 'NO' } });
  });
});
