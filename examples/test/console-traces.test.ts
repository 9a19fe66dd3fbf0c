import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { traceToConsole } from '../src/tracing/console-traces.js';

describe('console-traces example (OpenTelemetry SDK exporter)', () => {
  it('exports the run, model and tool spans with GenAI attributes, tool spans under the run', async () => {
    const exporter = new InMemorySpanExporter();
    // The example shuts its provider down at the end, which would clear an in-memory exporter.
    const run = await traceToConsole({ export: (spans, done) => exporter.export(spans, done), shutdown: () => Promise.resolve() });
    expect(run.stopReason).toBe('completed');
    const spans = exporter.getFinishedSpans();
    const byName = (prefix: string) => spans.filter((span) => span.name.startsWith(prefix));
    const [agentSpan] = byName('invoke_agent');
    expect(agentSpan!.name).toBe('invoke_agent weather_agent');
    expect(byName('chat ').length).toBe(run.messages.filter((message) => message.role === 'assistant').length);
    const tools = byName('execute_tool ');
    expect(tools.length).toBe(run.toolCalls.length);
    for (const tool of tools) {
      expect(tool.parentSpanContext?.spanId).toBe(agentSpan!.spanContext().spanId);
      expect(tool.attributes['gen_ai.tool.name']).toBe(tool.name.slice('execute_tool '.length));
    }
    // No content without captureContent.
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain('London');
  });
});
