import 'reflect-metadata';
import { context, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Agent, type ChatModel, ContextAwareTool, ToolBase, type ToolCallMetadata, ToolRegistry } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { openTelemetry } from '../src/index.js';
import { inMemoryTracing } from './support/in-memory-tracing.js';

const { exporter, tracer } = inMemoryTracing();

const schema: { type: 'object'; properties: Record<string, { type: 'string' }>; required: string[] } = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

class WeatherTool extends ToolBase<{ city: string }, string> {
  readonly spanIds: unknown[] = [];
  constructor() {
    super({ argsType: schema, name: 'weather', description: 'Tells the weather.' });
  }
  async execute(args: { city: string }, metadata: ToolCallMetadata): Promise<string> {
    this.spanIds.push([metadata.get('trace.span.id'), metadata.get('trace.id')]);
    await new Promise((resolve) => setImmediate(resolve));
    if (args.city === 'Atlantis') throw new RangeError('no such city');
    return `sunny in ${args.city}`;
  }
}

/** Asks a sub-agent. */
class AskExpertTool extends ContextAwareTool<{ city: string }, string> {
  constructor(private readonly expert: Agent) {
    super({ argsType: schema, name: 'ask_expert', description: 'Asks the expert.' });
  }
  async execute(args: { city: string }): Promise<string> {
    return (await this.expert.run(`About ${args.city}?`)).text;
  }
}

const byName = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('openTelemetry()', () => {
  it('records invoke_agent > chat and execute_tool spans, parallel calls as siblings, a sub-agent nested under its tool call', async () => {
    const feature = openTelemetry({ tracer });
    const expert = new Agent({
      name: 'expert',
      model: new ScriptedModel([{ text: 'Expert says: warm.' }]),
      registry: ToolRegistry.of(),
      features: [feature],
    });
    const weather = new WeatherTool();
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'weather', arguments: { city: 'Oslo' } },
          { id: 'c2', name: 'ask_expert', arguments: { city: 'Rome' } },
        ],
        usage: { inputTokens: 11, outputTokens: 3, totalTokens: 14 },
        finishReason: 'tool_calls',
      },
      { text: 'Done.', usage: { inputTokens: 20, outputTokens: 2, totalTokens: 22 }, finishReason: 'stop' },
    ]);
    const agent = new Agent({ name: 'planner', model, registry: ToolRegistry.of(weather, new AskExpertTool(expert)), features: [feature] });
    await agent.run('Weather?');
    const spans = exporter.getFinishedSpans();
    const [root] = byName(spans, 'invoke_agent planner');
    const chats = byName(spans, 'chat scripted');
    const [weatherSpan] = byName(spans, 'execute_tool weather');
    const [askSpan] = byName(spans, 'execute_tool ask_expert');
    const [expertRun] = byName(spans, 'invoke_agent expert');
    expect(root && weatherSpan && askSpan && expertRun).toBeTruthy();
    expect(parentOf(root!)).toBeUndefined();
    const rootId = root!.spanContext().spanId;
    expect(chats.filter((chat) => parentOf(chat) === rootId)).toHaveLength(2);
    expect([parentOf(weatherSpan!), parentOf(askSpan!)]).toEqual([rootId, rootId]);
    expect(parentOf(expertRun!)).toBe(askSpan!.spanContext().spanId);
    expect(byName(spans, 'chat scripted').filter((chat) => parentOf(chat) === expertRun!.spanContext().spanId)).toHaveLength(1);
    const firstChat = chats.find((chat) => parentOf(chat) === rootId && chat.attributes['gen_ai.usage.input_tokens'] === 11)!;
    expect(firstChat.kind).toBe(SpanKind.CLIENT);
    expect(firstChat.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'toolcraft.scripted',
      'gen_ai.request.model': 'scripted',
      'gen_ai.usage.output_tokens': 3,
      'gen_ai.response.finish_reasons': ['tool_calls'],
    });
    expect(weatherSpan!.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'weather',
      'gen_ai.tool.call.id': 'c1',
      'gen_ai.tool.description': 'Tells the weather.',
      'gen_ai.tool.type': 'function',
    });
    expect(weather.spanIds).toEqual([[weatherSpan!.spanContext().spanId, weatherSpan!.spanContext().traceId]]);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
  });

  it('marks a failed call with error.type and an error status', async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'bad', name: 'weather', arguments: { city: 'Atlantis' } },
          { id: 'nope', name: 'missing' },
        ],
      },
      { text: 'Sorry.' },
    ]);
    await new Agent({ model, registry: ToolRegistry.of(new WeatherTool()), features: [openTelemetry({ tracer })] }).run('x');
    const spans = exporter.getFinishedSpans();
    const [failed] = byName(spans, 'execute_tool weather');
    expect(failed!.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed!.attributes['error.type']).toBe('RangeError');
    const [unknown] = byName(spans, 'execute_tool missing');
    expect(unknown!.attributes['error.type']).toBe('ToolNotFoundError');
  });

  it('records no content by default: no attribute, event or status message carries arguments, results or messages', async () => {
    const script = () =>
      new ScriptedModel([
        {
          toolCalls: [
            { id: 'c1', name: 'weather', arguments: { city: 'Secret City' } },
            { id: 'c2', name: 'weather', arguments: { city: 'Atlantis' } },
            { id: 'c3', name: 'weather', arguments: { city: ['Secret argument'] } },
            { id: 'c4', name: 'secret_missing_tool', arguments: { city: 'Secret City' } },
          ],
        },
        { text: 'Secret answer text' },
      ]);
    const secretFailure = new (class extends ToolBase<{ city: string }, string> {
      constructor() {
        super({ argsType: schema, name: 'leaky', description: 'Fails with its arguments in the message.' });
      }
      execute(args: { city: string }): Promise<string> {
        return Promise.reject(new Error(`Secret failure about ${args.city}`));
      }
    })();
    const withFailure = new ScriptedModel([
      { toolCalls: [{ id: 'l1', name: 'leaky', arguments: { city: 'Secret City' } }] },
      { text: 'ok' },
    ]);
    const registry = ToolRegistry.of(new WeatherTool(), secretFailure);
    await new Agent({ model: script(), registry, features: [openTelemetry({ tracer })] }).run('Secret question');
    await new Agent({ model: withFailure, registry, features: [openTelemetry({ tracer })] }).run('Secret question');
    const failing = new ScriptedModel([{ error: Object.assign(new Error('Secret model failure'), { name: 'ModelCallError' }) }]);
    await expect(
      new Agent({ model: failing, registry, features: [openTelemetry({ tracer })], retry: { maxRetries: 0 } }).run('Secret question'),
    ).rejects.toThrow('Secret model failure');
    const recorded = exporter.getFinishedSpans().map((span) => ({
      attributes: span.attributes,
      events: span.events.map((event) => ({ name: event.name, attributes: event.attributes })),
      status: span.status,
      links: span.links.map((link) => link.attributes),
    }));
    expect(recorded.length).toBeGreaterThan(8);
    expect(recorded.filter((span) => span.status.code === SpanStatusCode.ERROR).length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(recorded)).not.toMatch(/Secret|Atlantis|no such city/);
  });

  it("records arguments, results, error texts and the messages in the conventions' schema with captureContent", async () => {
    const model = new ScriptedModel([
      { text: 'Let me look.', toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Oslo' } }] },
      { toolCalls: [{ id: 'c2', name: 'weather', arguments: { city: 'Atlantis' } }] },
      { text: 'Sunny in Oslo.' },
    ]);
    await new Agent({
      model,
      instructions: 'Be brief.',
      registry: ToolRegistry.of(new WeatherTool()),
      features: [openTelemetry({ tracer, captureContent: true })],
    }).run('Weather in Oslo?');
    const spans = exporter.getFinishedSpans();
    const [ok, failed] = byName(spans, 'execute_tool weather');
    expect(ok!.attributes).toMatchObject({ 'gen_ai.tool.call.arguments': '{"city":"Oslo"}', 'gen_ai.tool.call.result': 'sunny in Oslo' });
    expect(failed!.status).toEqual({ code: SpanStatusCode.ERROR, message: expect.stringContaining('no such city') as string });
    const chats = byName(spans, 'chat scripted');
    const last = chats[2]!.attributes;
    expect(JSON.parse(last['gen_ai.input.messages'] as string)).toEqual([
      { role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] },
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Oslo?' }] },
      {
        role: 'assistant',
        parts: [
          { type: 'text', content: 'Let me look.' },
          { type: 'tool_call', id: 'c1', name: 'weather', arguments: { city: 'Oslo' } },
        ],
      },
      { role: 'tool', name: 'weather', parts: [{ type: 'tool_call_response', id: 'c1', response: 'sunny in Oslo' }] },
      { role: 'assistant', parts: [{ type: 'tool_call', id: 'c2', name: 'weather', arguments: { city: 'Atlantis' } }] },
      {
        role: 'tool',
        name: 'weather',
        parts: [{ type: 'tool_call_response', id: 'c2', response: expect.stringContaining('no such city') as string }],
      },
    ]);
    expect(JSON.parse(last['gen_ai.output.messages'] as string)).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'Sunny in Oslo.' }], finish_reason: 'stop' },
    ]);
    expect(JSON.parse(chats[0]!.attributes['gen_ai.output.messages'] as string)).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'text', content: 'Let me look.' },
          { type: 'tool_call', id: 'c1', name: 'weather', arguments: { city: 'Oslo' } },
        ],
        finish_reason: 'tool_call',
      },
    ]);
  });

  it('records what the conventions require: the provider on invoke_agent; response id and model, server address and port on chat', async () => {
    const model: ChatModel = {
      provider: 'openai',
      modelId: 'gpt-4o-mini',
      server: { address: 'api.openai.com', port: 443 },
      complete: () =>
        Promise.resolve({
          message: { role: 'assistant', content: 'Hi.' },
          finishReason: 'stop',
          id: 'chatcmpl-42',
          modelId: 'gpt-4o-mini-2024-07-18',
          usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
        }),
    };
    await new Agent({ name: 'greeter', model, registry: ToolRegistry.of(), features: [openTelemetry({ tracer })] }).run('Hello');
    const spans = exporter.getFinishedSpans();
    expect(byName(spans, 'invoke_agent greeter')[0]!.attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'greeter',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
    });
    expect(byName(spans, 'chat gpt-4o-mini')[0]!.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'server.address': 'api.openai.com',
      'server.port': 443,
      'gen_ai.usage.input_tokens': 3,
      'gen_ai.usage.output_tokens': 2,
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.response.id': 'chatcmpl-42',
      'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
    });
  });

  it('ends the run span with an error when the model call fails for good', async () => {
    const model = new ScriptedModel([{ error: Object.assign(new Error('down'), { name: 'ModelCallError' }) }]);
    await expect(
      new Agent({ model, registry: ToolRegistry.of(), features: [openTelemetry({ tracer })], retry: { maxRetries: 0 } }).run('x'),
    ).rejects.toThrow('down');
    const spans = exporter.getFinishedSpans();
    expect(byName(spans, 'chat scripted')[0]!.status.code).toBe(SpanStatusCode.ERROR);
    expect(byName(spans, 'invoke_agent agent')[0]!.attributes['error.type']).toBe('ModelCallError');
  });

  it('with a no-op tracer, gives the calls of a run no trace ids, and the run ends as without the feature', async () => {
    const weather = new WeatherTool();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Oslo' } }] }, { text: 'Sunny.' }]);
    const agent = new Agent({
      model,
      registry: ToolRegistry.of(weather),
      features: [openTelemetry({ tracer: trace.getTracer('no-sdk') })],
    });
    const run = await agent.run('Weather?');
    expect(run).toMatchObject({ stopReason: 'completed', text: 'Sunny.' });
    expect(weather.spanIds).toEqual([[undefined, undefined]]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('with a no-op tracer inside a span of another tracer (a propagated parent), gives each call the ids it inherits', async () => {
    const weather = new WeatherTool();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'weather', arguments: { city: 'Oslo' } }] }, { text: 'Sunny.' }]);
    const agent = new Agent({
      model,
      registry: ToolRegistry.of(weather),
      features: [openTelemetry({ tracer: trace.getTracer('no-sdk') })],
    });
    const remote = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED };
    await context.with(trace.setSpanContext(context.active(), remote), () => agent.run('Weather?'));
    expect(weather.spanIds).toEqual([[remote.spanId, remote.traceId]]);
  });
});
