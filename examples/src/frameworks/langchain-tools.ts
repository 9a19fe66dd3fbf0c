import 'reflect-metadata';
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { z } from 'zod';
import { Agent, type ChatModel, type RunResult } from '@toolcraft/core';
import { fromLangChainTools, toLangChainTools } from '@toolcraft/langchain';
import { ScriptedModel } from '@toolcraft/testing';
import { CalculatorTool } from '../tools/calculator-tool.js';

/**
 * toolcraft's calculator (an Args class with class-validator rules) inside LangChain's tool-calling
 * loop. `fakeModel()` from `@langchain/core/testing` plays the chat model so that it runs offline;
 * a real app binds the same tools to `new ChatOpenAI(...)` or any other LangChain chat model.
 * The second call breaks the calculator's rules: the model gets toolcraft's error text as a
 * `ToolMessage` with `status: 'error'`, and corrects itself.
 * @returns the conversation
 */
export async function toolcraftToolsInLangChain(): Promise<BaseMessage[]> {
  const tools = toLangChainTools([new CalculatorTool()], { toolTimeoutMs: 5_000 });
  const model = fakeModel()
    .respondWithTools([{ name: 'calculator', args: { digit1: 3, digit2: 12 }, id: 'call_1' }])
    .respondWithTools([{ name: 'calculator', args: { digit1: 3, digit2: 4 }, id: 'call_2' }])
    .respond(new AIMessage('3 + 4 = 7'));
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage('What is 3 + 4?')];
  for (;;) {
    const reply = await bound.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) return messages;
    for (const call of reply.tool_calls) {
      const match = tools.find((candidate) => candidate.name === call.name)!;
      messages.push(await match.invoke({ ...call, type: 'tool_call' }));
    }
  }
}

/** A LangChain tool as its authors wrote it: `tool()` with a zod schema. */
export const unitConverter = tool(
  ({ value, from, to }) => (from === 'km' && to === 'mi' ? `${(value / 1.609344).toFixed(2)} mi` : `${value} ${from}`),
  {
    name: 'convert_units',
    description: 'Converts a distance between kilometres and miles.',
    schema: z.object({ value: z.number().describe('The distance'), from: z.enum(['km', 'mi']), to: z.enum(['km', 'mi']) }),
  },
);

/** The script of the offline model of {@link langchainToolsInToolcraft}. */
export const converterScript = [
  { toolCalls: [{ id: 'call_1', name: 'convert_units', arguments: { value: 42.195, from: 'km', to: 'mi' } }] },
  { text: 'A marathon is 26.22 miles.' },
];

/**
 * A LangChain tool inside a toolcraft `Agent`: `fromLangChainTools` keeps the JSON Schema LangChain
 * would send to a model, and each call is bounded by the agent's time limit. Offline with a
 * `ScriptedModel`; pass any `ChatModel` (OpenAI, Anthropic, Gemini adapters) instead.
 * @param model - the model (default: the scripted one)
 * @returns the run
 */
export function langchainToolsInToolcraft(model: ChatModel = new ScriptedModel(converterScript)): Promise<RunResult> {
  const agent = new Agent({ model, tools: fromLangChainTools([unitConverter], { timeoutMs: 10_000 }) });
  return agent.run('How long is a marathon in miles?');
}

if (require.main === module) {
  void (async () => {
    for (const message of await toolcraftToolsInLangChain()) {
      // The offline model's tool-call turns echo the conversation as text: show their calls instead.
      const calls = AIMessage.isInstance(message) ? (message.tool_calls ?? []) : [];
      if (calls.length > 0) for (const call of calls) console.log(`ai calls ${call.name} ${JSON.stringify(call.args)}`);
      else {
        const status = ToolMessage.isInstance(message) ? ` (${message.status})` : '';
        console.log(`${message.type}${status}: ${message.text}`);
      }
    }
    const run = await langchainToolsInToolcraft();
    for (const call of run.toolCalls) console.log(`${call.name} ${call.arguments} -> ${call.result.content}`);
    console.log(run.text);
  })().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
