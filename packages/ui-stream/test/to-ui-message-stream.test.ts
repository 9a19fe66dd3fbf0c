import 'reflect-metadata';
import type { UIMessage } from 'ai';
import { Agent, ModelCallError, type ChatModel, type ChatResponse } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { maskedErrorText, toUIMessageStream } from '../src/index.js';
import { AddTool, BrokenTool, CredentialTool, HangingTool } from './support/tools.js';
import { readChunks, readErrors, readMessage, toolPart } from './support/ui-chunks.js';

describe('toUIMessageStream', () => {
  it('gives the AI SDK reader one assistant message: a step per turn with its text, the tool call with input and output', async () => {
    const model = new ScriptedModel([
      { text: 'Let me add.', toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] },
      { text: 'It is 3.' },
    ]);
    const agent = new Agent({ model, tools: [new AddTool()] });
    const chunks = await readChunks(toUIMessageStream(agent.stream('Add 1 and 2'), { messageId: 'm1' }));
    expect(chunks[0]).toEqual({ type: 'start', messageId: 'm1' });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    const { message, errors } = await readMessage(chunks);
    expect(errors).toEqual([]);
    expect(message.id).toBe('m1');
    expect(message.parts).toEqual([
      { type: 'step-start' },
      { type: 'text', text: 'Let me add.', state: 'done' },
      expect.objectContaining({ type: 'tool-add', toolCallId: 'c1', state: 'output-available', input: { a: 1, b: 2 }, output: { sum: 3 } }),
      { type: 'step-start' },
      { type: 'text', text: 'It is 3.', state: 'done' },
    ]);
  });

  it('streams the text as the model sends it, in deltas of one text part', async () => {
    const agent = new Agent({ model: new ScriptedModel([{ text: 'Hello there, friend.' }], { chunkSize: 5 }) });
    const chunks = await readChunks(toUIMessageStream(agent.stream('Hi')));
    const deltas = chunks.filter((chunk) => chunk.type === 'text-delta');
    expect(deltas.map((chunk) => chunk.delta)).toEqual(['Hello', ' ther', 'e, fr', 'iend.']);
    expect(new Set(deltas.map((chunk) => chunk.id)).size).toBe(1);
  });

  it('shows a failed call as output-error with the text the model was told', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'broken' }] }, { text: 'Sorry.' }]);
    const { message } = await readMessage(await readChunks(toUIMessageStream(new Agent({ model, tools: [new BrokenTool()] }).stream('x'))));
    expect(toolPart(message, 'c1')).toMatchObject({
      type: 'tool-broken',
      state: 'output-error',
      errorText: expect.stringContaining('the disk is full'),
    });
  });

  it('shows arguments that are not JSON as an input error', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'add', arguments: '{"a": 1,' }] }, { text: 'Oops.' }]);
    const { message } = await readMessage(await readChunks(toUIMessageStream(new Agent({ model, tools: [new AddTool()] }).stream('x'))));
    expect(toolPart(message, 'c1')).toMatchObject({ state: 'output-error', rawInput: '{"a": 1,' });
  });

  it('asks for approval of a call that waits for a person, and finishes with tool-calls', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 2 } }] }]);
    const chunks = await readChunks(toUIMessageStream(new Agent({ model, tools: [new AddTool({ needsApproval: true })] }).stream('x')));
    expect(chunks).toContainEqual({ type: 'tool-approval-request', approvalId: 'c1', toolCallId: 'c1' });
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'tool-calls' });
    const { message } = await readMessage(chunks);
    expect(toolPart(message, 'c1')).toMatchObject({ state: 'approval-requested', input: { a: 1, b: 2 }, approval: { id: 'c1' } });
  });

  it('sends a credential request as a data part, never a credential', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'read_mail' }] }]);
    const { message } = await readMessage(
      await readChunks(toUIMessageStream(new Agent({ model, tools: [new CredentialTool()] }).stream('x'))),
    );
    expect(message.parts).toContainEqual({
      type: 'data-credential-request',
      id: 'c1',
      data: { callId: 'c1', toolName: 'read_mail', request: { key: 'mail-token', description: 'Your mail token', scheme: 'apiKey' } },
    });
  });

  it('sends the reasoning of a model that gives it', async () => {
    const model: ChatModel = {
      complete: (): Promise<ChatResponse> =>
        Promise.resolve({
          message: {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'They want a greeting.' },
              { type: 'text', text: 'Hello!' },
            ],
          },
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
        }),
    };
    const chunks = await readChunks(toUIMessageStream(new Agent({ model }).stream('Hi')));
    const { message } = await readMessage(chunks);
    expect(message.parts).toContainEqual(expect.objectContaining({ type: 'reasoning', text: 'They want a greeting.', state: 'done' }));
    expect(message.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Hello!', state: 'done' }));
    const quiet = await readChunks(toUIMessageStream(new Agent({ model }).stream('Hi'), { sendReasoning: false }));
    expect(quiet.some((chunk) => chunk.type.startsWith('reasoning'))).toBe(false);
  });

  it('tells the client a masked error when the run fails, or what onError says', async () => {
    const failing = () =>
      new ScriptedModel([{ error: new ModelCallError('the key sk-123 is revoked', { provider: 'openai', retryable: false }) }]);
    const masked = await readChunks(toUIMessageStream(new Agent({ model: failing() }).stream('x')));
    expect(masked.at(-1)).toEqual({ type: 'error', errorText: maskedErrorText });
    const told = await readChunks(
      toUIMessageStream(new Agent({ model: failing() }).stream('x'), { onError: (error) => `failed: ${(error as Error).message}` }),
    );
    expect(told.at(-1)).toEqual({ type: 'error', errorText: expect.stringContaining('failed: ') });
    const errors = await readErrors(told);
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('failed: ')]);
  });

  it('puts metadata from the result on the finish chunk', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 2, b: 2 } }] }, { text: '4' }]);
    const chunks = await readChunks(
      toUIMessageStream(new Agent({ model, tools: [new AddTool()] }).stream('x'), {
        messageMetadata: (result) => ({ runId: result.runId, stopReason: result.stopReason }),
      }),
    );
    const finish = chunks.at(-1);
    expect(finish).toMatchObject({ type: 'finish', messageMetadata: { stopReason: 'completed', runId: expect.any(String) } });
  });

  it('cancels the run when the client goes away: the running tool sees its signal abort', async () => {
    const tool = new HangingTool();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'hang' }] }, { text: 'never' }]);
    const stream = new Agent({ model, tools: [tool] }).stream('x');
    const reader = toUIMessageStream(stream).getReader();
    const seen: string[] = [];
    for (;;) {
      const { value } = await reader.read();
      seen.push(value!.type);
      if (value!.type === 'data-tool-progress') break;
    }
    await tool.started;
    await reader.cancel();
    await tool.aborted;
    expect((await stream.result).stopReason).toBe('aborted');
    expect(seen).toContain('tool-input-available');
  });

  it('sends abort for a run aborted by its signal', async () => {
    const tool = new HangingTool();
    const controller = new AbortController();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'hang' }] }, { text: 'never' }]);
    const reading = readChunks(toUIMessageStream(new Agent({ model, tools: [tool] }).stream('x', { signal: controller.signal })));
    await tool.started;
    controller.abort();
    const chunks = await reading;
    expect(chunks.at(-1)).toEqual({ type: 'abort', reason: 'The run was aborted.' });
    expect(chunks.some((chunk) => chunk.type === 'finish')).toBe(false);
  });

  it('sends dynamic tool parts when asked', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 1, b: 1 } }] }, { text: '2' }]);
    const { message } = await readMessage(
      await readChunks(toUIMessageStream(new Agent({ model, tools: [new AddTool()] }).stream('x'), { dynamicTools: true })),
    );
    expect(toolPart(message, 'c1')).toMatchObject({ type: 'dynamic-tool', toolName: 'add', state: 'output-available' });
  });

  it('keeps an AgentTool agent’s own text and calls out of the message', async () => {
    const { AgentTool } = await import('@toolcraft/core');
    const inner = new Agent({ name: 'math', description: 'Does sums.', model: new ScriptedModel([{ text: 'inner answer' }]) });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'math', arguments: { request: 'sum' } }] }, { text: 'outer answer' }]);
    const { message } = await readMessage(
      await readChunks(toUIMessageStream(new Agent({ model, tools: [AgentTool.of(inner)] }).stream('x'))),
    );
    const texts = message.parts.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text);
    expect(texts).toEqual(['outer answer']);
    expect(toolPart(message, 'c1')).toMatchObject({ state: 'output-available' });
  });
});

export type { UIMessage };
