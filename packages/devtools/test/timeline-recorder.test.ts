import 'reflect-metadata';
import { Agent, AgentTool, type AgentStream } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { TimelineRecorder, type TimelineBar } from '../src/index.js';
import { BalanceTool, ConvertTool } from './support/dev-agent.js';

/** Records a run's events, the n-th event arriving at n × 10 ms. */
async function record(stream: AgentStream): Promise<TimelineBar[]> {
  const recorder = new TimelineRecorder();
  let at = 0;
  try {
    for await (const event of stream) recorder.record(event, (at += 10));
  } catch (error) {
    recorder.fail((error as Error).message, (at += 10));
  }
  return recorder.snapshot();
}

const short = (bars: TimelineBar[]) =>
  bars.map((bar) => `${'  '.repeat(bar.depth)}${bar.kind}:${bar.label}:${bar.status}:${bar.start}-${bar.end}`);

describe('TimelineRecorder', () => {
  it('draws a model call from the run’s start to its message, a tool call from its start to its result, and the next model call after it', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'convert', arguments: { euros: 1 } }] }, { text: 'ok' }], {
      chunkSize: 100,
    });
    const bars = await record(new Agent({ model, tools: [new ConvertTool()] }).stream('x'));
    expect(short(bars)).toEqual(['model:model:ok:0-10', 'tool:convert:ok:20-30', 'model:model:ok:30-50', 'stop:completed:ok:60-60']);
    expect(bars[1]).toMatchObject({ callId: 'c1', detail: expect.stringContaining('dollars') });
  });

  it('draws an AgentTool’s run a level deeper, starting with the call that runs it', async () => {
    const inner = new Agent({ name: 'helper', description: 'Helps.', model: new ScriptedModel([{ text: 'inner' }], { chunkSize: 100 }) });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'helper', arguments: { request: 'go' } }] }, { text: 'outer' }], {
      chunkSize: 100,
    });
    const bars = await record(new Agent({ model, tools: [AgentTool.of(inner)] }).stream('x'));
    const nested = bars.filter((bar) => bar.depth === 1);
    expect(nested.map((bar) => `${bar.kind}:${bar.agentName}`)).toEqual(['model:helper', 'stop:helper']);
    const call = bars.find((bar) => bar.kind === 'tool')!;
    expect(nested[0]!.start).toBe(call.start);
  });

  it('ends a call that waits for a credential as waiting, and the run as interrupted', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'balance' }] }]);
    const bars = await record(new Agent({ model, tools: [new BalanceTool()] }).stream('x'));
    expect(bars.map((bar) => `${bar.kind}:${bar.status}`)).toEqual(['model:ok', 'tool:waiting', 'interruption:waiting', 'stop:waiting']);
  });

  it('ends a failed run with an error bar saying why, what was open failing with it', async () => {
    const model = new ScriptedModel([
      { text: 'partial', toolCalls: [{ id: 'c1', name: 'convert', arguments: { euros: 1 } }] },
      { error: new Error('quota exceeded') },
    ]);
    const bars = await record(new Agent({ model, tools: [new ConvertTool()], retry: { maxRetries: 0 } }).stream('x'));
    expect(bars.at(-1)).toMatchObject({ kind: 'error', status: 'error', detail: 'quota exceeded' });
  });
});
