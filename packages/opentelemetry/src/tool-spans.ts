import { type Attributes, context as otelContext, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { type ReceivedToolResult, ToolBlockedError, type ToolPipeline } from '@toolcraft/core';
import { GenAI, MetadataKeys, Operations, ToolHookAttributes } from './attributes.js';
import { errorType } from './error-type.js';
import { followAgent } from './handoff-spans.js';
import type { RunSpans } from './run-spans.js';
import { isNoop, type OpenSpan, SpanRegistry, untracedRun } from './span-registry.js';
import type { Tracing } from './tracing.js';

type Call = { id: string; name: string; arguments: unknown };

/**
 * Records an `execute_tool {tool name}` span per tool call, a child of the span of its run's answering
 * agent (so parallel calls are siblings; a call outside a traced run is a child of the active span), and gives each call's
 * metadata the span's `trace.span.id` and `trace.id` when it has valid ones. Calls of an untraced run
 * get neither. The span ends with the call's final result (`onToolCallEnded`, or `onToolCallFailed`
 * for a failure) and tells what the features' tool hooks decided ({@link ToolHookAttributes}).
 * @param pipeline - where the hooks go
 * @param tracing - the feature, tracer and open spans
 * @param traceCalls - installs the execution scopes, if they are not yet (called for a recordable call outside a traced run)
 */
export function installToolSpans(pipeline: ToolPipeline, tracing: Tracing, traceCalls: () => void): void {
  const { feature, tracer, spans, captureContent } = tracing;
  const start = (call: Call, description: string | undefined, run: RunSpans | undefined): OpenSpan => {
    const parent = run === undefined ? otelContext.active() : run.parent.context;
    const attributes: Attributes = {
      [GenAI.operationName]: Operations.executeTool,
      [GenAI.toolName]: call.name,
      [GenAI.toolCallId]: call.id,
      [GenAI.toolType]: 'function',
    };
    if (description !== undefined) attributes[GenAI.toolDescription] = description;
    if (captureContent) attributes[GenAI.toolCallArguments] = safeJson(call.arguments);
    const span = tracer.startSpan(`${Operations.executeTool} ${call.name}`, { kind: SpanKind.INTERNAL, attributes }, parent);
    return { span, context: trace.setSpan(parent, span) };
  };
  /** Takes a call's open span out of the registry, if it has one. */
  const take = (call: Call, runId: string | undefined, run: RunSpans | undefined): OpenSpan | undefined => {
    if (run !== undefined) {
      const open = run.toolCalls.get(call.id);
      if (open !== undefined) run.toolCalls.delete(call.id);
      return open;
    }
    const open = spans.looseToolCallsByCall.get(call);
    if (open !== undefined) spans.looseToolCalls.delete(SpanRegistry.looseKey(runId, call.id));
    return open;
  };
  pipeline.provideToolCallMetadata(feature, ({ call, tool, runId, agentContext }) => {
    const run = spans.run(runId);
    if (run === untracedRun) return undefined;
    if (run !== undefined) followAgent(tracing, run, agentContext?.agentName);
    const open = start(call, tool.descriptor.description, run);
    if (run !== undefined) run.toolCalls.set(call.id, open);
    else {
      // Its execution scope (installed now if it is not yet: the tool runs after this) makes it the active span.
      if (!isNoop(open.span)) traceCalls();
      spans.looseToolCalls.set(SpanRegistry.looseKey(runId, call.id), open);
      spans.looseToolCallsByCall.set(call, open);
    }
    const { spanId, traceId } = open.span.spanContext();
    return { [MetadataKeys.spanId]: spanId, [MetadataKeys.traceId]: traceId };
  });
  // Ended, not completed: the span then sees the content a later feature's completed handler replaced.
  pipeline.onToolCallEnded(feature, ({ call, runId, result }) => {
    const run = spans.run(runId);
    if (run === untracedRun) return;
    // A failed call's span was ended by the failed handler.
    const open = take(call, runId, run);
    if (open === undefined) return;
    recordDecisions(open.span, result);
    if (captureContent) open.span.setAttribute(GenAI.toolCallResult, result.content);
    open.span.end();
  });
  pipeline.onToolCallFailed(feature, ({ call, tool, error, result, runId }) => {
    const run = spans.run(runId);
    if (run === untracedRun) return;
    // A call that failed before its tool ran (unknown tool, bad arguments, a limit) has no span yet: one
    // is made under its run's span.
    const { span } = take(call, runId, run) ?? start(call, tool?.descriptor.description, run);
    span.setAttribute(GenAI.errorType, errorType(error));
    if (ToolBlockedError.isInstance(error)) span.setAttribute(ToolHookAttributes.blockedBy, error.feature);
    recordDecisions(span, result);
    // The result's text quotes the arguments and the error's message: content, recorded only when asked.
    if (captureContent) {
      span.setAttribute(GenAI.toolCallResult, result.content);
      span.setStatus({ code: SpanStatusCode.ERROR, message: result.content });
    } else span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

/** Tells on the span which features replaced the call's arguments or content, when any did. */
function recordDecisions(span: Span, result: ReceivedToolResult): void {
  const { argumentsReplacedBy, contentReplacedBy } = result;
  if (argumentsReplacedBy !== undefined) span.setAttribute(ToolHookAttributes.argumentsReplacedBy, [...argumentsReplacedBy]);
  if (contentReplacedBy !== undefined) span.setAttribute(ToolHookAttributes.contentReplacedBy, [...contentReplacedBy]);
}

function safeJson(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  } catch {
    return '';
  }
}
