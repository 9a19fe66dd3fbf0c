import { ProxyTracer, ProxyTracerProvider, type Tracer, trace } from '@opentelemetry/api';
import type { Feature, ToolPipeline } from '@toolcraft/core';
import { pipelinePlace, registerInPlace, type PipelinePlace } from '@toolcraft/core/internal';
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
 * With a no-op tracer (no SDK registered when the feature is installed) a run costs one no-op span and
 * a lookup per tool call: the model-call hooks and execution scopes are installed only once a run
 * can be recorded (an SDK registered since, or a run inside a propagated span).
 * @param options - the tracer and whether to record content
 * @returns the feature, for `new Agent({ features: [openTelemetry()] })`
 * @example
 * const agent = new Agent({ model, registry, features: [openTelemetry({ tracer: provider.getTracer('app') })] });
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Feature {
  const feature: Feature = {
    name: 'opentelemetry',
    install(pipeline: ToolPipeline) {
      // The model-call hooks and execution scopes cost the core a frame per call, for nothing while no
      // run can be recorded: with a tracer that is a no-op for now (the global one, no SDK registered
      // yet), they are installed when the first recordable span starts (a run's, or a tool call's
      // outside a run), before any of its calls. Otherwise at once, in installation order.
      // Installed late, they go where they would have gone now: features installed after this one keep
      // their hooks and scopes after (inside) its.
      let calls = false;
      let place: PipelinePlace | undefined;
      const installCalls = (): void => {
        installModelSpans(pipeline, tracing);
        installExecutionScopes(pipeline, tracing);
      };
      const traceCalls = (): void => {
        if (calls) return;
        calls = true;
        if (place === undefined) installCalls();
        else registerInPlace(pipeline, place, installCalls);
      };
      installRunSpans(pipeline, tracing, traceCalls);
      installHandoffSpans(pipeline, tracing);
      if (!noopForNow(tracing.tracer)) traceCalls();
      installToolSpans(pipeline, tracing, traceCalls);
      if (!calls) place = pipelinePlace(pipeline);
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

/** The provider the global one delegates to while no SDK is registered (OpenTelemetry's no-op one). */
const noopProvider = new ProxyTracerProvider().getDelegate();

/**
 * Whether the tracer is the global API's and no SDK is registered: its spans record nothing until one
 * is (it then delegates to it).
 * @param tracer - the feature's tracer
 * @returns whether it is a no-op for now
 */
function noopForNow(tracer: Tracer): boolean {
  if (!(tracer instanceof ProxyTracer)) return false;
  const global = trace.getTracerProvider();
  return global instanceof ProxyTracerProvider && global.getDelegate() === noopProvider;
}
