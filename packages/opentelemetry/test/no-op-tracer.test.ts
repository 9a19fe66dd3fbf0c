import 'reflect-metadata';
import { type Span, trace, type Tracer } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  Agent,
  AgentEnvironment,
  type Feature,
  type FeatureErrorReport,
  ToolBase,
  type ToolCallMetadata,
  ToolRegistry,
} from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { openTelemetry } from '../src/index.js';
import { inMemoryTracing } from './support/in-memory-tracing.js';

const { exporter, provider } = inMemoryTracing();
afterEach(() => trace.disable());

/** Tells, for each call, the ids in its metadata and the span active while it runs. */
class Probe extends ToolBase<{ city: string }, string> {
  readonly seen: Array<{ ids: unknown[]; active: string | undefined }> = [];
  constructor() {
    super({
      argsType: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      name: 'probe',
      description: 'Probes.',
    });
  }
  execute(args: { city: string }, metadata: ToolCallMetadata): Promise<string> {
    const ids = [metadata.get('trace.span.id'), metadata.get('trace.id')];
    this.seen.push({ ids, active: trace.getActiveSpan()?.spanContext().spanId });
    return Promise.resolve(args.city);
  }
}

/** A model that calls the probe once per run, then answers. */
const script = () =>
  new ScriptedModel(
    [
      (request) =>
        request.messages.at(-1)?.role === 'tool'
          ? { text: 'Done.' }
          : { toolCalls: [{ id: 'c1', name: 'probe', arguments: { city: 'Oslo' } }] },
    ],
    { onExhausted: 'repeatLast' },
  );
const byName = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);

describe('openTelemetry() with the global tracer and no SDK registered', () => {
  it('installs its model-call hooks and execution scopes only once a run can be recorded: untraced runs take the core fast paths', async () => {
    let pipeline: { scopes: unknown[]; modelCallStarting: unknown[]; modelCallCompleted: unknown[] } | undefined;
    const spy: Feature = { name: 'spy', install: (installed) => void (pipeline = installed as unknown as typeof pipeline) };
    const agent = new Agent({ model: script(), registry: ToolRegistry.of(new Probe()), features: [openTelemetry(), spy] });
    await agent.run('Weather?');
    expect([pipeline!.scopes.length, pipeline!.modelCallStarting.length, pipeline!.modelCallCompleted.length]).toEqual([0, 0, 0]);
    trace.setGlobalTracerProvider(provider);
    await agent.run('Weather?');
    expect([pipeline!.scopes.length, pipeline!.modelCallStarting.length, pipeline!.modelCallCompleted.length]).toEqual([1, 1, 1]);
  });

  it('traces runs fully (chat spans, active spans, ids) once an SDK is registered after the feature was installed', async () => {
    const probe = new Probe();
    const agent = new Agent({ model: script(), registry: ToolRegistry.of(probe), features: [openTelemetry()] });
    await agent.run('Weather?');
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(probe.seen).toEqual([{ ids: [undefined, undefined], active: undefined }]);

    trace.setGlobalTracerProvider(provider);
    await agent.run('Weather?');
    const spans = exporter.getFinishedSpans();
    const [run] = byName(spans, 'invoke_agent agent');
    const chats = byName(spans, 'chat scripted');
    const [tool] = byName(spans, 'execute_tool probe');
    expect(chats).toHaveLength(2);
    expect(chats.map((chat) => chat.parentSpanContext?.spanId)).toEqual([run!.spanContext().spanId, run!.spanContext().spanId]);
    expect(tool!.parentSpanContext?.spanId).toBe(run!.spanContext().spanId);
    const { spanId, traceId } = tool!.spanContext();
    expect(probe.seen[1]).toEqual({ ids: [spanId, traceId], active: spanId });
  });

  it("keeps the features' order when its hooks come late: a feature installed after it sees its spans active", async () => {
    const seen: string[] = [];
    const log: Feature = {
      name: 'log',
      install: (pipeline) =>
        pipeline.wrapExecution(log, (scope, next) => {
          seen.push(`${scope.kind}:${(trace.getActiveSpan() as unknown as { name?: string } | undefined)?.name ?? '(none)'}`);
          return next();
        }),
    };
    const late = new Agent({ model: script(), registry: ToolRegistry.of(new Probe()), features: [openTelemetry(), log] });
    trace.setGlobalTracerProvider(provider);
    const early = new Agent({ model: script(), registry: ToolRegistry.of(new Probe()), features: [openTelemetry(), log] });

    await early.run('Weather in Oslo?');
    const eager = seen.splice(0);
    await late.run('Weather in Oslo?');

    expect(eager).toContain('toolCall:execute_tool probe');
    expect(seen).toEqual(eager);
  });

  it('makes the span of a call outside any run active once an SDK is registered', async () => {
    const probe = new Probe();
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(probe), features: [openTelemetry()] });
    await environment.executeTool({ id: 'c0', name: 'probe', arguments: { city: 'Oslo' } });
    trace.setGlobalTracerProvider(provider);
    await environment.executeTool({ id: 'c1', name: 'probe', arguments: { city: 'Rome' } });
    const [span] = byName(exporter.getFinishedSpans(), 'execute_tool probe');
    const { spanId, traceId } = span!.spanContext();
    expect(probe.seen[1]).toEqual({ ids: [spanId, traceId], active: spanId });
  });
});

describe('openTelemetry() with a tracer whose spans record nothing', () => {
  it('starts one span per run and writes nothing on it: no attribute, status or event', async () => {
    let started = 0;
    const refuse = () => {
      throw new Error('written on a span that records nothing');
    };
    const tracer: Tracer = {
      startSpan: () => {
        started++;
        const span = trace.wrapSpanContext({ traceId: '', spanId: '', traceFlags: 0 });
        return Object.assign(span, { setAttribute: refuse, setAttributes: refuse, setStatus: refuse, addEvent: refuse }) as Span;
      },
      startActiveSpan: refuse,
    };
    const reports: FeatureErrorReport[] = [];
    const probe = new Probe();
    const agent = new Agent({
      model: script(),
      registry: ToolRegistry.of(probe),
      features: [openTelemetry({ tracer, captureContent: true })],
      onFeatureError: (report) => void reports.push(report),
    });
    const result = await agent.run('Weather?');
    expect(result.text).toBe('Done.');
    expect(started).toBe(1);
    expect(reports).toEqual([]);
    expect(probe.seen).toEqual([{ ids: [undefined, undefined], active: undefined }]);
  });
});
