import { ScriptedModel, type ScriptedReply } from '@toolcraft/testing';
import { Agent, AgentTool, type AgentEvent, ParallelAgent, SequentialAgent, ToolRegistry } from '@toolcraft/core';
import { collect, StepTool } from '../support/streaming-tools';

const ask = (id: string, tool: string, request: string): ScriptedReply => ({ toolCalls: [{ id, name: tool, arguments: { request } }] });
const step = (id: string, steps: number): ScriptedReply => ({ toolCalls: [{ id, name: 'step', arguments: { steps } }] });
const summary = (event: AgentEvent) => `${event.agentName}:${event.type}${'callId' in event ? `:${event.callId}` : ''}`;
const withoutDeltas = (events: AgentEvent[]) => events.filter((event) => event.type !== 'text_delta' && event.type !== 'tool_progress');

/** A researcher (with a tool that reports progress) asked by a writer through an AgentTool. */
function writerAndResearcher(gate?: Promise<void>) {
  const tool = new StepTool('step', gate);
  const researcher = new Agent({
    name: 'researcher',
    model: new ScriptedModel([step('r1', 2), { text: 'Acme makes anvils.' }]),
    registry: ToolRegistry.of(tool),
  });
  const writer = new Agent({
    name: 'writer',
    model: new ScriptedModel([ask('w1', 'researcher', 'Acme?'), { text: 'Acme: anvils.' }]),
    tools: [AgentTool.of(researcher)],
  });
  return { writer, researcher, tool };
}

describe('streaming with several agents', () => {
  it("streams an AgentTool's sub-run into the parent's stream, tagged with the sub-agent's name, parentRunId and parentCallId", async () => {
    const { writer } = writerAndResearcher();
    const stream = writer.stream('Write about Acme.');
    const events = await collect(stream);
    const run = await stream.result;
    const sub = run.subRuns![0]!;

    expect(withoutDeltas(events).map(summary)).toEqual([
      'writer:message',
      'writer:tool_call_started:w1',
      'researcher:message',
      'researcher:tool_call_started:r1',
      'researcher:tool_call_completed:r1',
      'researcher:message',
      'researcher:run_completed',
      'writer:tool_call_completed:w1',
      'writer:message',
      'writer:run_completed',
    ]);
    const ofResearcher = events.filter((event) => event.agentName === 'researcher');
    expect(ofResearcher.every((event) => event.runId === sub.runId && event.parentRunId === run.runId && event.parentCallId === 'w1')).toBe(
      true,
    );
    expect(ofResearcher.map((event) => event.type)).toEqual(expect.arrayContaining(['text_delta', 'tool_progress']));
    const ofWriter = events.filter((event) => event.agentName === 'writer');
    expect(ofWriter.every((event) => event.runId === run.runId && !('parentRunId' in event) && !('parentCallId' in event))).toBe(true);
    expect(events.find((event) => event.type === 'run_completed' && event.agentName === 'researcher')).toMatchObject({ result: sub });
    expect(events.at(-1)).toMatchObject({ type: 'run_completed', result: run });
  });

  it('tags the events of a sub-run nested in a sub-run with the run that started each', async () => {
    const fact = new Agent({ name: 'fact', model: new ScriptedModel([{ text: 'Anvils.' }]) });
    const researcher = new Agent({
      name: 'researcher',
      model: new ScriptedModel([ask('r1', 'fact', 'What?'), { text: 'Acme makes anvils.' }]),
      tools: [AgentTool.of(fact)],
    });
    const writer = new Agent({
      name: 'writer',
      model: new ScriptedModel([ask('w1', 'researcher', 'Acme?'), { text: 'Done.' }]),
      tools: [AgentTool.of(researcher)],
    });
    const stream = writer.stream('Go');
    const events = await collect(stream);
    const researcherRun = (await stream.result).subRuns!.find((sub) => sub.agentName === 'researcher')!;

    const completedOfFact = events.find((event) => event.type === 'run_completed' && event.agentName === 'fact');
    expect(completedOfFact).toMatchObject({ parentRunId: researcherRun.runId, parentCallId: 'r1' });
  });

  it("cancels the sub-agent's run when the parent's loop breaks during it: its tool is aborted and the run ends 'aborted'", async () => {
    const { writer, tool } = writerAndResearcher(new Promise(() => undefined));
    const stream = writer.stream('Write about Acme.');
    for await (const event of stream) if (event.type === 'tool_progress' && event.agentName === 'researcher') break;
    const run = await stream.result;

    expect(run.stopReason).toBe('aborted');
    expect(tool.aborted).toBe(true);
  });

  it('gives a sub-run nobody reads no backpressure: awaiting only the result works', async () => {
    const researcher = new Agent({ name: 'researcher', model: new ScriptedModel([{ text: 'z'.repeat(300) }], { chunkSize: 1 }) });
    const writer = new Agent({
      name: 'writer',
      model: new ScriptedModel([ask('w1', 'researcher', 'x'), { text: 'ok' }]),
      tools: [AgentTool.of(researcher)],
    });
    expect((await writer.stream('Go').result).subRuns?.[0]?.text).toHaveLength(300);
  });

  it('streams a handoff, then the events of the agent that took over under its name', async () => {
    const billing = new Agent({ name: 'billing', model: new ScriptedModel([{ text: 'Paid.' }]) });
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([{ toolCalls: [{ id: 't1', name: 'transfer_to_agent', arguments: { agent_name: 'billing' } }] }]),
      subAgents: [billing],
    });
    const events = await collect(triage.stream('My invoice?'));

    expect(withoutDeltas(events).map(summary)).toEqual([
      'triage:message',
      'triage:tool_call_started:t1',
      'triage:tool_call_completed:t1',
      'triage:handoff',
      'billing:message',
      'billing:run_completed',
    ]);
    expect(events.find((event) => event.type === 'handoff')).toMatchObject({ to: 'billing' });
  });
});

describe('SequentialAgent.stream and ParallelAgent.stream', () => {
  const agent = (name: string, text: string) => new Agent({ name, model: new ScriptedModel([{ text }]) });

  it("streams each agent's events in turn (parentRunId: the workflow's run), then the workflow's own run_completed", async () => {
    const pipeline = new SequentialAgent({ name: 'pipeline', agents: [agent('writer', 'Draft.'), agent('reviewer', 'Fine.')] });
    const stream = pipeline.stream('Tea.', { runId: 'wf-1' });
    const events = await collect(stream);
    const run = await stream.result;

    expect(withoutDeltas(events).map(summary)).toEqual([
      'writer:message',
      'writer:run_completed',
      'reviewer:message',
      'reviewer:run_completed',
      'pipeline:run_completed',
    ]);
    expect(events.slice(0, -1).every((event) => event.parentRunId === 'wf-1')).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'run_completed', agentName: 'pipeline', runId: 'wf-1', stopReason: 'completed', result: run });
    expect(run.text).toBe('Fine.');
  });

  it('streams the agents of a ParallelAgent side by side, and breaking out of the loop cancels all of them', async () => {
    const tools = [new StepTool('step', new Promise(() => undefined)), new StepTool('step', new Promise(() => undefined))];
    const agents = tools.map(
      (tool, index) =>
        new Agent({ name: `branch${index}`, model: new ScriptedModel([step(`s${index}`, 1)]), registry: ToolRegistry.of(tool) }),
    );
    const stream = new ParallelAgent({ name: 'fanout', agents }).stream('Go');
    const started = new Set<string>();
    for await (const event of stream) {
      if (event.type === 'tool_progress') started.add(event.agentName);
      if (started.size === 2) break;
    }
    const run = await stream.result;

    expect(run.stopReason).toBe('aborted');
    expect(tools.every((tool) => tool.aborted)).toBe(true);
  });

  it("aborting the caller's signal cancels a streamed SequentialAgent: the sequence stops 'aborted'", async () => {
    const tool = new StepTool('step', new Promise(() => undefined));
    const first = new Agent({ name: 'first', model: new ScriptedModel([step('f1', 1)]), registry: ToolRegistry.of(tool) });
    const second = agent('second', 'never');
    const controller = new AbortController();
    const stream = new SequentialAgent({ name: 'seq', agents: [first, second] }).stream('Go', { signal: controller.signal });
    const events: AgentEvent[] = [];
    for await (const event of stream) {
      events.push(event);
      if (event.type === 'tool_call_started') controller.abort();
    }

    expect((await stream.result).stopReason).toBe('aborted');
    expect(events.some((event) => event.agentName === 'second')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'run_completed', agentName: 'seq', stopReason: 'aborted' });
  });

  it("streams a workflow agent used as an AgentTool into the parent's stream: its run_completed carries the call, its agents' events its run", async () => {
    const pipeline = new SequentialAgent({ name: 'pipeline', agents: [agent('writer', 'Draft.')] });
    const host = new Agent({
      name: 'host',
      model: new ScriptedModel([ask('h1', 'pipeline', 'Tea.'), { text: 'Done.' }]),
      tools: [AgentTool.of(pipeline)],
    });
    const stream = host.stream('Go');
    const events = await collect(stream);
    const pipelineRun = (await stream.result).subRuns![0]!;

    const completed = events.filter((event) => event.type === 'run_completed').map((event) => [event.agentName, event.parentCallId]);
    expect(completed).toEqual([
      ['writer', undefined],
      ['pipeline', 'h1'],
      ['host', undefined],
    ]);
    expect(events.find((event) => event.agentName === 'writer')?.parentRunId).toBe(pipelineRun.runId);
  });
});
