import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  AgentEnvironment,
  type Feature,
  type FeatureErrorReport,
  InvalidHookDecisionError,
  type ReceivedToolResult,
  type ToolCallCompletedHandler,
  type ToolPipeline,
  ToolRegistry,
} from '../../src/index.js';
import { AddTool } from '../support/calculator.js';

const feature = (name: string, install: (pipeline: ToolPipeline, self: Feature) => void): Feature => {
  const self: Feature = { name, install: (pipeline) => install(pipeline, self) };
  return self;
};
const completed = (name: string, handler: ToolCallCompletedHandler) =>
  feature(name, (pipeline, self) => pipeline.onToolCallCompleted(self, handler));
const add = { id: 'c', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' };

function environment(features: Feature[], options: { toolTimeoutMs?: number; maxResultChars?: number } = {}) {
  const reports: FeatureErrorReport[] = [];
  const env = new AgentEnvironment({
    registry: ToolRegistry.of(new AddTool()),
    features,
    onFeatureError: (report) => void reports.push(report),
    ...options,
  });
  return { env, reports };
}

describe('onToolCallCompleted decisions', () => {
  it('reports a handler whose result has a then getter that throws, and keeps the result', async () => {
    const trap = {
      get then(): never {
        throw new Error('then trap');
      },
    };
    const { env, reports } = environment([completed('trapper', (() => trap) as unknown as ToolCallCompletedHandler)]);
    const result = await env.executeTool(add);
    expect(result).toMatchObject({ content: '7', isError: false, value: 7 });
    expect(reports).toEqual([expect.objectContaining({ feature: 'trapper', stage: 'completed', callId: 'c' })]);
    expect((reports[0]!.error as Error).message).toBe('then trap');
  });

  it('replaces what the model sees; the tool’s value stays for the host', async () => {
    const { env } = environment([completed('redact', () => ({ content: '[redacted]' }))]);
    const result = await env.executeTool(add);
    expect(result).toEqual({ id: 'c', name: 'calculator', content: '[redacted]', isError: false, value: 7, contentReplacedBy: ['redact'] });
  });

  it('chains in registration order, each handler seeing the content the previous one left', async () => {
    const seen: string[] = [];
    const { env } = environment([
      completed('first', ({ result }) => (seen.push(result.content), { content: `${result.content}!` })),
      completed('observer', ({ result }) => void seen.push(result.content)),
      completed('second', async ({ result }) => (seen.push(result.content), Promise.resolve({ content: `<${result.content}>` }))),
    ]);
    const result = await env.executeTool(add);
    expect(seen).toEqual(['7', '7!', '7!']);
    expect(result.content).toBe('<7!>');
    expect(result.contentReplacedBy).toEqual(['first', 'second']);
  });

  it('takes parts, which the model then gets instead of text', async () => {
    const { env } = environment([
      completed('chart', () => ({
        content: [
          { type: 'text', text: 'the sum, drawn:' },
          { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        ],
      })),
    ]);
    const result = await env.executeTool(add);
    expect(result.parts).toEqual([
      { type: 'text', text: 'the sum, drawn:' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
    expect(result.value).toBe(7);
  });

  it('cuts a replacement longer than maxResultChars, like any result', async () => {
    const { env } = environment([completed('long', () => ({ content: 'x'.repeat(50) }))], { maxResultChars: 10 });
    const result = await env.executeTool(add);
    expect(result.content.startsWith(`${'x'.repeat(10)}\n[... 40 more characters cut`)).toBe(true);
  });

  it.each([
    ['a bare string', 'redacted'],
    ['content that is a number', { content: 42 }],
    ['parts that are not parts', { content: [{ type: 'video' }] }],
  ])('reports a handler that returns %s by name and keeps the result as it was', async (_kind, returned) => {
    const { env, reports } = environment([completed('odd', (() => returned) as unknown as ToolCallCompletedHandler)]);
    const result = await env.executeTool(add);
    expect(result).toEqual({ id: 'c', name: 'calculator', content: '7', isError: false, value: 7 });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ feature: 'odd', stage: 'completed', callId: 'c' });
    expect(InvalidHookDecisionError.isInstance(reports[0]!.error)).toBe(true);
  });

  it('reports a handler that throws, and the next handlers still run', async () => {
    const { env, reports } = environment([
      completed('thrower', () => {
        throw new Error('down');
      }),
      completed('redact', () => ({ content: 'hidden' })),
    ]);
    expect((await env.executeTool(add)).content).toBe('hidden');
    expect(reports).toEqual([expect.objectContaining({ feature: 'thrower', stage: 'completed' })]);
  });

  describe('bounded', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('keeps the result as the handlers before a hanging one left it, and reports the hanging one', async () => {
      const { env, reports } = environment(
        [completed('redact', () => ({ content: 'hidden' })), completed('slow', () => new Promise<undefined>(() => undefined))],
        { toolTimeoutMs: 100 },
      );
      const pending = env.executeTool(add);
      await jest.advanceTimersByTimeAsync(100);
      const result = await pending;
      expect(result).toMatchObject({ content: 'hidden', isError: false, value: 7, contentReplacedBy: ['redact'] });
      expect(reports).toEqual([expect.objectContaining({ feature: 'slow', stage: 'completed' })]);
    });
  });
});

describe('onToolCallEnded', () => {
  it('tells an earlier feature the final result, after a later feature replaced its content', async () => {
    const ended: ReceivedToolResult[] = [];
    const observer = feature('audit', (pipeline, self) => pipeline.onToolCallEnded(self, ({ result }) => void ended.push(result)));
    const { env } = environment([observer, completed('redact', () => ({ content: 'hidden' }))]);
    const result = await env.executeTool(add);
    expect(ended).toEqual([result]);
    expect(ended[0]!.content).toBe('hidden');
  });

  it('tells the final result of a failed call too, once', async () => {
    const ended: ReceivedToolResult[] = [];
    const observer = feature('audit', (pipeline, self) => pipeline.onToolCallEnded(self, ({ result }) => void ended.push(result)));
    const { env } = environment([observer]);
    const results = await env.executeTools([
      { id: 'bad', name: 'calculator', arguments: '{"digit1":"x"}' },
      { id: 'lost', name: 'nope' },
    ]);
    // In the order the calls ended, one each.
    expect(ended).toHaveLength(2);
    expect(ended).toEqual(expect.arrayContaining(results));
    expect(ended.every((result) => result.isError)).toBe(true);
  });
});

describe('content replaced in an agent run', () => {
  it('sends the model the replacement, and keeps the value in run.toolCalls', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c', name: 'calculator', arguments: { digit1: 3, digit2: 4 } }] },
      { text: 'done' },
    ]);
    const agent = new Agent({ model, tools: [new AddTool()], features: [completed('redact', () => ({ content: '[redacted]' }))] });
    const run = await agent.run('add');
    const toolMessage = model.requests[1]!.messages.find((message) => message.role === 'tool');
    expect(toolMessage).toMatchObject({ content: '[redacted]' });
    expect(run.toolCalls[0]!.result).toMatchObject({ content: '[redacted]', value: 7, contentReplacedBy: ['redact'] });
  });
});
