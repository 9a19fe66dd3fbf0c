import { trace } from '@opentelemetry/api';
import type { Feature, ToolPipeline } from '@toolcraft/core';
import { installExecutionScopes } from './execution-scopes.js';
import { installHandoffSpans } from './handoff-spans.js';
import { installModelSpans } from './model-spans.js';
import type { OpenTelemetryOptions } from './open-telemetry-options.js';
import { installRunSpans } from './run-spans-hooks.js';
import { SpanRegistry } from './span-registry.js';
import { installToolSpans } from './tool-spans.js';
import type { Tracing } from './tracing.js';

const packageName = '@toolcraft/opentelemetry';

/**
 * A feature that traces agent runs by the OpenTelemetry GenAI semantic conventions:
 * `invoke_agent {agent}` per run (nested under the active span, so a sub-agent run inside a tool
 * nests under that tool's span; one more, a child of the run's, for each agent the run hands off
 * to, over that agent's calls), `chat {model}` per model call (kind CLIENT, provider, model, token
 * usage, finish reasons) and `execute_tool {tool}` per tool call (name, call id, description, type,
 * `error.type` and an error status on failure). Runs, model calls and tool calls execute with their
 * span active, so other instrumentation (HTTP) nests under them. Content only with `captureContent`.
 * With a no-op tracer (no SDK registered) a run costs one no-op span and nothing per call.
 * @param options - the tracer and whether to record content
 * @returns the feature, for `new Agent({ features: [openTelemetry()] })`
 * @example
 * const agent = new Agent({ model, registry, features: [openTelemetry({ tracer: provider.getTracer('app') })] });
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Feature {
  const feature: Feature = {
    name: 'opentelemetry',
    install(pipeline: ToolPipeline) {
      installRunSpans(pipeline, tracing);
      installHandoffSpans(pipeline, tracing);
      installModelSpans(pipeline, tracing);
      installToolSpans(pipeline, tracing);
      installExecutionScopes(pipeline, tracing);
    },
  };
  const tracing: Tracing = {
    feature,
    tracer: options.tracer ?? trace.getTracer(packageName),
    spans: new SpanRegistry(),
    captureContent: options.captureContent === true,
  };
  return feature;
}
