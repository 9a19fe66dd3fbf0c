import type { Tracer } from '@opentelemetry/api';
import type { Feature } from '@toolcraft/core';
import type { SpanRegistry } from './span-registry.js';

/** What the feature's hooks share: the feature, its tracer, its open spans and whether content is recorded. */
export interface Tracing {
  readonly feature: Feature;
  readonly tracer: Tracer;
  readonly spans: SpanRegistry;
  readonly captureContent: boolean;
}
