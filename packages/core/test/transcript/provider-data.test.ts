import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Agent,
  FileSessionStore,
  InMemoryCheckpointStore,
  InvalidRunStateError,
  RunState,
  SummarizingMemory,
  type AssistantMessage,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
} from '../../src/index.js';
import { PathTool } from '../pausing/support.js';

/** What a provider like Anthropic or Gemini answers: reasoning with its signature, and a call with its own data. */
const thinkingCall: AssistantMessage = {
  role: 'assistant',
  content: [{ type: 'reasoning', text: 'The user wants /a read.', providerMetadata: { anthropic: { signature: 'sig-1' } } }],
  toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"/a"}', providerMetadata: { google: { thoughtSignature: 'ts-1' } } }],
  providerMetadata: { openai: { itemId: 'rs_1', encryptedContent: 'enc' } },
};

/** A model answering from a list, recording each request as JSON would carry it. */
class ListModel implements ChatModel {
  readonly requests: Array<{ messages: ChatMessage[] }> = [];
  constructor(private readonly answers: ChatResponse[]) {}
  complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(JSON.parse(JSON.stringify({ messages: request.messages })) as { messages: ChatMessage[] });
    const answer = this.answers.shift();
    return answer === undefined ? Promise.reject(new Error('no more answers')) : Promise.resolve(answer);
  }
}

const answers = (): ChatResponse[] => [
  { message: thinkingCall, usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15, cachedInputTokens: 8, reasoningTokens: 3 } },
  { message: { role: 'assistant', content: 'done' }, usage: { inputTokens: 20, outputTokens: 1, totalTokens: 21, cachedInputTokens: 10 } },
];

const sentBack = (model: ListModel) => model.requests[1]!.messages.find((message) => message.role === 'assistant');

describe('provider data in the transcript', () => {
  it('goes back to the model on the next turn untouched: reasoning parts, call and message metadata', async () => {
    const model = new ListModel(answers());
    const run = await new Agent({ model, tools: [new PathTool('read_file', 'read')] }).run('Read /a');
    expect(sentBack(model)).toEqual(thinkingCall);
    expect(run.text).toBe('done');
    expect(run.usage).toEqual({ inputTokens: 30, outputTokens: 6, totalTokens: 36, cachedInputTokens: 18, reasoningTokens: 3 });
  });

  it('survives a RunState saved as JSON and resumed', async () => {
    const model = new ListModel(answers());
    const agent = new Agent({ model, tools: [new PathTool('read_file', 'read', { needsApproval: true })] });
    const paused = await agent.run('Read /a');
    expect(paused.stopReason).toBe('interrupted');
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(paused.state)));
    state.approve('c1');
    const resumed = await agent.resume(state);
    expect(resumed.stopReason).toBe('completed');
    expect(sentBack(model)).toEqual(thinkingCall);
  });

  it('survives a checkpoint recovered by another agent object from its store', async () => {
    const checkpoints = new InMemoryCheckpointStore();
    const first = new ListModel(answers().slice(0, 1));
    const agent = new Agent({ model: first, tools: [new PathTool('read_file', 'read', { needsApproval: true })] });
    const paused = await agent.run('Read /a', { checkpoints, runId: 'r1' });
    expect(paused.stopReason).toBe('interrupted');
    const second = new ListModel([answers()[1]!]);
    const again = new Agent({ model: second, tools: [new PathTool('read_file', 'read', { needsApproval: true })] });
    const recovered = await again.recover('r1', { checkpoints });
    expect(recovered.stopReason).toBe('interrupted');
    recovered.state.approve('c1');
    await again.resume(recovered.state, { checkpoints });
    expect(second.requests[0]!.messages.find((message) => message.role === 'assistant')).toEqual(thinkingCall);
  });

  it('survives a file session: the next run of the session sends it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolcraft-parts-'));
    try {
      const store = new FileSessionStore(dir);
      const key = { appName: 'app', userId: 'u', sessionId: 's' };
      await new Agent({ model: new ListModel(answers()), tools: [new PathTool('read_file', 'read')] }).run('Read /a', {
        session: store.open(key),
      });
      const next = new ListModel([{ message: { role: 'assistant', content: 'again' } }]);
      await new Agent({ model: next, tools: [new PathTool('read_file', 'read')] }).run('And again', {
        session: new FileSessionStore(dir).open(key),
      });
      expect(next.requests[0]!.messages.find((message) => message.role === 'assistant')).toEqual(thinkingCall);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a summarizing memory never sends a tool result without the reasoning and call it answers', async () => {
    const summarizer = new ListModel([{ message: { role: 'assistant', content: 'summary' } }]);
    const memory = new SummarizingMemory({ model: summarizer, threshold: 3, keepRecent: 2 });
    const transcript: ChatMessage[] = [
      { role: 'user', content: 'Read /a' },
      thinkingCall,
      { role: 'tool', toolCallId: 'c1', name: 'read_file', content: 'read_file /a' },
      { role: 'assistant', content: 'done' },
    ];
    const window = await memory.select(transcript, { signal: new AbortController().signal, remainingMs: Infinity } as never);
    const kept = window.messages.filter((message) => message.role !== 'system');
    expect(kept[0]!.role).not.toBe('tool');
    for (const [index, message] of kept.entries()) if (message.role === 'tool') expect(kept.slice(0, index)).toContainEqual(thinkingCall);
  });

  it("reads a model's parts trusting nothing: junk left out, reasoning without text kept with its data", async () => {
    const junk = {
      role: 'assistant',
      content: [{ type: 'reasoning', text: 5, providerMetadata: { test: { id: 'r' } } }, 'hi', { type: 'unknown' }, 7],
      providerMetadata: 'not an object',
    } as unknown as AssistantMessage;
    const run = await new Agent({ model: new ListModel([{ message: junk }]) }).run('x');
    expect(run.messages.at(-1)).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: '', providerMetadata: { test: { id: 'r' } } },
        { type: 'text', text: 'hi' },
      ],
    });
    expect(run.text).toBe('hi');
  });

  it('a saved state with a malformed part is refused, naming where', async () => {
    const model = new ListModel(answers());
    const paused = await new Agent({ model, tools: [new PathTool('read_file', 'read', { needsApproval: true })] }).run('Read /a');
    const json = JSON.parse(JSON.stringify(paused.state)) as { record?: { messages: unknown[] }; messages?: unknown[] };
    const text = JSON.stringify(json).replace('"type":"reasoning"', '"type":"thinking"');
    expect(() => RunState.fromJSON(JSON.parse(text))).toThrow(InvalidRunStateError);
    expect(() => RunState.fromJSON(JSON.parse(text))).toThrow(/state\.messages\[1\]\.content\[0\] should be a content part/);
  });
});
