import 'reflect-metadata';
import { buildResumeArray, getRunOutcome } from '@ag-ui/client';
import { EventType, type AGUIEvent, type RunAgentInput, type RunFinishedEvent } from '@ag-ui/core';
import { Agent, AgentTool, ModelCallError, RunState, type ChatModel, type ChatResponse } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { applyAGUIResume, maskedErrorText, toAGUIEvents, toAGUIResponse } from '../src/index.js';
import { collect, httpAgent } from './support/ag-ui-client.js';
import { ThemeTool } from './support/state-tool.js';
import { AddTool, HangingTool } from './support/tools.js';

const typesOf = (events: readonly AGUIEvent[]) => events.map((event) => event.type);
const userText = (input: RunAgentInput) => {
  const last = input.messages.at(-1);
  return last?.role === 'user' && typeof last.content === 'string' ? last.content : '';
};

describe('toAGUIEvents', () => {
  it('gives the official HttpAgent a run it applies: the assistant’s tool call, the tool’s result and the answer', async () => {
    const model = new ScriptedModel([
      { text: 'Adding.', toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] },
      { text: 'It is 3.' },
    ]);
    const agent = new Agent({ model, tools: [new AddTool()] });
    const client = httpAgent((input, request) =>
      Promise.resolve(toAGUIResponse(agent.stream(userText(input), { signal: request.signal }), { threadId: input.threadId })),
    );
    client.agent.addMessage({ id: 'u1', role: 'user', content: 'Add 1 and 2' });
    const run = await client.agent.runAgent();
    expect(run.result).toBe('It is 3.');
    expect(client.agent.messages).toEqual([
      { id: 'u1', role: 'user', content: 'Add 1 and 2' },
      expect.objectContaining({
        role: 'assistant',
        content: 'Adding.',
        toolCalls: [{ id: 'c1', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } }],
      }),
      expect.objectContaining({ role: 'tool', toolCallId: 'c1', content: '{"sum":3}' }),
      expect.objectContaining({ role: 'assistant', content: 'It is 3.' }),
    ]);
    expect(typesOf(client.events)[0]).toBe(EventType.RUN_STARTED);
    expect(client.events[0]).toMatchObject({ threadId: 'thread-1' });
  });

  it('sends only events the AG-UI schema accepts, in order, with usage on RUN_FINISHED', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] },
      { text: 'Three.', usage: { inputTokens: 5, outputTokens: 2, totalTokens: 7 } },
    ]);
    const events = await collect(toAGUIEvents(new Agent({ model, tools: [new AddTool()] }).stream('x'), { now: () => 1_700_000_000_000 }));
    expect(typesOf(events)).toEqual([
      'RUN_STARTED',
      'TOOL_CALL_START',
      'TOOL_CALL_ARGS',
      'TOOL_CALL_END',
      'TOOL_CALL_RESULT',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'RUN_FINISHED',
    ]);
    expect(events.every((event) => event.timestamp === 1_700_000_000_000)).toBe(true);
    expect(events.at(-1)).toMatchObject({ outcome: { type: 'success' }, usage: [{ inputTokens: 5, outputTokens: 2, totalTokens: 7 }] });
  });

  it('ends a paused run with an interrupt per waiting call, and the client’s resume entries continue it with edited arguments', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] }, { text: 'Done.' }]);
    const agent = new Agent({ model, tools: [new AddTool({ needsApproval: true })] });
    const saved = new Map<string, string>();
    let saving: Promise<unknown> = Promise.resolve();
    const client = httpAgent(async (input) => {
      let stream;
      if (input.resume !== undefined && input.resume.length > 0) {
        const state = RunState.fromJSON(JSON.parse(saved.get(input.threadId)!));
        applyAGUIResume(state, input.resume);
        stream = agent.stream(state);
      } else stream = agent.stream(userText(input));
      saving = stream.result.then((result) => saved.set(input.threadId, JSON.stringify(result.state)));
      return toAGUIResponse(stream, { threadId: input.threadId });
    });
    client.agent.addMessage({ id: 'u1', role: 'user', content: 'Add 1 and 2' });
    await client.agent.runAgent();
    const finished = client.events.at(-1) as RunFinishedEvent;
    const outcome = getRunOutcome(finished);
    expect(outcome).toEqual({
      type: 'interrupt',
      interrupts: [
        expect.objectContaining({
          id: 'c1',
          reason: 'tool_approval',
          toolCallId: 'c1',
          metadata: expect.objectContaining({ toolName: 'add', arguments: '{"a":1,"b":2}' }),
          responseSchema: expect.objectContaining({ required: ['approved'] }),
        }),
      ],
    });
    if (outcome?.type !== 'interrupt') throw new Error('expected an interrupt');
    await saving;
    const resume = buildResumeArray(outcome.interrupts, {
      c1: { status: 'resolved', payload: { approved: true, arguments: { a: 5, b: 2 } } },
    });
    const resumed = await client.agent.runAgent({ resume });
    expect(resumed.result).toBe('Done.');
    expect(client.agent.messages).toContainEqual(expect.objectContaining({ role: 'tool', toolCallId: 'c1', content: '{"sum":7}' }));
  });

  it('shows an AgentTool’s run as a subagent whose events carry its id', async () => {
    const inner = new Agent({ name: 'math', description: 'Does sums.', model: new ScriptedModel([{ text: 'four' }]) });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'math', arguments: { request: '2+2' } }] }, { text: 'It is four.' }]);
    const events = await collect(toAGUIEvents(new Agent({ model, tools: [AgentTool.of(inner)] }).stream('x')));
    const started = events.find((event) => event.type === EventType.SUBAGENT_STARTED);
    expect(started).toMatchObject({ name: 'math', parentToolCallId: 'c1', subagentRunId: expect.any(String) });
    const subagentRunId = (started as { subagentRunId: string }).subagentRunId;
    const inside = events.filter((event) => 'subagentRunId' in event && event.subagentRunId === subagentRunId);
    expect(typesOf(inside)).toEqual([
      'SUBAGENT_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'SUBAGENT_FINISHED',
    ]);
    expect(inside.at(-1)).toMatchObject({ result: 'four', outcome: { type: 'success' } });
  });

  it('sends the state’s changes as a JSON Patch the client applies', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'set_theme', arguments: { theme: 'dark' } }] },
      { text: 'Dark it is.' },
    ]);
    const agent = new Agent({ model, tools: [new ThemeTool()] });
    const client = httpAgent((input) =>
      Promise.resolve(toAGUIResponse(agent.stream(userText(input), { state: { old: 1, kept: true } }), { threadId: input.threadId })),
    );
    client.agent.setState({ old: 1, kept: true });
    client.agent.addMessage({ id: 'u1', role: 'user', content: 'Dark mode please' });
    await client.agent.runAgent();
    expect(client.events.find((event) => event.type === EventType.STATE_DELTA)).toMatchObject({
      delta: [
        { op: 'add', path: '/theme~1current', value: 'dark' },
        { op: 'remove', path: '/old' },
      ],
    });
    expect(client.agent.state).toEqual({ 'theme/current': 'dark', kept: true });
  });

  it('sends the reasoning of a model that gives it', async () => {
    const model: ChatModel = {
      complete: (): Promise<ChatResponse> =>
        Promise.resolve({
          message: {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'A greeting.' },
              { type: 'text', text: 'Hello!' },
            ],
          },
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        }),
    };
    const events = await collect(toAGUIEvents(new Agent({ model }).stream('Hi')));
    expect(events).toContainEqual(expect.objectContaining({ type: 'REASONING_MESSAGE_CONTENT', delta: 'A greeting.' }));
    expect(typesOf(events).filter((type) => type.startsWith('REASONING'))).toEqual([
      'REASONING_START',
      'REASONING_MESSAGE_START',
      'REASONING_MESSAGE_CONTENT',
      'REASONING_MESSAGE_END',
      'REASONING_END',
    ]);
  });

  it('ends a failed run with RUN_ERROR, masked unless onError says', async () => {
    const failing = () =>
      new Agent({
        model: new ScriptedModel([{ error: new ModelCallError('key sk-1 revoked', { provider: 'openai', retryable: false }) }]),
      });
    const masked = await collect(toAGUIEvents(failing().stream('x')));
    expect(typesOf(masked)).toEqual(['RUN_STARTED', 'RUN_ERROR']);
    expect(masked.at(-1)).toMatchObject({ message: maskedErrorText });
    const told = await collect(toAGUIEvents(failing().stream('x'), { onError: () => 'the model refused the key' }));
    expect(told.at(-1)).toMatchObject({ type: 'RUN_ERROR', message: 'the model refused the key' });
  });

  it('ends an aborted run with a cancelled outcome', async () => {
    const tool = new HangingTool();
    const controller = new AbortController();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'hang' }] }, { text: 'never' }]);
    const reading = collect(toAGUIEvents(new Agent({ model, tools: [tool] }).stream('x', { signal: controller.signal })));
    await tool.started;
    controller.abort();
    const events = await reading;
    expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'cancelled' } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'CUSTOM', name: 'toolcraft.tool_progress' }));
  });

  it('cancels the run when the reader leaves the loop early', async () => {
    const tool = new HangingTool();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'hang' }] }, { text: 'never' }]);
    const stream = new Agent({ model, tools: [tool] }).stream('x');
    for await (const event of toAGUIEvents(stream)) if (event.type === EventType.TOOL_CALL_END) break;
    await tool.aborted;
    expect((await stream.result).stopReason).toBe('aborted');
  });
});
