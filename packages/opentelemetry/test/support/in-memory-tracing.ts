import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * The OpenTelemetry SDK set up for a test file: an in-memory exporter (emptied before each test), a
 * provider exporting to it, its tracer, and an async-hooks context manager installed for the file.
 * Call it at the top level of a test file.
 * @returns the exporter, the provider and its tracer
 */
export function inMemoryTracing(): {
  exporter: InMemorySpanExporter;
  provider: BasicTracerProvider;
  tracer: ReturnType<BasicTracerProvider['getTracer']>;
} {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const contextManager = new AsyncLocalStorageContextManager();
  beforeAll(() => context.setGlobalContextManager(contextManager.enable()));
  afterAll(() => {
    contextManager.disable();
    context.disable();
  });
  beforeEach(() => exporter.reset());
  return { exporter, provider, tracer: provider.getTracer('test') };
}
