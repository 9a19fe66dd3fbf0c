import 'reflect-metadata';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { Agent, type Feature, Tool } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { openTelemetry, ToolHookAttributes } from '../src/index.js';

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

const guard: Feature = {
  name: 'guard',
  install: (pipeline) =>
    pipeline.onToolCallStarting(guard, ({ call }) => {
      if (call.id === 'blocked') return { block: 'not allowed' };
      if (call.id === 'swapped') return { arguments: { text: 'safe' } };
      return undefined;
    }),
};
const redact: Feature = {
  name: 'redact',
  install: (pipeline) =>
    pipeline.onToolCallCompleted(redact, ({ call }) => (call.id === 'redacted' ? { content: '[redacted]' } : undefined)),
};

describe('execute_tool spans of calls the tool hooks decided', () => {
  it('say which feature blocked a call or replaced its arguments or content, even a feature installed after openTelemetry()', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const model = new ScriptedModel([
      {
        toolCalls: ['blocked', 'swapped', 'redacted', 'plain'].map((id) => ({
          id,
          name: 'echo',
          arguments: { text: 'secret 123-45-6789' },
        })),
      },
      { text: 'done' },
    ]);
    const features = [openTelemetry({ tracer: provider.getTracer('t'), captureContent: true }), guard, redact];
    await new Agent({ model, tools: [new Echo()], features }).run('x');
    const spans = new Map(
      exporter
        .getFinishedSpans()
        .filter((span) => span.name === 'execute_tool echo')
        .map((span) => [span.attributes['gen_ai.tool.call.id'], span]),
    );
    expect(spans.get('blocked')!.attributes).toMatchObject({ [ToolHookAttributes.blockedBy]: 'guard', 'error.type': 'ToolBlockedError' });
    expect(spans.get('swapped')!.attributes).toMatchObject({
      [ToolHookAttributes.argumentsReplacedBy]: ['guard'],
      'gen_ai.tool.call.result': 'safe',
    });
    // The redacting feature's completed handler runs after the tracer's: the span still records what the model saw.
    expect(spans.get('redacted')!.attributes).toMatchObject({
      [ToolHookAttributes.contentReplacedBy]: ['redact'],
      'gen_ai.tool.call.result': '[redacted]',
    });
    const plain = spans.get('plain')!.attributes;
    for (const name of Object.values(ToolHookAttributes)) expect(plain[name]).toBeUndefined();
    await provider.shutdown();
  });
});
