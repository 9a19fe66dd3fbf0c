import {
  type AgentEvent,
  InvalidAgentOptionsError,
  InvalidHookDecisionError,
  ToolArgumentsError,
  type ToolCallRepairContext,
  type ToolCallRepairError,
  type ToolCallRepairFunction,
  ToolNotFoundError,
  ToolTimeoutError,
} from '../../src/index.js';
import { collect } from '../support/streaming-tools.js';
import { agentCalling } from './support.js';

const misnamed = { id: 'c', name: 'calculater', arguments: '{"digit1": 3, "digit2": 4}' };

describe('repairToolCall', () => {
  it('mends a call to an unknown tool: it gets the error with the closest names and the turn’s tools, and the mended call runs', async () => {
    const asked: Array<{ error: ToolCallRepairError; context: ToolCallRepairContext }> = [];
    const repairToolCall: ToolCallRepairFunction = (_call, error, context) => {
      asked.push({ error, context });
      return ToolNotFoundError.isInstance(error) ? { name: error.suggestions[0]! } : null;
    };
    const { agent, seen } = agentCalling([misnamed], { repairToolCall });
    const run = await agent.run('add');
    expect(seen).toEqual([expect.objectContaining({ digit1: 3, digit2: 4 })]);
    expect(ToolNotFoundError.isInstance(asked[0]!.error)).toBe(true);
    expect(asked[0]!.context.tools.map((tool) => tool.name)).toEqual(['calculator']);
    expect(asked[0]!.context).toMatchObject({ runId: run.runId, messages: [{ role: 'user', content: 'add' }] });
    expect(asked[0]!.context.signal.aborted).toBe(false);
    expect(run.toolCalls[0]).toMatchObject({
      id: 'c',
      name: 'calculator',
      arguments: misnamed.arguments,
      result: { content: '7' },
      repair: { by: ['repairToolCall'], original: { name: 'calculater', arguments: misnamed.arguments } },
    });
  });

  it('mends arguments that are not JSON, when jsonrepair is off or cannot', async () => {
    let told: ToolCallRepairError | undefined;
    const { agent, seen } = agentCalling([{ id: 'c', name: 'calculator', arguments: 'three and four' }], {
      repairJson: true,
      repairToolCall: async (_call, error) => {
        told = error;
        return Promise.resolve({ name: 'calculator', arguments: { digit1: 3, digit2: 4 } });
      },
    });
    const run = await agent.run('add');
    expect(ToolArgumentsError.isInstance(told)).toBe(true);
    expect((told as ToolArgumentsError).violations[0]!.constraint).toBe('json');
    expect(seen).toHaveLength(1);
    expect(run.toolCalls[0]).toMatchObject({ arguments: '{"digit1":3,"digit2":4}', repair: { by: ['repairToolCall'] } });
  });

  it('is asked once: a mended call that is still wrong is answered with its own error', async () => {
    const repairToolCall = jest.fn<ReturnType<ToolCallRepairFunction>, Parameters<ToolCallRepairFunction>>(() => ({ name: 'still_wrong' }));
    const { agent, seen } = agentCalling([misnamed], { repairToolCall });
    const run = await agent.run('add');
    expect(repairToolCall).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([]);
    expect(run.toolCalls[0]!.result.content).toContain("Tool 'still_wrong' is not defined");
  });

  it('gates a mended call as the call it became (an approval for the real tool)', async () => {
    const { agent, seen } = agentCalling([misnamed], { repairToolCall: () => ({ name: 'calculator' }), approvals: 'all' });
    const run = await agent.run('add');
    expect(seen).toEqual([]);
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions).toEqual([expect.objectContaining({ kind: 'approval', callId: 'c', toolName: 'calculator' })]);
  });

  it.each([
    ['null', () => null],
    ['the call unchanged', (call: { name: string; arguments: string }) => ({ name: call.name, arguments: call.arguments })],
  ])('leaves the original error for the model when it returns %s, and reports nothing', async (_kind, repair) => {
    const { agent, reports } = agentCalling([misnamed], { repairToolCall: repair });
    const run = await agent.run('add');
    expect(run.toolCalls[0]!.result.content).toContain("Tool 'calculater' is not defined");
    expect(run.toolCalls[0]!.repair).toBeUndefined();
    expect(reports).toEqual([]);
  });

  it.each([
    ['a string', () => 'calculator'],
    ['a call without a name', () => ({ arguments: '{}' })],
    ['arguments that are a number', () => ({ name: 'calculator', arguments: 7 })],
  ])('leaves the original error when it returns %s, and reports it', async (_kind, repair) => {
    const { agent, reports } = agentCalling([misnamed], { repairToolCall: repair as unknown as ToolCallRepairFunction });
    const run = await agent.run('add');
    expect(run.toolCalls[0]!.result.content).toContain("Tool 'calculater' is not defined");
    expect(reports).toEqual([expect.objectContaining({ feature: 'repairToolCall', stage: 'repair', callId: 'c', runId: run.runId })]);
    expect(InvalidHookDecisionError.isInstance(reports[0]!.error)).toBe(true);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('repair down');
      },
    ],
    ['rejects', () => Promise.reject(new Error('repair down'))],
  ])('leaves the original error when it %s, and reports it', async (_kind, repair) => {
    const { agent, reports } = agentCalling([misnamed], { repairToolCall: repair as ToolCallRepairFunction });
    const run = await agent.run('add');
    expect(run.stopReason).toBe('completed');
    expect(run.toolCalls[0]!.result.content).toContain("Tool 'calculater' is not defined");
    expect(reports.map((report) => [report.feature, report.stage, (report.error as Error).message])).toEqual([
      ['repairToolCall', 'repair', 'repair down'],
    ]);
  });

  describe('bounded', () => {
    // The loop yields to the event loop between turns (setImmediate), which must stay real.
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    it('gives up on a repair still pending at the call’s time limit, reports it, and the run goes on', async () => {
      let signal: AbortSignal | undefined;
      const { agent, reports } = agentCalling([misnamed], {
        toolTimeoutMs: 1_000,
        repairToolCall: (_call, _error, context) => {
          signal = context.signal;
          return new Promise(() => undefined);
        },
      });
      const pending = agent.run('add');
      await jest.advanceTimersByTimeAsync(1_000);
      const run = await pending;
      expect(signal?.aborted).toBe(true);
      expect(run.stopReason).toBe('completed');
      expect(run.toolCalls[0]!.result.content).toContain("Tool 'calculater' is not defined");
      expect(reports).toEqual([expect.objectContaining({ feature: 'repairToolCall', stage: 'repair' })]);
      expect(ToolTimeoutError.isInstance(reports[0]!.error)).toBe(true);
    });
  });

  it('is told in the stream: tool_call_repaired between the message and tool_call_started', async () => {
    const { agent } = agentCalling([misnamed], { repairToolCall: () => ({ name: 'calculator' }) });
    const events = await collect(agent.stream('add'));
    const order = events.map((event) => event.type).filter((type) => type !== 'text_delta');
    expect(order.slice(0, 4)).toEqual(['message', 'tool_call_repaired', 'tool_call_started', 'tool_call_completed']);
    const repaired = events.find(
      (event): event is Extract<AgentEvent, { type: 'tool_call_repaired' }> => event.type === 'tool_call_repaired',
    );
    expect(repaired).toMatchObject({
      callId: 'c',
      toolName: 'calculator',
      arguments: misnamed.arguments,
      by: ['repairToolCall'],
      original: { name: 'calculater', arguments: misnamed.arguments },
    });
    expect(events.find((event) => event.type === 'message')).toMatchObject({ message: { toolCalls: [{ name: 'calculater' }] } });
    expect(events.find((event) => event.type === 'tool_call_started')).toMatchObject({ toolName: 'calculator' });
  });

  it('refuses a repairToolCall that is not a function, and a repairJson that is not a boolean', () => {
    expect(() => agentCalling([], { repairToolCall: 'fix' as unknown as ToolCallRepairFunction })).toThrow(InvalidAgentOptionsError);
    expect(() => agentCalling([], { repairJson: 'yes' as unknown as boolean })).toThrow(InvalidAgentOptionsError);
  });
});
