import 'reflect-metadata';
import type { ResumeEntry } from '@ag-ui/core';
import { Agent, type AgentOptions, type RunState } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { applyAGUIResume, InvalidUIMessagesError } from '../src/index.js';
import { AddTool, CredentialTool, locateTool } from './support/tools.js';

async function paused(tools: AgentOptions['tools'], calls: { id: string; name: string; arguments?: Record<string, unknown> }[]) {
  const model = new ScriptedModel([{ toolCalls: calls }, { text: 'Done.' }]);
  const agent = new Agent({ model, tools });
  const run = await agent.run('x');
  expect(run.stopReason).toBe('interrupted');
  return { agent, model, state: run.state };
}

function refused(state: RunState, resume: unknown): string {
  try {
    applyAGUIResume(state, resume as ResumeEntry[]);
  } catch (error) {
    expect(InvalidUIMessagesError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('applyAGUIResume', () => {
  it('rejects a cancelled approval, with the reason the payload gives when resolved with approved: false', async () => {
    const { agent, model, state } = await paused(
      [new AddTool({ needsApproval: true })],
      [
        { id: 'c1', name: 'add', arguments: { a: 1, b: 2 } },
        { id: 'c2', name: 'add', arguments: { a: 3, b: 4 } },
      ],
    );
    expect(
      applyAGUIResume(state, [
        { interruptId: 'c1', status: 'cancelled' },
        { interruptId: 'c2', status: 'resolved', payload: { approved: false, reason: 'too big' } },
      ]),
    ).toEqual([
      { callId: 'c1', toolName: 'add', decision: 'rejected' },
      { callId: 'c2', toolName: 'add', decision: 'rejected', reason: 'too big' },
    ]);
    await agent.resume(state);
    expect(model.requests[1]!.messages.filter((message) => message.role === 'tool').map((message) => message.content)).toEqual([
      expect.stringContaining('rejected'),
      expect.stringContaining('too big'),
    ]);
  });

  it('provides a credential the payload carries, which the tool then reads', async () => {
    const { agent, state } = await paused([new CredentialTool()], [{ id: 'c1', name: 'read_mail' }]);
    expect(applyAGUIResume(state, [{ interruptId: 'c1', status: 'resolved', payload: 'secret-token' }])).toEqual([
      { callId: 'c1', toolName: 'read_mail', decision: 'provided' },
    ]);
    const run = await agent.resume(state);
    expect(run.toolCalls[0]!.result.content).toBe('3 new messages (token 12 characters)');
    expect(JSON.stringify(run.state)).not.toContain('secret-token');
  });

  it('refuses entries for no waiting call, bad statuses and payloads, applying nothing', async () => {
    const { state } = await paused([new AddTool({ needsApproval: true })], [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }]);
    expect(refused(state, 'c1')).toContain('expected an array');
    expect(refused(state, [{ interruptId: 'nope', status: 'resolved' }])).toContain('it waits on c1');
    expect(refused(state, [{ interruptId: 'c1', status: 'maybe' }])).toContain("'resolved' or 'cancelled'");
    expect(refused(state, [{ interruptId: 'c1', status: 'resolved', payload: { yes: true } }])).toContain('approved: boolean');
    expect(refused(state, [{ interruptId: 'c1', status: 'resolved', payload: { approved: true, arguments: 'a=5' } }])).toContain(
      'should be an object',
    );
    expect(refused(state, [null])).toContain('resume[0]');
    expect(state.interruptions.map((item) => item.callId)).toEqual(['c1']);
  });

  it('checks every entry before applying any: a resolved result without a payload is refused with its path, and the approval before it is not applied', async () => {
    const add = new AddTool({ needsApproval: true });
    const runs = jest.spyOn(add, 'execute');
    const { agent, state } = await paused(
      [add, locateTool],
      [
        { id: 'c1', name: 'add', arguments: { a: 1, b: 2 } },
        { id: 'c2', name: 'locate' },
      ],
    );
    let thrown: unknown;
    try {
      applyAGUIResume(state, [
        { interruptId: 'c1', status: 'resolved', payload: { approved: true } },
        { interruptId: 'c2', status: 'resolved' },
      ]);
    } catch (error) {
      thrown = error;
    }
    expect(InvalidUIMessagesError.isInstance(thrown)).toBe(true);
    expect((thrown as InvalidUIMessagesError).path).toBe('resume[1].payload');
    const resumed = await agent.resume(state);
    expect(resumed.stopReason).toBe('interrupted');
    expect(resumed.interruptions.map((item) => item.callId).sort()).toEqual(['c1', 'c2']);
    expect(runs).not.toHaveBeenCalled();
  });
});
