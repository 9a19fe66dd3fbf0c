/**
 * @toolcraft/opentelemetry: OpenTelemetry GenAI tracing of toolcraft agent runs, model calls and tool calls.
 * @packageDocumentation
 */
export { openTelemetry } from './open-telemetry.js';
export type { OpenTelemetryOptions } from './open-telemetry-options.js';
export { GenAI, HandoffAttributes, MetadataKeys, Operations, ToolHookAttributes } from './attributes.js';
