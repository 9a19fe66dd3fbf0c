import 'reflect-metadata';
import type { UIMessage } from 'ai';
import { Agent, RunState } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { approvalsFromUIMessages, InvalidUIMessagesError, toUIMessageStream } from '../src/index.js';
import { AddTool, locateTool } from './support/tools.js';
import { readChunks, readMessage, toolPart } from './support/ui-chunks.js';

/** A paused run and the message the client shows for it, after a save and a load of its state. */
async function pausedRun(model: ScriptedModel, agent: Agent) {
  const stream = agent.stream('Add 1 and 2');
  const { message } = await readMessage(await readChunks(toUIMessageStream(stream)));
  const run = await stream.result;
  expect(run.stopReason).toBe('interrupted');
  const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
  const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Add 1 and 2' }] };
  return { state, messages: [user, message], message, model };
}

/** What `addToolApprovalResponse` does to a message: the part answered. */
function answer(message: UIMessage, callId: string, approved: boolean, changes: { reason?: string; input?: unknown } = {}): UIMessage {
  const copy = structuredClone(message);
  const part = toolPart(copy, callId);
  part.state = 'approval-responded';
  part.approval = { ...(part.approval as object), approved, ...(changes.reason === undefined ? {} : { reason: changes.reason }) };
  if (changes.input !== undefined) part.input = changes.input;
  return copy;
}

const approvalScript = () => new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] }, { text: 'Done.' }]);

describe('approvalsFromUIMessages', () => {
  it('applies an approval with edited arguments: the call runs with them, and the client’s message shows the result', async () => {
    const model = approvalScript();
    const agent = new Agent({ model, tools: [new AddTool({ needsApproval: true })] });
    const { state, messages, message } = await pausedRun(model, agent);
    const answered = answer(message, 'c1', true, { input: { a: 5, b: 2 } });
    expect(approvalsFromUIMessages(state, [messages[0]!, answered])).toEqual([
      { callId: 'c1', toolName: 'add', decision: 'approved', arguments: '{"a":5,"b":2}' },
    ]);
    const stream = agent.stream(state);
    const { message: continued } = await readMessage(await readChunks(toUIMessageStream(stream)), answered);
    expect((await stream.result).stopReason).toBe('completed');
    expect(toolPart(continued, 'c1')).toMatchObject({ state: 'output-available', input: { a: 5, b: 2 }, output: { sum: 7 } });
    expect(continued.parts.filter((part) => part.type === 'tool-add')).toHaveLength(1);
    expect(continued.parts.at(-1)).toMatchObject({ type: 'text', text: 'Done.' });
  });

  it('approves unchanged when the input is the call’s own', async () => {
    const model = approvalScript();
    const agent = new Agent({ model, tools: [new AddTool({ needsApproval: true })] });
    const { state, messages, message } = await pausedRun(model, agent);
    expect(approvalsFromUIMessages(state, [messages[0]!, answer(message, 'c1', true)])).toEqual([
      { callId: 'c1', toolName: 'add', decision: 'approved' },
    ]);
    const run = await agent.resume(state);
    expect(run.toolCalls[0]!.result.value).toEqual({ sum: 3 });
  });

  it('rejects with the reason, which the model is told', async () => {
    const model = approvalScript();
    const agent = new Agent({ model, tools: [new AddTool({ needsApproval: true })] });
    const { state, messages, message } = await pausedRun(model, agent);
    approvalsFromUIMessages(state, [messages[0]!, answer(message, 'c1', false, { reason: 'not today' })]);
    await agent.resume(state);
    expect(model.requests[1]!.messages.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'c1',
      content: expect.stringContaining('not today'),
    });
  });

  it('answers a declaration-only call with the output the client added', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'locate' }] }, { text: 'You are in Paris.' }]);
    const agent = new Agent({ model, tools: [locateTool] });
    const { state, messages, message } = await pausedRun(model, agent);
    expect(toolPart(message, 'c1')).toMatchObject({ state: 'input-available' });
    const answered = structuredClone(message);
    Object.assign(toolPart(answered, 'c1'), { state: 'output-available', output: { city: 'Paris' } });
    expect(approvalsFromUIMessages(state, [messages[0]!, answered])).toEqual([{ callId: 'c1', toolName: 'locate', decision: 'resolved' }]);
    await agent.resume(state);
    expect(model.requests[1]!.messages.at(-1)).toMatchObject({ role: 'tool', content: '{"city":"Paris"}' });
  });

  it('leaves alone the parts of calls the state does not wait on, so the whole conversation can be sent', async () => {
    const model = approvalScript();
    const agent = new Agent({ model, tools: [new AddTool({ needsApproval: true })] });
    const { state, messages, message } = await pausedRun(model, agent);
    const old = answer(message, 'c1', true);
    toolPart(old, 'c1').toolCallId = 'an-older-call';
    expect(approvalsFromUIMessages(state, [...messages, old])).toEqual([]);
    expect(state.interruptions.map((item) => item.callId)).toEqual(['c1']);
  });

  it('refuses malformed messages, a part naming another tool and edited arguments that are no object, applying nothing', async () => {
    const model = approvalScript();
    const agent = new Agent({ model, tools: [new AddTool({ needsApproval: true })] });
    const { state, messages, message } = await pausedRun(model, agent);
    const refused = (value: unknown) => {
      try {
        approvalsFromUIMessages(state, value as UIMessage[]);
      } catch (error) {
        expect(InvalidUIMessagesError.isInstance(error)).toBe(true);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ messages })).toContain('expected an array');
    expect(refused([{ id: 'x', role: 'user' }])).toContain('messages[0].parts');
    const renamed = answer(message, 'c1', true);
    toolPart(renamed, 'c1').type = 'tool-delete_everything';
    expect(refused([renamed])).toContain("a call of 'add', but the part names 'delete_everything'");
    expect(refused([answer(message, 'c1', true, { input: [1, 2] }), { id: 'y', role: 'user' }])).toContain('should be an object');
    const noFlag = answer(message, 'c1', true);
    toolPart(noFlag, 'c1').approval = { id: 'c1' };
    expect(refused([noFlag])).toContain('approved: boolean');
    // Nothing was applied: the call still waits.
    expect(state.interruptions.map((item) => item.callId)).toEqual(['c1']);
  });

  it('checks every answer before applying any: a result without its output is refused with its path, and the approval beside it is not applied', async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'add', arguments: { a: 1, b: 2 } },
          { id: 'c2', name: 'locate' },
        ],
      },
      { text: 'Done.' },
    ]);
    const add = new AddTool({ needsApproval: true });
    const runs = jest.spyOn(add, 'execute');
    const agent = new Agent({ model, tools: [add, locateTool] });
    const { state, messages, message } = await pausedRun(model, agent);
    const answered = answer(message, 'c1', true);
    Object.assign(toolPart(answered, 'c2'), { state: 'output-available', output: undefined });
    let thrown: unknown;
    try {
      approvalsFromUIMessages(state, [messages[0]!, answered]);
    } catch (error) {
      thrown = error;
    }
    expect(InvalidUIMessagesError.isInstance(thrown)).toBe(true);
    const index = answered.parts.findIndex((part) => 'toolCallId' in part && part.toolCallId === 'c2');
    expect((thrown as InvalidUIMessagesError).path).toBe(`messages[1].parts[${index}].output`);
    expect((thrown as Error).message).toContain("expected the call's result as a string or JSON data");
    // Nothing was applied: resumed as it is, the run still waits on both calls and the approved one never ran.
    const resumed = await agent.resume(state);
    expect(resumed.stopReason).toBe('interrupted');
    expect(resumed.interruptions.map((item) => item.callId).sort()).toEqual(['c1', 'c2']);
    expect(runs).not.toHaveBeenCalled();
  });
});
