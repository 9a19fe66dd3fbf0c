import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, AgentTool, type AgentEvent } from '../../src/index.js';
import { collect } from '../support/streaming-tools.js';
import { Invoice } from './support.js';

const good = { total: 120, lines: [{ item: 'tea', cents: 120 }] };

describe('agent.stream with an outputType', () => {
  it('ends with an output event, typed by the output type, just before run_completed', async () => {
    const agent = new Agent({ model: new ScriptedModel([{ text: 'oops' }, { output: good }]), outputType: Invoice });
    const stream = agent.stream('x');
    const events: Array<AgentEvent<Invoice>> = [];
    for await (const event of stream) {
      events.push(event);
      // Only compiles when the output event is typed by the agent's output type.
      if (event.type === 'output') expect(event.output.lineCount()).toBe(1);
    }
    const run = await stream.result;
    expect(events.map((event) => event.type).slice(-3)).toEqual(['message', 'output', 'run_completed']);
    expect(events.filter((event) => event.type === 'output')).toHaveLength(1);
    const output = events.find((event) => event.type === 'output');
    expect(output).toMatchObject({ type: 'output', agentName: 'agent', runId: run.runId });
    expect(output?.type === 'output' && output.output).toBe(run.output);
    expect(run.output).toBeInstanceOf(Invoice);
  });

  it('emits no output event when the answer never fits, nor for an agent without an outputType', async () => {
    const refused = await collect(
      new Agent({ model: new ScriptedModel([{ text: 'no' }]), outputType: Invoice, outputRetries: 0 }).stream('x'),
    );
    expect(refused.map((event) => event.type)).not.toContain('output');
    expect(refused.at(-1)).toMatchObject({ type: 'run_completed', stopReason: 'invalid_output' });
    const plain = await collect(new Agent({ model: new ScriptedModel([{ text: 'hi' }]) }).stream('x'));
    expect(plain.map((event) => event.type)).not.toContain('output');
  });

  it('carries only the streamed run’s own output: an AgentTool’s agent with an outputType emits none into it', async () => {
    const reader = new Agent({ name: 'reader', model: new ScriptedModel([{ output: good }]), outputType: Invoice });
    const model = new ScriptedModel([{ toolCalls: [{ name: 'reader', arguments: { request: 'read it' } }] }, { text: 'Done.' }]);
    const events = await collect(new Agent({ model, tools: [AgentTool.of(reader)] }).stream('x'));
    expect(events.map((event) => event.type)).not.toContain('output');
    const toolResult = events.find((event) => event.type === 'tool_call_completed');
    expect(toolResult?.type === 'tool_call_completed' && toolResult.result.content).toBe(JSON.stringify(good));
  });
});
