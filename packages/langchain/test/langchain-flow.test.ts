import 'reflect-metadata';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { progressEventName, toLangChainTools, type ToolcraftLangChainTool } from '@toolcraft/langchain';
import { CounterTool, LookupTool, WeatherTool } from './support/tools';

/** LangChain's tool-calling loop: the model bound to the tools, each tool call invoked, until the model answers. */
async function runLoop(
  tools: readonly ToolcraftLangChainTool[],
  model: ReturnType<typeof fakeModel>,
  question: string,
): Promise<BaseMessage[]> {
  const bound = model.bindTools([...tools]);
  const messages: BaseMessage[] = [new HumanMessage(question)];
  for (;;) {
    const reply = await bound.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) return messages;
    for (const call of reply.tool_calls) {
      const tool = tools.find((candidate) => candidate.name === call.name)!;
      messages.push(await tool.invoke({ ...call, type: 'tool_call' }));
    }
  }
}

describe('toLangChainTools in a LangChain tool-calling loop', () => {
  it("binds the tools to a chat model, runs the model's calls and gives it back ToolMessages, errors included", async () => {
    const tools = toLangChainTools([new WeatherTool(), new LookupTool()]);
    const model = fakeModel()
      .respondWithTools([
        { name: 'weather', args: { city: 'Paris' }, id: 'c1' },
        { name: 'lookup', args: { city: 'Atlantis' }, id: 'c2' },
        { name: 'weather', args: { city: 'P' }, id: 'c3' },
      ])
      .respond(new AIMessage('It is 21 degrees in Paris; Atlantis is unknown.'));
    const messages = await runLoop(tools, model, 'Weather in Paris and Atlantis?');

    const answers = messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    expect(answers.map((message) => [message.tool_call_id, message.status])).toEqual([
      ['c1', 'success'],
      ['c2', 'error'],
      ['c3', 'error'],
    ]);
    expect(answers[0]!.content).toBe('Paris: 21 degrees celsius');
    expect(answers[1]!.content).toContain('no city called Atlantis');
    expect(answers[2]!.content).toContain("- 'city': must be at least 2 characters long");
    expect(messages.at(-1)!.content).toBe('It is 21 degrees in Paris; Atlantis is unknown.');
    // The model's second call saw the three answers after its own tool calls.
    expect(model.calls[1]!.messages.slice(2).map((message) => message.type)).toEqual(['tool', 'tool', 'tool']);
  });

  it("streams a tool run's progress as LangChain custom events (streamEvents)", async () => {
    const [counter] = toLangChainTools([new CounterTool()]);
    const events: Array<{ event: string; name: string; data: unknown }> = [];
    for await (const event of counter!.streamEvents({ type: 'tool_call', id: 's1', name: 'counter', args: {} }, { version: 'v2' }))
      events.push({ event: event.event, name: event.name, data: event.data });
    expect(events.map((event) => event.event)).toEqual(['on_tool_start', 'on_custom_event', 'on_tool_end']);
    expect(events[1]).toMatchObject({ name: progressEventName, data: { callId: 's1', toolName: 'counter', done: 1, total: 10 } });
    expect(events[0]!.name).toBe('counter');
  });
});
