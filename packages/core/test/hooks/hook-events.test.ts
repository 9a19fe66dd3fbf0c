import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, type AgentToolCallCompletedEvent, type Feature } from '../../src/index.js';
import { AddTool } from '../support/calculator.js';
import { collect } from '../support/streaming-tools.js';

const guard: Feature = {
  name: 'guard',
  install: (pipeline) =>
    pipeline.onToolCallStarting(guard, ({ call }) => {
      if (call.id === 'blocked') return { block: 'not today' };
      if (call.id === 'swapped') return { arguments: { digit1: 1, digit2: 1 } };
      return undefined;
    }),
};
const redact: Feature = {
  name: 'redact',
  install: (pipeline) =>
    pipeline.onToolCallCompleted(redact, ({ call }) => (call.id === 'redacted' ? { content: '[redacted]' } : undefined)),
};

describe('tool hook decisions in the agent stream', () => {
  it('tells on each tool_call_completed which feature blocked the call or replaced its arguments or content', async () => {
    const args = { digit1: 3, digit2: 4 };
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'blocked', name: 'calculator', arguments: args },
          { id: 'swapped', name: 'calculator', arguments: args },
          { id: 'redacted', name: 'calculator', arguments: args },
          { id: 'plain', name: 'calculator', arguments: args },
        ],
      },
      { text: 'done' },
    ]);
    const agent = new Agent({ model, tools: [new AddTool()], features: [guard, redact] });
    const events = await collect(agent.stream('go'));
    const completed = new Map(
      events
        .filter((event): event is AgentToolCallCompletedEvent => event.type === 'tool_call_completed')
        .map((event) => [event.callId, event]),
    );
    expect(completed.get('blocked')).toMatchObject({ blockedBy: 'guard', result: { isError: true } });
    expect(completed.get('swapped')).toMatchObject({ argumentsReplacedBy: ['guard'], result: { content: '2' } });
    expect(completed.get('redacted')).toMatchObject({ contentReplacedBy: ['redact'], result: { content: '[redacted]', value: 7 } });
    const plain = completed.get('plain')!;
    expect('blockedBy' in plain || 'argumentsReplacedBy' in plain || 'contentReplacedBy' in plain).toBe(false);
  });
});
