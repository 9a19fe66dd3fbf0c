import { contentText } from '../../src/index';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, InvalidRunOptionsError, runParallel, type ChatRequest, type ParallelTask, type RunnableAgent } from '@toolcraft/core';
import { deferred, type Deferred } from '../support/deferred';
import { retainedBy } from '../support/signal-retention';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** An agent whose every model call waits for the test to release it, counting how many wait at once. */
function gatedAgents(count: number) {
  const gates: Array<Deferred<void>> = [];
  let active = 0;
  let mostActive = 0;
  const started: number[] = [];
  const agents = Array.from({ length: count }, (_, index) => {
    const model = new ScriptedModel([
      async () => {
        started.push(index);
        mostActive = Math.max(mostActive, ++active);
        const gate = deferred();
        gates[index] = gate;
        await gate.promise;
        active--;
        return { text: `answer ${index}` };
      },
    ]);
    return new Agent({ model, name: `agent_${index}` });
  });
  return { agents, gates, started, mostActive: () => mostActive };
}

describe('runParallel', () => {
  it('returns one outcome per task in task order, whatever order the runs end in', async () => {
    const { agents, gates } = gatedAgents(3);
    const pending = runParallel(agents.map((agent, index) => ({ agent, input: `task ${index}` })));
    await tick();
    gates[2]!.resolve();
    gates[0]!.resolve();
    gates[1]!.resolve();
    const outcomes = await pending;

    expect(outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.run.text)).toEqual(['answer 0', 'answer 1', 'answer 2']);
  });

  it('runs every task at once by default', async () => {
    const { agents, gates, started } = gatedAgents(4);
    const pending = runParallel(agents.map((agent) => ({ agent, input: 'go' })));
    await tick();

    expect(started).toEqual([0, 1, 2, 3]);
    gates.forEach((gate) => gate.resolve());
    await pending;
  });

  it('never runs more than maxConcurrency tasks at a time, starting them in task order', async () => {
    const { agents, gates, started, mostActive } = gatedAgents(5);
    const pending = runParallel(
      agents.map((agent) => ({ agent, input: 'go' })),
      { maxConcurrency: 2 },
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (let index = 0; index < 5; index++) {
      gates[index]?.resolve();
      await tick();
    }
    const outcomes = await pending;

    expect(mostActive()).toBe(2);
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
  });

  it('reports a task that throws as rejected with its error, and keeps the runs of the others', async () => {
    const failure = new Error('model down');
    const tasks: ParallelTask[] = [
      { agent: new Agent({ model: new ScriptedModel([{ text: 'first' }]) }), input: 'a' },
      { agent: new Agent({ model: new ScriptedModel([{ error: failure }]), retry: { maxRetries: 0 } }), input: 'b' },
      { agent: new Agent({ model: new ScriptedModel([{ text: 'third' }]) }), input: 'c' },
    ];
    const outcomes = await runParallel(tasks);

    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', run: { text: 'first' } });
    expect(outcomes[1]).toEqual({ status: 'rejected', error: failure });
    expect(outcomes[2]).toMatchObject({ status: 'fulfilled', run: { text: 'third' } });
  });

  it('reports an agent whose run throws synchronously as rejected too', async () => {
    const broken: RunnableAgent = {
      name: 'broken',
      run: () => {
        throw new TypeError('not today');
      },
    };
    const outcomes = await runParallel([{ agent: broken, input: 'x' }]);

    expect(outcomes).toEqual([{ status: 'rejected', error: new TypeError('not today') }]);
  });

  it("aborts every task with its signal: running ones stop with 'aborted', queued ones stop at once without calling their model", async () => {
    const { agents } = gatedAgents(3);
    const controller = new AbortController();
    const pending = runParallel(
      agents.map((agent) => ({ agent, input: 'go' })),
      { maxConcurrency: 2, signal: controller.signal },
    );
    await tick();
    controller.abort();
    const outcomes = await pending;

    expect(outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.run.stopReason)).toEqual(['aborted', 'aborted', 'aborted']);
    expect((agents[2]!.model as ScriptedModel).requests).toHaveLength(0);
  });

  it("combines each task's own signal with the shared one: aborting a task's own stops that task only", async () => {
    const { agents, gates } = gatedAgents(2);
    const own = new AbortController();
    const shared = new AbortController();
    const pending = runParallel(
      [
        { agent: agents[0]!, input: 'go', options: { signal: own.signal } },
        { agent: agents[1]!, input: 'go' },
      ],
      { signal: shared.signal },
    );
    await tick();
    own.abort();
    gates[1]!.resolve();
    const outcomes = await pending;

    expect(outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.run.stopReason)).toEqual(['aborted', 'completed']);
    expect(retainedBy(shared.signal)).toBe(0);
    expect(retainedBy(own.signal)).toBe(0);
  });

  it("passes each task's input and options to its agent", async () => {
    const model = new ScriptedModel([(request: ChatRequest) => ({ text: `saw ${contentText(request.messages.at(-1)?.content)}` })]);
    const agent = new Agent({ model, instructions: 'Be brief.' });
    const [outcome] = await runParallel([
      { agent, input: 'hello', options: { history: [{ role: 'user', content: 'earlier' }], state: { topic: 'tea' } } },
    ]);

    expect(outcome).toMatchObject({ status: 'fulfilled', run: { text: 'saw hello' } });
    expect(model.requests[0]!.messages.map((message) => message.content)).toEqual(['Be brief.', 'earlier', 'hello']);
  });

  it('resolves to an empty list for no tasks', async () => {
    await expect(runParallel([])).resolves.toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN, '2'])(
    'rejects maxConcurrency %p with an InvalidRunOptionsError before running anything',
    async (value) => {
      const model = new ScriptedModel([{ text: 'never' }]);
      const promise = runParallel([{ agent: new Agent({ model }), input: 'x' }], { maxConcurrency: value as number });

      await expect(promise).rejects.toThrow(InvalidRunOptionsError);
      await expect(promise).rejects.toThrow("Run option 'maxConcurrency' must be a positive integer (or Infinity)");
      expect(model.requests).toHaveLength(0);
    },
  );

  it('rejects tasks that are not an array of { agent, input } with an InvalidRunOptionsError naming the task', async () => {
    const agent = new Agent({ model: new ScriptedModel([]) });
    await expect(runParallel(undefined as unknown as ParallelTask[])).rejects.toThrow("Run option 'tasks' must be an array");
    await expect(runParallel([{ agent, input: 'x' }, { input: 'y' } as ParallelTask])).rejects.toThrow(
      "Run option 'tasks[1].agent' must be an agent",
    );
    await expect(runParallel([{ agent, input: 42 as unknown as string }])).rejects.toThrow("Run option 'tasks[0].input' must be a string");
  });
});
