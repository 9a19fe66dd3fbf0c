import 'reflect-metadata';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentEnvironment, SafeTool, ToolRegistry } from '@toolcraft/core';
import { metadataWith, testAgentContext } from '@toolcraft/testing';
import { CalculatorTool } from '../src/tools/calculator-tool.js';
import { CastToDoubleTool } from '../src/tools/cast-to-double.js';
import { EditFileResult, EditFileTool } from '../src/tools/edit-file.js';
import { MathService } from '../src/tools/math-service.js';
import { SpanAwareCalculatorTool } from '../src/tools/span-aware-calculator.js';
import { CalculatorCallsKey, TracingCalculatorTool } from '../src/tools/tracing-calculator.js';
import { TracingFeature } from '../src/tools/tracing-feature.js';
import { runRegistryExample } from '../src/registry-example.js';

describe('calculator (class tool)', () => {
  it('adds two digits', async () => {
    expect(await SafeTool.of(new CalculatorTool()).execute({ digit1: 3, digit2: 4 })).toEqual({ ok: true, value: 7, content: '7' });
  });

  it('refuses a number that is not a digit, naming the argument', async () => {
    const result = await SafeTool.of(new CalculatorTool()).execute('{"digit1":12,"digit2":4}');
    expect(result.ok).toBe(false);
    expect(result.content).toContain("'digit1': must be at most 9, got number 12");
  });
});

describe('calculator (annotated method)', () => {
  it('adds two digits on its service instance', async () => {
    const service = new MathService();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(service) });
    expect((await env.executeTool({ name: 'calculator', arguments: '{"digit1":3,"digit2":4}' })).content).toBe('7');
    expect(service.additions).toBe(1);
  });

  it("answers a digit out of range with the method's own message", async () => {
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new MathService()) });
    const result = await env.executeTool({ name: 'calculator', arguments: '{"digit1":10,"digit2":4}' });
    expect(result).toMatchObject({ isError: true, content: "Error: tool 'calculator' failed: digit1 must be a single digit (0-9)" });
  });
});

describe('cast_to_double (SimpleTool)', () => {
  it('returns the text the model sees', async () => {
    const tool = SafeTool.of(new CastToDoubleTool());
    expect((await tool.execute({ expression: '3', comment: 'c' })).content).toBe('Result: 3.0');
    expect((await tool.execute({ expression: 'abc', comment: 'c' })).content).toBe('Result: 0.0');
  });
});

describe('tracing calculator (ContextAwareTool)', () => {
  it('counts its calls in the run state, keeping temp: keys out of the delta', async () => {
    const context = testAgentContext();
    const tool = SafeTool.of(new TracingCalculatorTool());
    await tool.execute({ digit1: 1, digit2: 2 }, metadataWith(context));
    const second = await tool.execute({ digit1: 2, digit2: 2 }, metadataWith(context));
    expect(second).toMatchObject({ ok: true, value: 4 });
    expect(context.state.get(CalculatorCallsKey)).toBe(2);
    expect(context.state.delta).toEqual({ [CalculatorCallsKey]: 2 });
  });

  it('fails with a clear message when run without an agent context', async () => {
    const result = await SafeTool.of(new TracingCalculatorTool()).execute({ digit1: 1, digit2: 2 });
    expect(result.content).toContain("Tool 'tracing_calculator' needs an AgentContext");
  });
});

describe('span-aware calculator (ToolBase) with the tracing feature', () => {
  it("reads the feature's trace.span.id, and a caller's span wins over it", async () => {
    const tracing = new TracingFeature();
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new SpanAwareCalculatorTool()), features: [tracing] });
    const fromFeature = await env.executeTool({ id: 'a', name: 'span_aware_calculator', arguments: '{"digit1":1,"digit2":1}' });
    expect(fromFeature.value).toEqual({ sum: 2, spanId: 'span-1' });
    const fromCaller = await env.executeTool(
      { id: 'b', name: 'span_aware_calculator', arguments: '{"digit1":1,"digit2":1}' },
      { 'trace.span.id': 'caller-span' },
    );
    expect(fromCaller.value).toEqual({ sum: 2, spanId: 'caller-span' });
    expect(tracing.spans.map((span) => [span.callId, span.spanId, span.isError])).toEqual([
      ['a', 'span-1', false],
      ['b', 'span-2', false],
    ]);
  });
});

describe('edit_file', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'toolcraft-edit-'));
    await writeFile(join(root, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('really edits the file and reports the edit as Markdown', async () => {
    const result = await SafeTool.of(new EditFileTool(root)).execute({
      path: 'notes.txt',
      original: 'beta',
      replacement: 'BETA',
      reason: 'shout',
    });
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('alpha\nBETA\ngamma\n');
    expect(result.ok && result.value).toBeInstanceOf(EditFileResult);
    expect(result.content).toBe(
      [
        '## Edited `notes.txt`',
        '**Line**: 2',
        '**Reason**: *shout*',
        '',
        'Replaced:',
        '```',
        'beta',
        '```',
        'With:',
        '```',
        'BETA',
        '```',
      ].join('\n'),
    );
  });

  it('refuses paths outside the workspace and text that is missing or ambiguous', async () => {
    const tool = SafeTool.of(new EditFileTool(root));
    expect((await tool.execute({ path: '../escape.txt', original: 'a', replacement: 'b' })).content).toContain('outside the workspace');
    expect((await tool.execute({ path: 'notes.txt', original: 'delta', replacement: 'b' })).content).toContain('was not found');
    expect((await tool.execute({ path: 'notes.txt', original: 'a', replacement: 'b' })).content).toContain('more than once');
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('alpha\nbeta\ngamma\n');
  });
});

describe('registry example', () => {
  it('runs each kind of call and prints one line per result', async () => {
    const lines: string[] = [];
    const results = await runRegistryExample((line) => lines.push(line));
    expect(results.map((result) => result.isError)).toEqual([false, false, false, true, true]);
    expect(lines[0]).toBe('Registered tools: cast_to_double, span_aware_calculator, calculator');
    expect(lines).toContain('call_2 span_aware_calculator ok: {"sum":7,"spanId":"span-2"}');
  });
});
