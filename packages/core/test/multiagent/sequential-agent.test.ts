import { contentText } from '../../src/index';
import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  AgentState,
  InMemorySessionStore,
  InvalidAgentOptionsError,
  InvalidRunOptionsError,
  ParallelAgent,
  SequentialAgent,
  ToolRegistry,
  type ChatRequest,
  type RunnableAgent,
} from '@toolcraft/core';
import { ReadStateTool, SetStateTool } from '../support/state-tools';
import { call, PathTool } from '../pausing/support';

const tools = ToolRegistry.of(new ReadStateTool(), new SetStateTool());
const usage = (tokens: number) => ({ inputTokens: tokens, outputTokens: tokens, totalTokens: 2 * tokens });
const lastContent = (request: ChatRequest) => contentText(request.messages.at(-1)?.content);

/** A writer that answers with a draft (outputKey 'draft') and a reviewer whose tool reads it. */
function writerAndReviewer() {
  const writerModel = new ScriptedModel([{ text: 'Steam rises from the cup.', usage: usage(3) }]);
  const writer = new Agent({ model: writerModel, name: 'writer', outputKey: 'draft', instructions: 'Write.' });
  const reviewerModel = new ScriptedModel([
    { toolCalls: [{ name: 'read_state', arguments: { key: 'draft' } }], usage: usage(5) },
    (request) => ({ text: `Reviewed: ${lastContent(request)}`, usage: usage(7) }),
  ]);
  const reviewer = new Agent({ model: reviewerModel, name: 'reviewer', registry: tools, instructions: 'Review.' });
  return { writer, writerModel, reviewer, reviewerModel };
}

describe('SequentialAgent', () => {
  it("runs its agents in order, each on the user's message, the next reading the previous one's outputKey from the state", async () => {
    const { writer, writerModel, reviewer, reviewerModel } = writerAndReviewer();
    const pipeline = new SequentialAgent({ name: 'write_and_review', agents: [writer, reviewer] });
    const run = await pipeline.run('A haiku about tea, please.');

    expect(writerModel.requests[0]!.messages.map((message) => message.content)).toEqual(['Write.', 'A haiku about tea, please.']);
    expect(reviewerModel.requests[0]!.messages.map((message) => message.content)).toEqual(['Review.', 'A haiku about tea, please.']);
    expect(run.text).toBe('Reviewed: Steam rises from the cup.');
    expect(run.stopReason).toBe('completed');
    expect(run.agentName).toBe('reviewer');
  });

  it('returns one run: the state changes of all, usage summed, each run in subRuns, the messages of all after the user message', async () => {
    const { writer, reviewer } = writerAndReviewer();
    const run = await new SequentialAgent({ name: 'pipeline', agents: [writer, reviewer] }).run('Tea.', {
      history: [{ role: 'user', content: 'Hi' }],
    });

    expect(run.stateDelta).toEqual({ draft: 'Steam rises from the cup.' });
    expect(run.usage).toEqual(usage(15));
    expect(run.subRuns!.map((sub) => sub.text)).toEqual(['Steam rises from the cup.', 'Reviewed: Steam rises from the cup.']);
    expect(run.toolCalls.map((call) => call.name)).toEqual(['read_state']);
    expect(run.messages.map((message) => message.role)).toEqual(['user', 'user', 'assistant', 'assistant', 'tool', 'assistant']);
    expect(run.messages.slice(0, 2).map((message) => message.content)).toEqual(['Hi', 'Tea.']);
    expect(run.runId).not.toBe(run.subRuns![0]!.runId);
  });

  it('starts the first agent from the given state (a record or an AgentState) and passes every change on to the next', async () => {
    const pipeline = () => {
      const first = new Agent({
        model: new ScriptedModel([{ toolCalls: [{ name: 'set_state', arguments: { key: 'step', value: 'one' } }] }, { text: 'ok' }]),
        registry: tools,
      });
      const secondModel = new ScriptedModel([
        {
          toolCalls: [
            { name: 'read_state', arguments: { key: 'topic' } },
            { name: 'read_state', arguments: { key: 'step' } },
          ],
        },
        (request) => ({
          text: request.messages
            .slice(-2)
            .map((message) => contentText(message.content))
            .join(' + '),
        }),
      ]);
      return new SequentialAgent({ name: 'pipeline', agents: [first, new Agent({ model: secondModel, registry: tools })] });
    };
    const fromRecord = await pipeline().run('Go.', { state: { topic: 'tea' } });
    const fromState = await pipeline().run('Go.', { state: new AgentState({ topic: 'tea' }) });

    expect(fromRecord.text).toBe('tea + one');
    expect(fromState.text).toBe('tea + one');
    expect(fromState.stateDelta).toEqual({ step: 'one' });
  });

  it('stops after the first agent that does not complete, with its stop reason and text', async () => {
    const stuck = new Agent({
      model: new ScriptedModel([{ text: 'still looking', toolCalls: [{ name: 'read_state', arguments: { key: 'x' } }] }]),
      registry: tools,
      maxIterations: 1,
    });
    const nextModel = new ScriptedModel([{ text: 'never' }]);
    const run = await new SequentialAgent({ name: 'pipeline', agents: [stuck, new Agent({ model: nextModel })] }).run('Go.');

    expect(run.stopReason).toBe('max_iterations');
    expect(run.text).toBe('still looking');
    expect(run.subRuns).toHaveLength(1);
    expect(nextModel.requests).toHaveLength(0);
  });

  it("passes the run's signal to its agents: aborted, the running agent stops with 'aborted' and no later agent runs", async () => {
    const controller = new AbortController();
    const first = new Agent({
      model: new ScriptedModel([
        () => {
          controller.abort();
          return new Promise(() => {});
        },
      ]),
    });
    const nextModel = new ScriptedModel([{ text: 'never' }]);
    const run = await new SequentialAgent({ name: 'pipeline', agents: [first, new Agent({ model: nextModel })] }).run('Go.', {
      signal: controller.signal,
    });

    expect(run.stopReason).toBe('aborted');
    expect(nextModel.requests).toHaveLength(0);
  });

  it("stops at an agent's interruption with its interruptions and state, which that agent resumes", async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const cleaner = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/tmp/a')] }, { text: 'Deleted.' }]),
      name: 'cleaner',
      tools: [remove],
    });
    const reporterModel = new ScriptedModel([{ text: 'never' }]);
    const run = await new SequentialAgent({ name: 'p', agents: [cleaner, new Agent({ model: reporterModel })] }).run('Clean up.');

    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions.map((item) => [item.agentName, item.callId])).toEqual([['cleaner', 'c1']]);
    expect(run.state.agentName).toBe('cleaner');
    expect(reporterModel.requests).toHaveLength(0);
    run.state.approve('c1');
    expect((await cleaner.resume(run.state)).text).toBe('Deleted.');
    expect(remove.ran).toEqual(['/tmp/a']);
  });

  it("rejects with an agent's error when its run throws", async () => {
    const failing = new Agent({ model: new ScriptedModel([{ error: new Error('model down') }]), retry: { maxRetries: 0 } });
    await expect(new SequentialAgent({ name: 'pipeline', agents: [failing] }).run('Go.')).rejects.toThrow('model down');
  });

  it('runs workflow agents as its agents, and is one itself', async () => {
    const a = new Agent({ model: new ScriptedModel([{ text: 'A' }]), name: 'a', outputKey: 'a' });
    const b = new Agent({ model: new ScriptedModel([{ text: 'B' }]), name: 'b', outputKey: 'b' });
    const c = new Agent({ model: new ScriptedModel([{ text: 'C' }]), name: 'c' });
    const agents: RunnableAgent[] = [new ParallelAgent({ name: 'both', agents: [a, b] }), c];
    const run = await new SequentialAgent({ name: 'pipeline', agents }).run('Go.');

    expect(run.text).toBe('C');
    expect(run.stateDelta).toEqual({ a: 'A', b: 'B' });
    expect(run.subRuns![0]!.subRuns!.map((sub) => sub.text)).toEqual(['A', 'B']);
  });

  it('refuses a session with an InvalidRunOptionsError, running nothing', async () => {
    const model = new ScriptedModel([{ text: 'never' }]);
    const session = new InMemorySessionStore().open({ appName: 'app', userId: 'ada', sessionId: 's' });
    const pipeline = new SequentialAgent({ name: 'pipeline', agents: [new Agent({ model })] });

    await expect(pipeline.run('Go.', { session })).rejects.toThrow(InvalidRunOptionsError);
    expect(model.requests).toHaveLength(0);
  });

  it('rejects a missing name, no agents, or something that is not an agent with an InvalidAgentOptionsError', () => {
    const agent = new Agent({ model: new ScriptedModel([]) });
    expect(() => new SequentialAgent({ name: '', agents: [agent] })).toThrow("Agent option 'name' must be a non-empty string");
    expect(() => new SequentialAgent({ name: 'p', agents: [] })).toThrow(InvalidAgentOptionsError);
    expect(() => new SequentialAgent({ name: 'p', agents: [agent, {} as RunnableAgent] })).toThrow(
      "Agent option 'agents[1]' must be an agent",
    );
  });

  it("takes the runId of its options for its own run, and gives each agent's run an id of its own", async () => {
    const { writer, reviewer } = writerAndReviewer();
    const run = await new SequentialAgent({ name: 'pipeline', agents: [writer, reviewer] }).run('Tea.', { runId: 'report-42' });

    expect(run.runId).toBe('report-42');
    expect(new Set(run.subRuns!.map((sub) => sub.runId)).size).toBe(2);
    expect(run.subRuns!.map((sub) => sub.runId)).not.toContain('report-42');
  });

  it('keeps its own copy of the agents it was given', async () => {
    const agents = [new Agent({ model: new ScriptedModel([{ text: 'only' }]) })];
    const pipeline = new SequentialAgent({ name: 'p', agents, description: 'Does one thing.' });
    agents.push(new Agent({ model: new ScriptedModel([]) }));

    expect(pipeline.agents).toHaveLength(1);
    expect(pipeline.description).toBe('Does one thing.');
    expect((await pipeline.run('Go.')).text).toBe('only');
  });
});
