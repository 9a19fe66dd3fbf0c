import type { Tracer } from '@opentelemetry/api';

/** Options of {@link openTelemetry}. */
export interface OpenTelemetryOptions {
  /** The tracer spans are recorded with; default `trace.getTracer('@toolcraft/opentelemetry')` of the global provider. */
  tracer?: Tracer;
  /**
   * Record content: the model's input and output messages, tool arguments and results. Default false:
   * spans then carry names, ids, models, token counts and error types only. Credentials are never recorded.
   */
  captureContent?: boolean;
}
