import 'reflect-metadata';
import { DefaultChatTransport, readUIMessageStream, UI_MESSAGE_STREAM_HEADERS, type UIMessage } from 'ai';
import { Agent } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { toUIMessageStream, toUIMessageStreamResponse, uiMessageStreamHeaders } from '../src/index.js';
import { AddTool, HangingTool } from './support/tools.js';

/** Sends messages the way `useChat` does (the AI SDK's `DefaultChatTransport`), to a fetch handler. */
async function sendLikeUseChat(handler: (request: Request) => Promise<Response>, signal?: AbortSignal): Promise<UIMessage | undefined> {
  const transport = new DefaultChatTransport<UIMessage>({
    api: 'http://localhost/api/chat',
    fetch: (input, init) => handler(new Request(input as string, init)),
  });
  const stream = await transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'chat-1',
    messageId: undefined,
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Add 2 and 3' }] }],
    abortSignal: signal,
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream<UIMessage>({ stream, terminateOnError: true })) last = message;
  return last;
}

describe('toUIMessageStreamResponse', () => {
  it('answers useChat’s transport: the AI SDK’s headers and server-sent events it reads into the message', async () => {
    let bodySeen: unknown;
    const message = await sendLikeUseChat(async (request) => {
      bodySeen = await request.json();
      const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'add', arguments: { a: 2, b: 3 } }] }, { text: 'Five.' }]);
      return toUIMessageStreamResponse(new Agent({ model, tools: [new AddTool()] }).stream('Add 2 and 3', { signal: request.signal }));
    });
    expect(bodySeen).toMatchObject({ id: 'chat-1', trigger: 'submit-message' });
    expect(message?.parts.at(-1)).toMatchObject({ type: 'text', text: 'Five.' });
    expect(message?.parts).toContainEqual(expect.objectContaining({ type: 'tool-add', state: 'output-available', output: { sum: 5 } }));
  });

  it('has the headers of the AI SDK, the status and extra headers given, and ends with [DONE]', async () => {
    expect(uiMessageStreamHeaders).toEqual(UI_MESSAGE_STREAM_HEADERS);
    const model = new ScriptedModel([{ text: 'Hi.' }]);
    const response = toUIMessageStreamResponse(new Agent({ model }).stream('x'), { status: 201, headers: { 'x-run': 'yes' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    expect(response.headers.get('x-run')).toBe('yes');
    const text = await response.text();
    expect(text.startsWith('data: {"type":"start"}\n\n')).toBe(true);
    expect(text.endsWith('data: {"type":"finish","finishReason":"stop"}\n\ndata: [DONE]\n\n')).toBe(true);
  });

  it('takes a stream from toUIMessageStream as well', async () => {
    const response = toUIMessageStreamResponse(
      toUIMessageStream(new Agent({ model: new ScriptedModel([{ text: 'Hi.' }]) }).stream('x'), { messageId: 'm9' }),
    );
    expect(await response.text()).toContain('"messageId":"m9"');
  });

  it('cancels the run when the client aborts its request (the handler passes request.signal)', async () => {
    const tool = new HangingTool();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'hang' }] }, { text: 'never' }]);
    const controller = new AbortController();
    const agent = new Agent({ model, tools: [tool] });
    let stream: ReturnType<Agent['stream']> | undefined;
    const handler = (request: Request) =>
      Promise.resolve(toUIMessageStreamResponse((stream = agent.stream('x', { signal: request.signal }))));
    const sending = sendLikeUseChat(handler, controller.signal).catch((error: unknown) => error);
    await tool.started;
    controller.abort();
    await sending;
    await tool.aborted;
    expect((await stream!.result).stopReason).toBe('aborted');
  });
});
