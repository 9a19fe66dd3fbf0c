import { ScriptedModel } from '@toolcraft/testing';
import {
  Agent,
  type AgentContext,
  ContextAwareTool,
  InMemoryMemoryService,
  InMemorySessionStore,
  MissingMemoryServiceError,
  ToolRegistry,
} from '@toolcraft/core';

/** Searches the user's memory (ADK's load_memory tool). */
class RecallTool extends ContextAwareTool<{ query: string }, string> {
  constructor() {
    super({
      name: 'recall',
      description: 'Searches what the user said before.',
      argsType: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    });
  }
  async execute(args: { query: string }, context: AgentContext): Promise<string> {
    const { memories } = await context.searchMemory(args.query);
    return memories.map((memory) => `${memory.sessionId}/${memory.role}: ${memory.text}`).join('\n') || 'nothing';
  }
}

describe('memory search', () => {
  it('finds what the user said in an earlier session from a tool, by keyword, for that user only', async () => {
    const sessions = new InMemorySessionStore();
    const memoryService = new InMemoryMemoryService();
    const monday = sessions.open({ appName: 'chat', userId: 'ada', sessionId: 'monday' });
    await monday.append({
      messages: [
        { role: 'user', content: 'My favourite colour is teal.' },
        { role: 'assistant', content: 'Noted: teal.' },
        { role: 'user', content: 'I live in Lisbon.' },
      ],
      stateDelta: {},
    });
    await memoryService.add(monday);
    await memoryService.add({
      appName: 'chat',
      userId: 'bob',
      sessionId: 'x',
      messages: [{ role: 'user', content: 'My colour is red.' }],
      state: {},
      version: 1,
    });

    const model = new ScriptedModel([{ toolCalls: [{ name: 'recall', arguments: { query: 'favourite COLOUR?' } }] }, { text: 'Teal.' }]);
    const agent = new Agent({ model, registry: ToolRegistry.of(new RecallTool()), memoryService });
    const run = await agent.run('What is my favourite colour?', {
      session: sessions.open({ appName: 'chat', userId: 'ada', sessionId: 'tuesday' }),
    });
    expect(run.toolCalls[0]!.result.content).toBe('monday/user: My favourite colour is teal.');

    await expect(memoryService.search({ appName: 'chat', userId: 'ada', query: 'lisbon teal' })).resolves.toEqual({
      memories: [
        { text: 'I live in Lisbon.', role: 'user', sessionId: 'monday', score: 1 },
        { text: 'Noted: teal.', role: 'assistant', sessionId: 'monday', score: 1 },
        { text: 'My favourite colour is teal.', role: 'user', sessionId: 'monday', score: 1 },
      ],
    });
    await expect(memoryService.search({ appName: 'chat', userId: 'ada', query: 'paris' })).resolves.toEqual({ memories: [] });
  });

  it('replaces what a session added when it is added again', async () => {
    const memoryService = new InMemoryMemoryService();
    const data = {
      appName: 'a',
      userId: 'u',
      sessionId: 's',
      state: {},
      version: 1,
      messages: [{ role: 'user' as const, content: 'tea' }],
    };
    await memoryService.add(data);
    await memoryService.add({ ...data, messages: [...data.messages, { role: 'assistant', content: 'more tea' }] });
    const found = await memoryService.search({ appName: 'a', userId: 'u', query: 'tea' });
    expect(found.memories.map((memory) => memory.text)).toEqual(['more tea', 'tea']);
  });

  it('gives at most maxResults memories, best match first (the latest among equals), from what the user and the assistant said only', async () => {
    const memoryService = new InMemoryMemoryService({ maxResults: 2 });
    await memoryService.add({
      appName: 'a',
      userId: 'u',
      sessionId: 's',
      state: {},
      version: 1,
      messages: [
        { role: 'system', content: 'green tea only' },
        { role: 'user', content: 'green tea please' },
        { role: 'assistant', content: 'tea', toolCalls: [{ id: 'c', name: 'brew', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'c', name: 'brew', content: 'green tea brewed' },
        { role: 'assistant', content: 'Your green tea.' },
      ],
    });
    await expect(memoryService.search({ appName: 'a', userId: 'u', query: 'green tea' })).resolves.toEqual({
      memories: [
        { text: 'Your green tea.', role: 'assistant', sessionId: 's', score: 2 },
        { text: 'green tea please', role: 'user', sessionId: 's', score: 2 },
      ],
    });
  });

  it('tells a tool clearly when the agent has no memory service', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ name: 'recall', arguments: { query: 'x' } }] }, { text: 'ok' }]);
    const run = await new Agent({ model, registry: ToolRegistry.of(new RecallTool()) }).run('?');
    expect(run.toolCalls[0]!.result).toMatchObject({ isError: true });
    expect(run.toolCalls[0]!.result.error).toBeInstanceOf(MissingMemoryServiceError);
    expect(run.toolCalls[0]!.result.content).toContain("agent 'agent' has none: pass memoryService");
  });
});
