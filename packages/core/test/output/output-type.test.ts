import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { IsInt } from 'class-validator';
import { z } from 'zod';
import { Agent, InvalidAgentOptionsError, type JsonSchema, type OutputType, type RunResult } from '../../src/index.js';
import { EchoTool } from '../support/echo-tool.js';
import { Invoice, InvoiceLine } from './support.js';

const invoice = { total: 120, lines: [{ item: 'tea', cents: 120 }] };

describe('outputType: the final answer decoded like tool arguments', () => {
  it('decodes an Args class output into an instance (nested classes too), typed without a cast; text is the raw answer', async () => {
    const model = new ScriptedModel([{ output: invoice }]);
    const agent = new Agent({ model, outputType: Invoice });
    const run = await agent.run('Read the receipt');

    expect(run.stopReason).toBe('completed');
    expect(run.output).toBeInstanceOf(Invoice);
    expect(run.output!.lines[0]).toBeInstanceOf(InvoiceLine);
    // Only compiles when run.output is an Invoice.
    const count: number | undefined = run.output?.lineCount();
    expect(count).toBe(1);
    // @ts-expect-error run.output is an Invoice, not a string
    const wrong: string | undefined = run.output;
    expect(wrong).toBeDefined();
    expect(run.text).toBe(JSON.stringify(invoice));
    expect(run.outputError).toBeUndefined();
  });

  it("decodes a zod schema's output (transforms and defaults applied), typed as z.output", async () => {
    const Receipt = z
      .object({ total: z.number().int().min(0), currency: z.string().default('EUR'), shop: z.string().transform((s) => s.toUpperCase()) })
      .meta({ title: 'ShopReceipt' });
    const model = new ScriptedModel([{ output: { total: 5, shop: 'corner' } }]);
    const agent = new Agent({ model, outputType: Receipt });
    const run = await agent.run('x');

    const output: { total: number; currency: string; shop: string } | undefined = run.output;
    expect(output).toEqual({ total: 5, currency: 'EUR', shop: 'CORNER' });
    // @ts-expect-error total is a number
    const total: string | undefined = run.output?.total;
    expect(total).toBe(5);
    expect(model.requests[0]!.responseFormat?.name).toBe('shop_receipt');
  });

  it('parses a { jsonSchema } output as validated JSON, typed unknown unless the agent is given a type', async () => {
    const jsonSchema: JsonSchema = { type: 'object', properties: { total: { type: 'integer', minimum: 0 } }, required: ['total'] };
    const untyped = new Agent({ model: new ScriptedModel([{ output: { total: 3 } }]), outputType: { jsonSchema } });
    const run = await untyped.run('x');
    const output: unknown = run.output;
    expect(output).toEqual({ total: 3 });
    // @ts-expect-error run.output is unknown
    expect(run.output.total).toBe(3);

    const typed = new Agent<{ total: number }>({
      model: new ScriptedModel([{ output: { total: 4 } }]),
      outputType: { jsonSchema, name: 'sum' },
    });
    const typedRun: RunResult<{ total: number }> = await typed.run('x');
    expect(typedRun.output?.total).toBe(4);
  });

  it('sends responseFormat { name, schema, strict } with every model call, the schema exactly what is validated', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { output: invoice }]);
    const agent = new Agent({ model, tools: [new EchoTool('echo')], outputType: Invoice });
    await agent.run('x');

    expect(model.requests).toHaveLength(2);
    for (const request of model.requests) {
      expect(request.responseFormat).toMatchObject({ name: 'invoice', strict: true });
      expect(request.responseFormat!.schema).toMatchObject({
        type: 'object',
        properties: { total: { type: 'integer', minimum: 0, description: 'Total in cents' }, lines: { type: 'array' } },
        required: expect.arrayContaining(['total', 'lines']),
      });
    }
  });

  it('names the output: the name given, else the class name or schema title in snake_case, else "output"', async () => {
    const nameOf = async (outputType: OutputType<unknown>) => {
      const model = new ScriptedModel([{ text: '' }]);
      await new Agent({ model, outputType, outputRetries: 0 }).run('x');
      return model.requests[0]!.responseFormat!.name;
    };
    class HTTPLineItem {
      @IsInt() n!: number;
    }
    expect(await nameOf(Invoice)).toBe('invoice');
    expect(await nameOf(HTTPLineItem)).toBe('http_line_item');
    expect(await nameOf({ jsonSchema: { type: 'object', title: 'Weather Report' } })).toBe('weather_report');
    expect(await nameOf({ jsonSchema: { type: 'object' } })).toBe('output');
    expect(await nameOf({ jsonSchema: { type: 'object' }, name: 'Report-1' })).toBe('Report-1');
    expect(await nameOf(z.object({ a: z.string() }))).toBe('output');
  });

  it("keeps the run's output type after a handoff: the agent taking over is sent the format and its answer decoded", async () => {
    const helper = new ScriptedModel([{ output: invoice }]);
    const billing = new Agent({ name: 'billing', model: helper });
    const front = new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: 'billing' } }] }]);
    const run = await new Agent({ name: 'front', model: front, subAgents: [billing], outputType: Invoice }).run('x');
    expect(run.agentName).toBe('billing');
    expect(run.output).toBeInstanceOf(Invoice);
    expect(helper.requests[0]!.responseFormat?.name).toBe('invoice');
  });

  it('has no output and sends no responseFormat without an outputType', async () => {
    const model = new ScriptedModel([{ text: '{"total":1}' }]);
    const run = await new Agent({ model }).run('x');
    expect('output' in run).toBe(false);
    expect('responseFormat' in model.requests[0]!).toBe(false);
  });

  it('refuses, at new Agent, an output type that cannot be described and impossible outputRetries', () => {
    const model = new ScriptedModel([]);
    class Empty {}
    expect(() => new Agent({ model, outputType: Empty })).toThrow(InvalidAgentOptionsError);
    expect(() => new Agent({ model, outputType: Empty })).toThrow(/outputType.*declares no argument/);
    expect(() => new Agent({ model, outputType: { jsonSchema: { type: 'array' } } })).toThrow(/outputType\.jsonSchema.*type: "object"/);
    expect(() => new Agent({ model, outputType: z.string() as never })).toThrow(/must describe an object/);
    expect(() => new Agent({ model, outputType: { jsonSchema: { type: 'object' }, name: 'a b' } })).toThrow(/outputType\.name/);
    expect(() => new Agent({ model, outputType: 'Invoice' as never })).toThrow(/an Args class, a zod/);
    expect(() => new Agent({ model, outputType: Invoice, outputRetries: -1 })).toThrow(/outputRetries.*whole number/);
    expect(() => new Agent({ model, outputType: Invoice, outputRetries: 1.5 })).toThrow(/outputRetries/);
    expect(() => new Agent({ model, outputRetries: 2 })).toThrow(/outputRetries.*without an outputType/);
  });

  it('refuses, at new Agent, an output type every answer of which nests deeper than argumentLimits.maxDepth', () => {
    const model = new ScriptedModel([]);
    const nested = (levels: number, required: boolean): Record<string, unknown> => {
      let schema: Record<string, unknown> = { type: 'string' };
      for (let level = 0; level < levels; level++)
        schema = { type: 'object', properties: { a: schema }, ...(required ? { required: ['a'] } : {}), additionalProperties: false };
      return schema;
    };
    expect(() => new Agent({ model, outputType: { jsonSchema: nested(40, true) as never } })).toThrow(InvalidAgentOptionsError);
    expect(() => new Agent({ model, outputType: { jsonSchema: nested(40, true) as never } })).toThrow(
      /outputType.*argumentLimits\.maxDepth \(32\).*every answer this one accepts nests 40 levels/,
    );
    let deepZod: z.ZodType = z.string();
    for (let level = 0; level < 33; level++) deepZod = z.object({ a: deepZod });
    expect(() => new Agent({ model, outputType: deepZod as never })).toThrow(/nests 33 levels/);
    // Answers that may stop sooner, or a raised limit, are accepted.
    expect(() => new Agent({ model, outputType: { jsonSchema: nested(32, true) as never } })).not.toThrow();
    expect(() => new Agent({ model, outputType: { jsonSchema: nested(40, false) as never } })).not.toThrow();
    expect(
      () => new Agent({ model, outputType: { jsonSchema: nested(40, true) as never }, argumentLimits: { maxDepth: 64 } }),
    ).not.toThrow();
    const tree = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/node' } },
      required: ['node'],
      $defs: {
        node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['children'] },
      },
    };
    expect(() => new Agent({ model, outputType: { jsonSchema: tree as never } })).not.toThrow();
  });

  it('resolves a $ref to another document through the agent’s schemas, and refuses one never given', async () => {
    const money: JsonSchema = { $id: 'https://example.com/money.json', type: 'integer', minimum: 0 };
    const jsonSchema: JsonSchema = {
      type: 'object',
      properties: { total: { $ref: 'https://example.com/money.json' } },
      required: ['total'],
    };
    expect(() => new Agent({ model: new ScriptedModel([]), outputType: { jsonSchema } })).toThrow(/money\.json/);
    const model = new ScriptedModel([{ output: { total: -1 } }, { output: { total: 2 } }]);
    const run = await new Agent({ model, outputType: { jsonSchema }, schemas: [money] }).run('x');
    expect(run.output).toEqual({ total: 2 });
  });
});
