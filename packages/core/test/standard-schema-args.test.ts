import 'reflect-metadata';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import * as v from 'valibot';
import { z } from 'zod';
import { defaultArgumentLimits, InvalidToolDefinitionError, SafeTool, Tool, withJsonSchema } from '../src/index.js';

const WeatherArgs = v.object({
  city: v.pipe(v.string(), v.minLength(2)),
  days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)), 1),
  unit: v.pipe(
    v.optional(v.picklist(['c', 'f']), 'c'),
    v.transform((unit) => (unit === 'c' ? 'celsius' : 'fahrenheit')),
  ),
});

const weatherJsonSchema = {
  type: 'object' as const,
  properties: {
    city: { type: 'string' as const, minLength: 2, description: 'The city' },
    days: { type: 'integer' as const, minimum: 1, maximum: 7 },
    unit: { enum: ['c', 'f'] },
  },
  required: ['city'],
};

class WeatherTool extends Tool<v.InferOutput<typeof WeatherArgs>, string> {
  received?: v.InferOutput<typeof WeatherArgs>;
  constructor() {
    super({ name: 'weather', description: 'The weather in a city.', argsType: withJsonSchema(WeatherArgs, weatherJsonSchema) });
  }
  execute(args: v.InferOutput<typeof WeatherArgs>): string {
    this.received = args;
    return `${args.city}: ${args.days} days in ${args.unit}`;
  }
}

describe('Standard Schema arguments (withJsonSchema)', () => {
  it('shows the model the JSON Schema it was paired with', () => {
    const tool = new WeatherTool();
    expect(tool.inputSchema).toBe(weatherJsonSchema);
    expect(tool.descriptor.requiredParameters.map((parameter) => parameter.name)).toEqual(['city']);
  });

  it("validates with the validator and gives execute the validator's output", async () => {
    const tool = new WeatherTool();
    const outcome = await SafeTool.of(tool).execute({ city: 'Oslo', unit: 'f', extra: true });
    expect(outcome).toMatchObject({ ok: true, content: 'Oslo: 1 days in fahrenheit' });
    expect(tool.received).toEqual({ city: 'Oslo', days: 1, unit: 'fahrenheit' });
  });

  it("lists the validator's issues by path, with the received value", async () => {
    const outcome = await SafeTool.of(new WeatherTool()).execute({ city: 'O', days: 9 });
    expect(outcome.ok).toBe(false);
    expect(outcome.content).toContain('\'city\': Invalid length: Expected >=2 but received 1, got string "O"');
    expect(outcome.content).toContain("'days': Invalid value: Expected <=7 but received 9, got number 9");
    const violations = (outcome as { error: { violations: Array<{ path: string; constraint: string }> } }).error.violations;
    expect(violations.map((violation) => [violation.path, violation.constraint])).toEqual([
      ['city', 'min_length'],
      ['days', 'max_value'],
    ]);
  });

  it('refuses a validator without a JSON Schema, at compile time and at construction', () => {
    class BareTool extends Tool<v.InferOutput<typeof WeatherArgs>, string> {
      constructor() {
        // @ts-expect-error a valibot schema alone gives the model no JSON Schema
        super({ name: 'bare', description: 'Bare.', argsType: WeatherArgs });
      }
      execute(): string {
        return 'ok';
      }
    }
    expect(() => new BareTool()).toThrow(InvalidToolDefinitionError);
    expect(() => new BareTool()).toThrow(
      /a valibot validator needs the JSON Schema the model is shown: pass argsType: withJsonSchema\(validator, jsonSchema\)/,
    );
  });

  it('refuses a JSON Schema that is not an object schema', () => {
    expect(() => withJsonSchema(WeatherArgs, { type: 'string' })).toThrow(/type "object"/);
    expect(() => withJsonSchema({} as StandardSchemaV1, { type: 'object' })).toThrow(/Standard Schema validator/);
  });

  it('takes a JSON Schema typed as valibot’s toJsonSchema (JSONSchema7) or zod’s z.toJSONSchema types it, with no cast', async () => {
    // What @valibot/to-json-schema returns is typed JSONSchema7 (@types/json-schema), whose subschemas may be booleans.
    type JSONSchema7 = {
      type?: string | string[];
      properties?: Record<string, JSONSchema7 | boolean>;
      required?: string[];
      minLength?: number;
    };
    const shown: JSONSchema7 = { type: 'object', properties: { city: { type: 'string', minLength: 2 } }, required: ['city'] };
    const Args = v.object({ city: v.pipe(v.string(), v.minLength(2)) });
    const decoder = withJsonSchema(Args, shown)['~standard'];
    expect(decoder.jsonSchema.input({ target: 'draft-07' })).toBe(shown);
    const Zod = z.object({ city: z.string() });
    const zodShown = z.toJSONSchema(Zod);
    expect(withJsonSchema(Zod, zodShown)['~standard'].jsonSchema.output({ target: 'draft-2020-12' })).toBe(zodShown);
    expect(await Promise.resolve(decoder.validate({ city: 'Oslo' }))).toMatchObject({ value: { city: 'Oslo' } });
  });

  it('turns a validator that throws into an error result, not a thrown error', async () => {
    const throwing: StandardSchemaV1<unknown, { a: number }> = {
      '~standard': {
        version: 1,
        vendor: 'homemade',
        validate: () => {
          throw new Error('validator bug');
        },
      },
    };
    class ThrowingTool extends Tool<{ a: number }, string> {
      constructor() {
        super({
          name: 'throwing',
          description: 'Throws.',
          argsType: withJsonSchema(throwing, { type: 'object', properties: { a: { type: 'number' } } }),
        });
      }
      execute(): string {
        return 'ok';
      }
    }
    const outcome = await SafeTool.of(new ThrowingTool()).execute({ a: 1 });
    expect(outcome.ok).toBe(false);
    expect(outcome.content).toContain('the argument validator threw: validator bug');
    const generic = await SafeTool.of(new ThrowingTool(), { errorDetail: 'generic' }).execute({ a: 1 });
    expect(generic.content).toContain('the argument validator threw an error');
    expect(generic.content).not.toContain('validator bug');
    const full = await SafeTool.of(new ThrowingTool(), { errorDetail: 'full' }).execute({ a: 1 });
    expect(full.content).toContain('the argument validator threw: Error: validator bug');
    const decoded = new ThrowingTool().argsDecoder.decode({ a: 1 }, defaultArgumentLimits);
    expect(decoded.ok === false && decoded.thrown).toEqual(new Error('validator bug'));
  });

  it('takes a callable validator (as arktype types are) that gives its own JSON Schema, not as an Args class', async () => {
    const jsonSchema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const validate = (value: unknown): StandardSchemaV1.Result<{ n: number }> =>
      typeof (value as { n?: unknown }).n === 'number'
        ? { value: value as { n: number } }
        : { issues: [{ message: 'must be a number', path: [{ key: 'n' }] }] };
    const callable = Object.assign((value: unknown) => validate(value), {
      '~standard': { version: 1 as const, vendor: 'callable', validate, jsonSchema: { input: () => jsonSchema, output: () => jsonSchema } },
    });
    class CallableTool extends Tool<{ n: number }, number> {
      constructor() {
        super({ name: 'callable', description: 'Callable.', argsType: callable });
      }
      execute(args: { n: number }): number {
        return args.n * 2;
      }
    }
    expect(new CallableTool().inputSchema).toBe(jsonSchema);
    expect(await SafeTool.of(new CallableTool()).execute({ n: 4 })).toMatchObject({ ok: true, value: 8 });
    expect(await SafeTool.of(new CallableTool()).execute({ n: 'x' })).toMatchObject({
      ok: false,
      content: expect.stringContaining('\'n\': must be a number, got string "x"') as unknown,
    });
  });

  it('refuses forbidden keys before the validator sees them', async () => {
    const outcome = await SafeTool.of(new WeatherTool()).execute('{"city":"Oslo","__proto__":{"x":1}}');
    expect(outcome.ok).toBe(false);
    expect(outcome.content).toContain('__proto__');
  });
});
