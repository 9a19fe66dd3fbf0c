import { trace } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { Agent, type Feature, ToolRegistry } from '@toolcraft/core';
import { openTelemetry } from '@toolcraft/opentelemetry';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';
import { CalculatorTool } from './calculator';
import type { BenchCase, Timing } from '../measure';
import { timedRow, type ResultRow } from '../report';

/** The model calls the calculator once, then answers. */
const turn: ScriptedTurn = (request) =>
  request.messages.at(-1)?.role === 'tool'
    ? { text: '7' }
    : { toolCalls: [{ id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}' }] };

/** The most the feature may add with a no-op tracer (the target). */
const noopTarget = 1.15;

/**
 * An agent over its own `ScriptedModel`, as a case's run: the model's recorded requests are cleared
 * after each run (they would pile up through the bench), in every case alike.
 * @param features - the agent's features
 * @returns the case's run
 */
function agentRun(features: Feature[]): () => Promise<unknown> {
  const model = new ScriptedModel([turn], { onExhausted: 'repeatLast' });
  const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), features });
  return async () => {
    const result = await agent.run('3 + 4?');
    model.requests.length = 0;
    return result;
  };
}

/**
 * The tracing cases, per run of one tool call (two model turns): (o0) no feature, (o1) the
 * `openTelemetry()` feature with a no-op tracer (no SDK registered), (o2) with a recording tracer
 * (a `BasicTracerProvider` without exporter: spans are built and ended, then dropped).
 * @returns the cases
 */
export function tracingCases(): BenchCase[] {
  const none = agentRun([]);
  const noop = agentRun([openTelemetry({ tracer: trace.getTracer('bench-noop') })]);
  const recording = agentRun([openTelemetry({ tracer: new BasicTracerProvider().getTracer('bench') })]);
  return [
    { key: 'o0', label: 'Agent, one tool call, no tracing feature, per run', run: none, callsPerRun: 1 },
    { key: 'o1', label: 'the same with openTelemetry() and a no-op tracer, per run', run: noop, callsPerRun: 1 },
    {
      key: 'o2',
      label: 'the same with openTelemetry() and a recording tracer, per run',
      run: recording,
      callsPerRun: 1,
    },
  ];
}

/**
 * @param timings - the cases' timings
 * @returns the rows: each against (o0); (o1) with its target
 */
export function tracingRows(timings: Map<string, Timing>): ResultRow[] {
  const base = timings.get('o0')!;
  const row = (key: string, label: string): ResultRow => timedRow(timings, key, label, key === 'o0' ? {} : { baseline: 'o0' });
  const noop = timings.get('o1')!;
  return [
    row('o0', 'Agent, one tool call, no tracing feature, per run'),
    {
      ...row('o1', 'with openTelemetry(), no-op tracer'),
      target: `≤ ${noopTarget.toFixed(2)}x (o0)`,
      pass: noop.medianNs / base.medianNs <= noopTarget,
    },
    row('o2', 'with openTelemetry(), recording tracer'),
  ];
}
