import { contentText } from '../../src/index';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';
import {
  Agent,
  InMemorySessionStore,
  InvalidAgentOptionsError,
  InvalidRunOptionsError,
  ParallelAgent,
  ParallelAgentError,
  ToolRegistry,
} from '@toolcraft/core';
import { deferred } from '../support/deferred';
import { ReadStateTool, SetStateTool } from '../support/state-tools';

const tools = ToolRegistry.of(new ReadStateTool(), new SetStateTool());
const usage = (tokens: number) => ({ inputTokens: tokens, outputTokens: tokens, totalTokens: 2 * tokens });
const set = (key: string, value: string): ScriptedTurn => ({ toolCalls: [{ name: 'set_state', arguments: { key, value } }] });
const agent = (name: string, turns: ScriptedTurn[]) =>
  new Agent({ model: new ScriptedModel(turns), name, registry: tools, retry: { maxRetries: 0 } });
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ParallelAgent', () => {
  it('runs its agents at the same time, each on the user message', async () => {
    const release = deferred();
    const started: string[] = [];
    const waiting =
      (name: string): ScriptedTurn =>
      async (request) => {
        started.push(`${name}: ${contentText(request.messages.at(-1)?.content)}`);
        await release.promise;
        return { text: name };
      };
    const pending = new ParallelAgent({ name: 'both', agents: [agent('a', [waiting('a')]), agent('b', [waiting('b')])] }).run('Go.');
    await tick();

    expect(started).toEqual(['a: Go.', 'b: Go.']);
    release.resolve();
    expect((await pending).text).toBe('a\n\nb');
  });

  it("joins the agents' texts in their order with a blank line, leaving out empty ones; subRuns in the same order", async () => {
    const slow = deferred();
    const first = agent('first', [async () => (await slow.promise, { text: 'First findings.' })]);
    const silent = agent('silent', [{ text: '' }]);
    const last = agent('last', [{ text: 'Last findings.' }]);
    const pending = new ParallelAgent({ name: 'research', agents: [first, silent, last] }).run('Research.');
    await tick();
    slow.resolve();
    const run = await pending;

    expect(run.text).toBe('First findings.\n\nLast findings.');
    expect(run.subRuns!.map((sub) => sub.text)).toEqual(['First findings.', '', 'Last findings.']);
    expect(run.stopReason).toBe('completed');
  });

  it('gives each agent its own copy of the state and merges their changes, a later agent winning a key both changed', async () => {
    const a = agent('a', [set('shared', 'from a'), set('only_a', 'x'), { text: 'a' }]);
    const b = agent('b', [{ toolCalls: [{ name: 'read_state', arguments: { key: 'only_a' } }] }, set('shared', 'from b'), { text: 'b' }]);
    const run = await new ParallelAgent({ name: 'both', agents: [a, b] }).run('Go.', { state: { topic: 'tea' } });

    expect(run.stateDelta).toEqual({ shared: 'from b', only_a: 'x' });
    expect(run.subRuns![1]!.toolCalls[0]!.result.content).toBe('(unset)');
  });

  it('sums the usage of its agents and lists their messages and tool calls in the order of the agents', async () => {
    const a = agent('a', [
      { ...set('k', 'v'), usage: usage(2) },
      { text: 'a', usage: usage(3) },
    ]);
    const b = agent('b', [{ text: 'b', usage: usage(5) }]);
    const run = await new ParallelAgent({ name: 'both', agents: [a, b] }).run('Go.');

    expect(run.usage).toEqual(usage(10));
    expect(run.toolCalls.map((call) => call.name)).toEqual(['set_state']);
    expect(run.messages.map((message) => message.content ?? 'call')).toEqual(['Go.', 'call', 'ok', 'a', 'b']);
  });

  it('lists an agent whose run threw in failures, with its error, and keeps the runs of the others', async () => {
    const failure = new Error('model down');
    const run = await new ParallelAgent({
      name: 'research',
      agents: [agent('a', [{ text: 'A' }]), agent('broken', [{ error: failure }]), agent('c', [{ text: 'C' }])],
    }).run('Go.');

    expect(run.text).toBe('A\n\nC');
    expect(run.stopReason).toBe('completed');
    expect(run.failures).toEqual([{ agentName: 'broken', index: 1, error: failure }]);
    expect(run.subRuns!.map((sub) => sub.text)).toEqual(['A', 'C']);
  });

  it('rejects with a ParallelAgentError listing every error when every agent threw', async () => {
    const promise = new ParallelAgent({
      name: 'research',
      agents: [agent('a', [{ error: new Error('down') }]), agent('b', [{ error: new TypeError('bad') }])],
    }).run('Go.');

    await expect(promise).rejects.toThrow(ParallelAgentError);
    await expect(promise).rejects.toThrow("Every agent of 'research' failed: 'a' (down); 'b' (bad).");
    await expect(promise).rejects.toMatchObject({
      failures: [
        { agentName: 'a', index: 0 },
        { agentName: 'b', index: 1 },
      ],
    });
  });

  it('stops with the stop reason of the first agent, in order, that did not complete', async () => {
    const looping = (name: string) => new Agent({ model: new ScriptedModel([set('k', name)]), name, registry: tools, maxIterations: 1 });
    const run = await new ParallelAgent({ name: 'p', agents: [agent('ok', [{ text: 'fine' }]), looping('x'), looping('y')] }).run('Go.');

    expect(run.stopReason).toBe('max_iterations');
  });

  it('runs at most maxConcurrency agents at once', async () => {
    let active = 0;
    let mostActive = 0;
    const counted: ScriptedTurn = async () => {
      mostActive = Math.max(mostActive, ++active);
      await tick();
      active--;
      return { text: 'done' };
    };
    const agents = ['a', 'b', 'c', 'd'].map((name) => agent(name, [counted]));
    const run = await new ParallelAgent({ name: 'p', agents, maxConcurrency: 2 }).run('Go.');

    expect(mostActive).toBe(2);
    expect(run.subRuns).toHaveLength(4);
  });

  it("aborts every agent with the run's signal", async () => {
    const controller = new AbortController();
    const hanging = (): ScriptedTurn[] => [() => new Promise(() => {})];
    const pending = new ParallelAgent({ name: 'p', agents: [agent('a', hanging()), agent('b', hanging())] }).run('Go.', {
      signal: controller.signal,
    });
    await tick();
    controller.abort();
    const run = await pending;

    expect(run.stopReason).toBe('aborted');
    expect(run.subRuns!.map((sub) => sub.stopReason)).toEqual(['aborted', 'aborted']);
  });

  it('refuses a session with an InvalidRunOptionsError', async () => {
    const session = new InMemorySessionStore().open({ appName: 'app', userId: 'ada', sessionId: 's' });
    await expect(new ParallelAgent({ name: 'p', agents: [agent('a', [])] }).run('Go.', { session })).rejects.toThrow(
      InvalidRunOptionsError,
    );
  });

  it.each([0, 2.5, -3])('rejects maxConcurrency %p with an InvalidAgentOptionsError', (maxConcurrency) => {
    expect(() => new ParallelAgent({ name: 'p', agents: [agent('a', [])], maxConcurrency })).toThrow(
      new InvalidAgentOptionsError('maxConcurrency', maxConcurrency, 'a positive integer (or Infinity)'),
    );
  });
});
