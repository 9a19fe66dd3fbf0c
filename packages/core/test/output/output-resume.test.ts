import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, InMemoryCheckpointStore, InvalidRunStateError, RunState, type RunResult } from '../../src/index.js';
import { call, PathTool } from '../pausing/support.js';
import { Invoice } from './support.js';

const good = { total: 120, lines: [{ item: 'tea', cents: 120 }] };

describe('outputType across pauses, saved states and checkpoints', () => {
  it('resumes a paused run from its JSON and still ends with a typed output', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const first = new Agent({
      model: new ScriptedModel([{ toolCalls: [call('c1', 'delete_file', '/tmp/a')] }]),
      tools: [remove],
      outputType: Invoice,
    });
    const paused = await first.run('x');
    expect(paused.stopReason).toBe('interrupted');
    expect('output' in paused).toBe(false);

    const state = RunState.fromJSON(JSON.parse(JSON.stringify(paused.state)));
    state.approve('c1');
    const model = new ScriptedModel([{ output: good }]);
    const agent = new Agent({ model, tools: [remove], outputType: Invoice });
    const resumed: RunResult<Invoice> = await agent.resume(state);
    expect(resumed.stopReason).toBe('completed');
    expect(resumed.output).toBeInstanceOf(Invoice);
    expect(resumed.output?.lineCount()).toBe(1);
    expect(model.requests[0]!.responseFormat?.name).toBe('invoice');
    expect(remove.ran).toEqual(['/tmp/a']);
  });

  it('keeps the retries used in the run’s state: a resumed run gets no new ones', async () => {
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    // The first answer does not fit (the one retry is spent); the model then calls a tool that waits for approval.
    const model = new ScriptedModel([
      { text: 'no json' },
      { toolCalls: [call('c1', 'delete_file', '/tmp/a')] },
      { text: 'still no json' },
      { output: good },
    ]);
    const agent = new Agent({ model, tools: [remove], outputType: Invoice });
    const paused = await agent.run('x');
    expect(paused.stopReason).toBe('interrupted');

    const state = RunState.fromJSON(JSON.parse(JSON.stringify(paused.state)));
    state.approve('c1');
    const resumed = await agent.resume(state);
    expect(resumed.stopReason).toBe('invalid_output');
    expect(resumed.outputError?.attempts).toBe(2);
    expect(model.requests).toHaveLength(3);
  });

  it('returns the output again for a completed state resumed as it stands, and its error for an invalid one', async () => {
    const agent = new Agent({ model: new ScriptedModel([{ output: good }, { text: 'no' }]), outputType: Invoice, outputRetries: 0 });
    const done = await agent.run('x');
    const again = await agent.resume(RunState.fromJSON(JSON.parse(JSON.stringify(done.state))));
    expect(again.stopReason).toBe('completed');
    expect(again.output).toBeInstanceOf(Invoice);

    const refused = await agent.run('y');
    const stillRefused = await agent.resume(RunState.fromJSON(JSON.parse(JSON.stringify(refused.state))));
    expect(stillRefused.stopReason).toBe('invalid_output');
    expect(stillRefused.outputError?.violations[0]?.constraint).toBe('json');
  });

  it('recovers a checkpointed run with its retry count', async () => {
    const checkpoints = new InMemoryCheckpointStore();
    const remove = new PathTool('delete_file', 'destructive', { needsApproval: true });
    const model = new ScriptedModel([{ text: '{}' }, { toolCalls: [call('c1', 'delete_file', '/tmp/a')] }]);
    const agent = new Agent({ model, tools: [remove], outputType: Invoice });
    const paused = await agent.run('x', { checkpoints, runId: 'r1' });
    expect(paused.stopReason).toBe('interrupted');
    expect((await checkpoints.load('r1'))?.checkpoint).toMatchObject({ outputRetries: 1 });

    // Another process recovers the run: the retry was spent before the pause.
    const other = new ScriptedModel([{ text: '{}' }, { output: good }]);
    const recovering = new Agent({ model: other, tools: [remove], outputType: Invoice });
    const recovered = await recovering.recover('r1', { checkpoints });
    expect(recovered.stopReason).toBe('interrupted');
    recovered.state.approve('c1');
    const resumed = await recovering.resume(recovered.state, { checkpoints });
    expect(resumed.stopReason).toBe('invalid_output');
    expect(other.requests).toHaveLength(1);
  });

  it("reads a saved 'invalid_output' state, and refuses one whose outputRetries is not a count", () => {
    expect(() => RunState.fromJSON({ ...validState(), outputRetries: 1 })).not.toThrow();
    const saved = { ...validState(), outputRetries: -1 };
    expect(() => RunState.fromJSON(saved)).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(saved)).toThrow(/state\.outputRetries/);
  });
});

function validState(): Record<string, unknown> {
  return {
    type: 'toolcraft.run-state',
    version: 2,
    runId: 'r',
    agentName: 'agent',
    status: 'invalid_output',
    messages: [{ role: 'user', content: 'x' }],
    toolCalls: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    state: {},
    changed: [],
    iterations: 1,
    toolCallCount: 0,
    elapsedMs: 0,
    pending: [],
    done: [],
  };
}
