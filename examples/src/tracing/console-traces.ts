import 'reflect-metadata';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { ChatModel, RunResult } from '@toolcraft/core';
import { openTelemetry } from '@toolcraft/opentelemetry';
import { ScriptedModel } from '@toolcraft/testing';
import { createWeatherAgent, weatherScript } from '../agents/weather-agent.js';

/**
 * Traces one run of the weather agent with the OpenTelemetry SDK and prints every span with the SDK's
 * `ConsoleSpanExporter`: `invoke_agent weather`, a `chat scripted` span per model call, and an
 * `execute_tool ...` span per tool call (parallel calls as siblings), with the GenAI attributes.
 * Offline (a scripted model).
 * @param exporter - where spans go (default: the console)
 * @param model - the model (default: the scripted one)
 * @returns the run
 */
export async function traceToConsole(
  exporter: SpanExporter = new ConsoleSpanExporter(),
  model: ChatModel = new ScriptedModel(weatherScript),
): Promise<RunResult> {
  // Context across `await`, so each tool call's span nests under its run's.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  try {
    const agent = createWeatherAgent(model, [openTelemetry({ tracer: provider.getTracer('toolcraft-example') })]);
    return await agent.run('What is the weather in London and in Atlantis, and how does the London report feel?');
  } finally {
    await provider.shutdown();
    context.disable();
  }
}

if (require.main === module) {
  traceToConsole().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
