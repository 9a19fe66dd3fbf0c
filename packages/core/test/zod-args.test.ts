import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { compileStandardSchemaDecoder } from '../src/decoding/standard-schema/compile-standard-schema-decoder.js';
import {
  AgentEnvironment,
  defaultArgumentLimits,
  ContextAwareTool,
  InvalidToolDefinitionError,
  SafeTool,
  SimpleTool,
  Tool,
  ToolRegistry,
  type AgentContext,
  type AnyTool,
} from '../src/index.js';
import { metadataWith, testAgentContext } from '@toolcraft/testing';

const EditArgs = z.object({
  path: z.string().min(1).describe('The file to edit'),
  line: z.number().int().min(1).max(10_000),
  text: z.string().transform((value) => value.trimEnd()),
  when: z.iso
    .datetime()
    .transform((value) => new Date(value))
    .optional(),
  mode: z.enum(['insert', 'replace']).default('insert'),
});

class EditTool extends Tool<z.output<typeof EditArgs>, string> {
  received?: z.output<typeof EditArgs>;
  constructor() {
    super({ name: 'edit', description: 'Edits a file.', argsType: EditArgs });
  }
  execute(args: z.output<typeof EditArgs>): string {
    this.received = args;
    return `${args.mode} at ${args.path}:${args.line}`;
  }
}

async function run(tool: AnyTool, args: unknown) {
  const env = new AgentEnvironment({ registry: ToolRegistry.of(tool) });
  return env.executeTool({ id: 'c1', name: tool.name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });
}

describe('zod arguments', () => {
  it('shows the model the input JSON Schema of the zod schema', () => {
    const schema = new EditTool().inputSchema;
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'The file to edit' },
        line: { type: 'integer', minimum: 1, maximum: 10_000 },
        when: { type: 'string', format: 'date-time' },
        mode: { enum: ['insert', 'replace'], default: 'insert' },
      },
      required: ['path', 'line', 'text'],
    });
    expect(new EditTool().descriptor.requiredParameters.map((parameter) => parameter.name)).toEqual(['path', 'line', 'text']);
  });

  it("gives execute zod's typed output, with transforms and defaults applied", async () => {
    const tool = new EditTool();
    const result = await run(tool, { path: 'a.ts', line: 3, text: 'x  ', when: '2024-05-01T12:00:00Z' });
    expect(result).toMatchObject({ isError: false, content: 'insert at a.ts:3' });
    expect(tool.received?.text).toBe('x');
    expect(tool.received?.when).toBeInstanceOf(Date);
    expect(tool.received?.when?.toISOString()).toBe('2024-05-01T12:00:00.000Z');
  });

  it("words zod's issues like every other argument error", async () => {
    const result = await run(new EditTool(), { path: '', line: 'x', mode: 'delete', when: 'soon' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('\'path\': must be at least 1 characters long, got string ""');
    expect(result.content).toContain('\'line\': expected an integer, got string "x"');
    expect(result.content).toContain("'text': is required but missing (expected a string)");
    expect(result.content).toContain('\'mode\': expected one of "insert", "replace", got string "delete"');
    expect(result.content).toContain("'when': expected a date-time string");
    const violations = (result.error as { violations: Array<{ path: string; constraint: string }> }).violations;
    expect(violations.map((violation) => [violation.path, violation.constraint])).toEqual([
      ['path', 'minLength'],
      ['line', 'type'],
      ['text', 'required'],
      ['when', 'format'],
      ['mode', 'enum'],
    ]);
  });

  it('runs refinements, with their own message', async () => {
    const Range = z.object({ from: z.number(), to: z.number() }).refine((range) => range.from <= range.to, {
      message: 'must not be before from',
      path: ['to'],
    });
    class RangeTool extends Tool<z.output<typeof Range>, number> {
      constructor() {
        super({ name: 'range', description: 'A range.', argsType: Range });
      }
      execute(args: z.output<typeof Range>): number {
        return args.to - args.from;
      }
    }
    const outcome = await SafeTool.of(new RangeTool()).execute({ from: 5, to: 2 });
    expect(outcome.ok).toBe(false);
    expect(outcome.content).toContain("'to': must not be before from, got number 2");
    expect(await SafeTool.of(new RangeTool()).execute({ from: 2, to: 5 })).toMatchObject({ ok: true, value: 3 });
  });

  it('drops arguments the schema does not declare and reads null for an optional one as absent', async () => {
    const tool = new EditTool();
    const result = await run(tool, { path: 'a', line: 1, text: 't', when: null, extra: 1 });
    expect(result.isError).toBe(false);
    expect(tool.received).toEqual({ path: 'a', line: 1, text: 't', mode: 'insert' });
  });

  it('lists at most 20 violations and cuts long values at 80 characters', async () => {
    const Many = z.object(Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`p${index}`, z.number()])));
    class ManyTool extends Tool<z.output<typeof Many>, string> {
      constructor() {
        super({ name: 'many', description: 'Many.', argsType: Many });
      }
      execute(): string {
        return 'ok';
      }
    }
    const args = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`p${index}`, 'y'.repeat(200)]));
    const result = await run(new ManyTool(), args);
    const violations = (result.error as { violations: Array<{ message: string }> }).violations;
    expect(violations).toHaveLength(21);
    expect(violations[20]!.message).toBe('and 10 more');
    expect(violations[0]!.message).toBe(`'p0': expected a number, got string "${'y'.repeat(80)}"… (200 characters)`);
  });

  it('refuses an async refinement with a clear error result', async () => {
    const Async = z.object({ name: z.string().refine(async () => true) });
    class AsyncTool extends Tool<z.output<typeof Async>, string> {
      constructor() {
        super({ name: 'async_tool', description: 'Async.', argsType: Async });
      }
      execute(): string {
        return 'ok';
      }
    }
    const result = await run(new AsyncTool(), { name: 'x' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('asynchronous');
  });

  it('reports a refine that throws synchronously as thrown (not asynchronous), the thrown value kept for errorDetail', () => {
    const boom = new Error('secret database password in refine');
    const Throwing = z.object({
      name: z.string().refine(() => {
        throw boom;
      }),
    });
    const outcome = compileStandardSchemaDecoder(Throwing, 'throwing_refine').decode({ name: 'x' }, defaultArgumentLimits);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.thrown).toBe(boom);
    expect(JSON.stringify(outcome.violations)).not.toMatch(/asynchronous|secret/);
    expect(outcome.violations[0]!.message).toBe('arguments: the argument validator threw an error');
    const nullProto: unknown = Object.create(null);
    const Odd = z.object({
      name: z.string().refine(() => {
        throw nullProto;
      }),
    });
    const odd = compileStandardSchemaDecoder(Odd, 'odd_refine').decode({ name: 'x' }, defaultArgumentLimits);
    expect(odd.ok === false && odd.thrown).toBe(nullProto);
  });

  it('refuses at construction a zod schema with an argument named constructor, since every call would be refused', () => {
    const Named = z.object({ constructor: z.string() });
    expect(() => compileStandardSchemaDecoder(Named, 'named')).toThrow(InvalidToolDefinitionError);
    expect(() => compileStandardSchemaDecoder(Named, 'named')).toThrow(/argument named 'constructor'/);
  });

  it('refuses at construction a schema JSON cannot carry, saying what to use instead', () => {
    const WithDate = z.object({ at: z.date() });
    class DateTool extends Tool<z.output<typeof WithDate>, string> {
      constructor() {
        super({ name: 'dated', description: 'Dated.', argsType: WithDate });
      }
      execute(): string {
        return 'ok';
      }
    }
    expect(() => new DateTool()).toThrow(InvalidToolDefinitionError);
    expect(() => new DateTool()).toThrow(/z\.iso\.datetime\(\)/);
  });

  it('refuses at construction a schema that is not an object', () => {
    class ListTool extends Tool<string[], string> {
      constructor() {
        super({ name: 'list', description: 'List.', argsType: z.array(z.string()) });
      }
      execute(): string {
        return 'ok';
      }
    }
    expect(() => new ListTool()).toThrow(/must describe an object/);
  });

  it('does not type-check when execute expects something other than the schema output', () => {
    class WrongTool extends Tool<{ path: number }, string> {
      constructor() {
        // @ts-expect-error the schema's output has path: string
        super({ name: 'wrong', description: 'Wrong.', argsType: EditArgs });
      }
      execute(): string {
        return 'ok';
      }
    }
    expect(new WrongTool().name).toBe('wrong');
  });

  it('types the arguments of SimpleTool and ContextAwareTool from the schema too', async () => {
    const Greet = z.object({ name: z.string().transform((name) => name.toUpperCase()) });
    class GreetTool extends SimpleTool<z.output<typeof Greet>> {
      constructor() {
        super({ name: 'greet', description: 'Greets.', argsType: Greet });
      }
      execute(args: z.output<typeof Greet>): string {
        return `hello ${args.name}`;
      }
    }
    class RunGreetTool extends ContextAwareTool<z.output<typeof Greet>, string> {
      constructor() {
        super({ name: 'run_greet', description: 'Greets in a run.', argsType: Greet });
      }
      execute(args: z.output<typeof Greet>, context: AgentContext): string {
        return `${context.agentName}: hello ${args.name}`;
      }
    }
    expect(await SafeTool.of(new GreetTool()).execute({ name: 'ada' })).toMatchObject({ ok: true, content: 'hello ADA' });
    const metadata = metadataWith(testAgentContext({ agentName: 'helper' }));
    expect(await SafeTool.of(new RunGreetTool()).execute({ name: 'ada' }, metadata)).toMatchObject({
      ok: true,
      content: 'helper: hello ADA',
    });
  });

  it('converts a schema to JSON Schema once, however many tools are built from it', () => {
    const Shared = z.object({ q: z.string() });
    const input = jest.spyOn(Shared['~standard'].jsonSchema, 'input');
    class SharedTool extends Tool<z.output<typeof Shared>, string> {
      constructor(name: string) {
        super({ name, description: 'Shared.', argsType: Shared });
      }
      execute(args: z.output<typeof Shared>): string {
        return args.q;
      }
    }
    const tools = Array.from({ length: 50 }, (_, index) => new SharedTool(`shared_${index}`));
    expect(input).toHaveBeenCalledTimes(1);
    expect(tools[49]!.inputSchema).toBe(tools[0]!.inputSchema);
  });

  it('loads no zod when no zod schema is used', () => {
    const script = [
      "require('reflect-metadata');",
      "require('./packages/core/src/index.ts');",
      'const zodLoaded = () => Object.keys(require.cache).some((file) => /node_modules[\\\\/]zod[\\\\/]/.test(file));',
      'const before = zodLoaded();',
      "require('zod');",
      'console.log(JSON.stringify({ before, after: zodLoaded() }));',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: join(__dirname, '../../..'),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(output.trim().split('\n').pop()!)).toEqual({ before: false, after: true });
  });
});
