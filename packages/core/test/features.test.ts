import 'reflect-metadata';
import { IsInt } from 'class-validator';
import {
  AgentContext,
  AgentEnvironment,
  ContextAwareTool,
  type Feature,
  type FeatureErrorReport,
  MetadataKey,
  ToolBase,
  type ToolCallMetadata,
  type ToolPipeline,
  ToolRegistry,
} from '../src/index.js';
import { AddTool } from './support/calculator.js';

class EchoArgs {
  @IsInt() n!: number;
}

/** Returns the metadata it saw, as a plain object. */
class EchoMetadataTool extends ToolBase<EchoArgs, Record<string, unknown>> {
  constructor() {
    super({ argsType: EchoArgs, name: 'echo', description: 'Echoes metadata.' });
  }
  execute(_args: EchoArgs, metadata: ToolCallMetadata): Record<string, unknown> {
    return { span: metadata.get('trace.span.id'), user: metadata.get('user'), context: metadata.get(ToolBase.AgentContextKey)?.runId };
  }
}

class ContextEcho extends ContextAwareTool<EchoArgs, string> {
  constructor() {
    super({ argsType: EchoArgs, name: 'context_echo', description: 'Echoes the context.' });
  }
  execute(_args: EchoArgs, context: AgentContext): string {
    return `${context.runId}/${context.toolCallId}`;
  }
}

const feature = (name: string, install: (pipeline: ToolPipeline, self: Feature) => void): Feature => {
  const self: Feature = { name, install: (pipeline) => install(pipeline, self) };
  return self;
};
const provides = (name: string, entries: Record<string, unknown>) =>
  feature(name, (pipeline, self) => pipeline.provideToolCallMetadata(self, () => entries));

describe('Feature pipeline', () => {
  it('gives a provider the call, its decoded arguments, the tool, the run id and the context', async () => {
    const seen: unknown[] = [];
    const spy = feature('spy', (pipeline, self) => pipeline.provideToolCallMetadata(self, (context) => void seen.push(context)));
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new EchoMetadataTool()), features: [spy] });
    const agentContext = new AgentContext({ runId: 'run-1', agentName: 'a' });
    await env.executeTool({ id: 'c1', name: 'echo', arguments: '{"n":1}' }, {}, { agentContext, runId: 'run-1' });
    expect(seen[0]).toMatchObject({ call: { id: 'c1', name: 'echo', arguments: { n: 1 } }, runId: 'run-1', agentContext });
  });

  it('folds feature metadata in installation order, the later feature winning', async () => {
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new EchoMetadataTool()),
      features: [provides('first', { 'trace.span.id': 'first', user: 'first' }), provides('second', { 'trace.span.id': 'second' })],
    });
    const result = await env.executeTool({ name: 'echo', arguments: '{"n":1}' });
    expect(result.value).toEqual({ span: 'second', user: 'first', context: undefined });
  });

  it('lets caller metadata win over feature metadata', async () => {
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new EchoMetadataTool()),
      features: [provides('tracing', { 'trace.span.id': 'feature' })],
    });
    const result = await env.executeTool({ name: 'echo', arguments: '{"n":1}' }, { 'trace.span.id': 'caller-span' });
    expect(result.value).toMatchObject({ span: 'caller-span' });
  });

  it("lets the framework's agent context win over both callers and features", async () => {
    const fake = new AgentContext({ runId: 'forged', agentName: 'x' });
    const hijack = feature('hijack', (pipeline, self) =>
      pipeline.provideToolCallMetadata(self, () => [[ContextAwareTool.AgentContextKey, fake]]),
    );
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new EchoMetadataTool(), new ContextEcho()), features: [hijack] });
    const agentContext = new AgentContext({ runId: 'real', agentName: 'a' });
    const caller = [[ContextAwareTool.AgentContextKey, fake]] as const;
    const [echo, context] = await env.executeTools(
      [
        { id: 'e', name: 'echo', arguments: '{"n":1}' },
        { id: 'k', name: 'context_echo', arguments: '{"n":1}' },
      ],
      caller,
      { agentContext },
    );
    expect(echo!.value).toMatchObject({ context: 'real' });
    expect(context!.content).toBe('real/k');
  });

  it('never passes metadata to a plain Tool, though it goes through the same path', async () => {
    let calls = 0;
    const counting = feature('counting', (pipeline, self) => pipeline.provideToolCallMetadata(self, () => ((calls += 1), { x: 1 })));
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()), features: [counting] });
    expect((await env.executeTool({ name: 'calculator', arguments: '{"digit1":1,"digit2":2}' })).content).toBe('3');
    expect(calls).toBe(1);
  });

  it('calls interceptors for starting, validation failed, completed and failed', async () => {
    const events: string[] = [];
    const observer = feature('observer', (pipeline, self) => {
      pipeline.onToolCallStarting(self, ({ call }) => void events.push(`starting ${call.id}`));
      pipeline.onToolValidationFailed(self, ({ call, error }) => void events.push(`invalid ${call.id} ${error.violations.length}`));
      pipeline.onToolCallCompleted(self, ({ call, result }) => void events.push(`completed ${call.id} ${result.content}`));
      pipeline.onToolCallFailed(self, ({ call }) => void events.push(`failed ${call.id}`));
    });
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new AddTool()), features: [observer], maxConcurrency: 1 });
    await env.executeTools([
      { id: 'ok', name: 'calculator', arguments: '{"digit1":1,"digit2":2}' },
      { id: 'bad', name: 'calculator', arguments: '{"digit1":11}' },
      { id: 'gone', name: 'nothing' },
    ]);
    expect(events).toEqual(['starting ok', 'completed ok 3', 'invalid bad 2', 'failed bad', 'failed gone']);
  });

  it('reports a provider or interceptor that throws and never loses or changes the result', async () => {
    const reports: FeatureErrorReport[] = [];
    const broken = feature('broken', (pipeline, self) => {
      pipeline.provideToolCallMetadata(self, () => {
        throw new Error('provider down');
      });
      pipeline.onToolCallStarting(self, () => Promise.reject(new Error('starting down')));
      pipeline.onToolCallCompleted(self, () => {
        throw new Error('completed down');
      });
    });
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new AddTool()),
      features: [broken],
      onFeatureError: (report) => reports.push(report),
    });
    const result = await env.executeTool({ id: 'c', name: 'calculator', arguments: '{"digit1":1,"digit2":2}' });
    expect(result).toEqual({ id: 'c', name: 'calculator', content: '3', isError: false, value: 3 });
    expect(reports.map((report) => [report.feature, report.stage, report.callId, (report.error as Error).message])).toEqual([
      ['broken', 'metadata', 'c', 'provider down'],
      ['broken', 'starting', 'c', 'starting down'],
      ['broken', 'completed', 'c', 'completed down'],
    ]);
  });

  it('never calls the methods of a fake metadata object a feature or caller hands in, and keeps the run context', async () => {
    const forged = new AgentContext({ runId: 'forged', agentName: 'x' });
    let merged = 0;
    const fake = (span: string) => ({
      [Symbol.for('toolcraft.ToolCallMetadata')]: true,
      values: new Map<unknown, unknown>([
        ['trace.span.id', span],
        [ContextAwareTool.AgentContextKey, forged],
      ]),
      merge: () => ((merged += 1), fake(span)),
      get: () => forged,
      entries: () => [[ContextAwareTool.AgentContextKey, forged]][Symbol.iterator](),
    });
    const hijack = feature('hijack', (pipeline, self) =>
      pipeline.provideToolCallMetadata(self, () => fake('feature') as unknown as ToolCallMetadata),
    );
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new EchoMetadataTool(), new ContextEcho()), features: [hijack] });
    const agentContext = new AgentContext({ runId: 'real', agentName: 'a' });
    const [echo, context] = await env.executeTools(
      [
        { id: 'e', name: 'echo', arguments: '{"n":1}' },
        { id: 'k', name: 'context_echo', arguments: '{"n":1}' },
      ],
      fake('caller') as unknown as ToolCallMetadata,
      { agentContext, runId: 'real' },
    );
    expect(merged).toBe(0);
    expect(echo!.value).toEqual({ span: 'caller', user: undefined, context: 'real' });
    expect(context!.content).toBe('real/k');
  });

  it('does not let a feature supply the agent context outside a run', async () => {
    const forged = new AgentContext({ runId: 'forged', agentName: 'x' });
    const hijack = feature('hijack', (pipeline, self) =>
      pipeline.provideToolCallMetadata(self, () => [[ContextAwareTool.AgentContextKey, forged]]),
    );
    const env = new AgentEnvironment({ registry: ToolRegistry.of(new ContextEcho()), features: [hijack] });
    const result = await env.executeTool({ name: 'context_echo', arguments: '{"n":1}' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('context_echo');
  });

  it("gives a feature's named entries to a typed key of the same name", async () => {
    const SpanId = new MetadataKey<string>('trace.span.id');
    class TypedEcho extends ToolBase<EchoArgs, string | undefined> {
      constructor() {
        super({ argsType: EchoArgs, name: 'typed', description: 'Reads a typed key.' });
      }
      execute(_args: EchoArgs, metadata: ToolCallMetadata): string | undefined {
        return metadata.get(SpanId);
      }
    }
    const env = new AgentEnvironment({
      registry: ToolRegistry.of(new TypedEcho()),
      features: [provides('tracing', { 'trace.span.id': 'span-7' })],
    });
    expect((await env.executeTool({ name: 'typed', arguments: '{"n":1}' })).value).toBe('span-7');
  });
});
