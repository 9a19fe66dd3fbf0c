import 'reflect-metadata';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Agent, Tool } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { openTelemetry } from '../src/index.js';

class Echo extends Tool<{ text: string }, string> {
  constructor() {
    super({
      argsType: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      name: 'echo',
      description: 'Echoes.',
    });
  }
  execute(args: { text: string }): string {
    return args.text;
  }
}

describe('spans of calls that never reach their tool, without a context manager', () => {
  it('nests the spans of bad arguments and unknown tools under the run, like a valid call', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'ok', name: 'echo', arguments: { text: 'hi' } },
          { id: 'bad', name: 'echo', arguments: { text: 42 } },
          { id: 'lost', name: 'no_such_tool', arguments: {} },
        ],
      },
      { text: 'done' },
    ]);
    await new Agent({ model, tools: [new Echo()], features: [openTelemetry({ tracer: provider.getTracer('t') })] }).run('x');
    const spans = exporter.getFinishedSpans();
    const run = spans.find((span) => span.name.startsWith('invoke_agent'))!;
    const tools = spans.filter((span) => span.name.startsWith('execute_tool'));
    expect(tools.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual(['bad', 'lost', 'ok']);
    for (const span of tools) expect(span.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
    await provider.shutdown();
  });
});
