import { ScriptedModel, type ScriptedReply } from '@toolcraft/testing';
import { Agent, AgentTool, InvalidRunStateError, RunState } from '@toolcraft/core';
import { call, PathTool } from '../pausing/support';

const usage = (tokens: number) => ({ inputTokens: tokens, outputTokens: tokens, totalTokens: 2 * tokens });
const ask = (id: string, tool: string, request: string): ScriptedReply => ({ toolCalls: [{ id, name: tool, arguments: { request } }] });
const roundTrip = (state: RunState) => RunState.fromJSON(JSON.parse(JSON.stringify(state)));

describe('AgentTool in a paused run', () => {
  /** A parent that asks a researcher, then deletes a file (which needs approval), then answers. */
  function parentWithResearcher() {
    const fact = new Agent({ name: 'fact', model: new ScriptedModel([{ text: 'Anvils.', usage: usage(1) }]) });
    const researcher = new Agent({
      name: 'researcher',
      model: new ScriptedModel([
        { ...ask('r1', 'fact', 'What?'), usage: usage(2) },
        { text: 'Acme makes anvils.', usage: usage(3) },
      ]),
      tools: [AgentTool.of(fact)],
    });
    const deleteTool = new PathTool('delete', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([
      { ...ask('p1', 'researcher', 'Acme?'), usage: usage(10) },
      { toolCalls: [call('p2', 'delete', '/tmp/acme')], usage: usage(20) },
      { text: 'Deleted, and Acme makes anvils.', usage: usage(30) },
    ]);
    const parent = new Agent({ name: 'parent', model, tools: [AgentTool.of(researcher), deleteTool] });
    return { parent, deleteTool };
  }

  it('keeps the sub-runs that ended before a pause: the resumed run reports them in subRuns and their usage in usage', async () => {
    const { parent, deleteTool } = parentWithResearcher();
    const paused = await parent.run('Research Acme, then delete its file.');
    expect(paused.stopReason).toBe('interrupted');
    const before = paused.subRuns!;

    const state = roundTrip(paused.state);
    state.approve('p2');
    const resumed = await parent.resume(state);

    expect(resumed.stopReason).toBe('completed');
    expect(deleteTool.ran).toEqual(['/tmp/acme']);
    expect(resumed.subRuns!.map((sub) => [sub.runId, sub.agentName, sub.text, sub.stopReason])).toEqual(
      before.map((sub) => [sub.runId, sub.agentName, sub.text, sub.stopReason]),
    );
    expect(resumed.subRuns![0]!.subRuns![0]).toMatchObject({ agentName: 'fact', text: 'Anvils.', usage: usage(1) });
    expect(resumed.subRuns![0]!.usage).toEqual(usage(6));
    // 10 + 20 + 30 of the parent, 2 + 3 of the researcher, 1 of the fact agent.
    expect(resumed.usage).toEqual(usage(66));
  });

  it('keeps a summary of each sub-run in the state, without its messages, tool calls or state (bounded), through JSON', async () => {
    const { parent } = parentWithResearcher();
    const paused = await parent.run('Go');
    const saved = JSON.parse(JSON.stringify(paused.state)) as { subRuns: Array<Record<string, unknown>> };

    expect(saved.subRuns).toHaveLength(1);
    expect(Object.keys(saved.subRuns[0]!).sort()).toEqual(
      ['agentName', 'durationMs', 'handoffs', 'runId', 'stateDelta', 'stopReason', 'subRuns', 'text', 'usage'].sort(),
    );
    const restored = (await parent.resume(roundTrip(paused.state))).subRuns![0]!;
    expect(restored).toMatchObject({ messages: [], toolCalls: [], interruptions: [], pending: [] });
  });

  it('refuses a saved state whose sub-runs are not summaries, naming the field', async () => {
    const paused = await parentWithResearcher().parent.run('Go');
    const saved = JSON.parse(JSON.stringify(paused.state)) as { subRuns: Array<Record<string, unknown>> };
    saved.subRuns[0]!.usage = 'lots';

    expect(() => RunState.fromJSON(saved)).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(saved)).toThrow(/state\.subRuns\[0\]\.usage should be an object of token counts/);
  });
});
