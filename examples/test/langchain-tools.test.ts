import 'reflect-metadata';
import { ToolMessage } from '@langchain/core/messages';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { ScriptedModel } from '@toolcraft/testing';
import { converterScript, langchainToolsInToolcraft, toolcraftToolsInLangChain, unitConverter } from '../src/frameworks/langchain-tools.js';

describe('LangChain tools example', () => {
  it("runs toolcraft's calculator in LangChain's loop: a broken rule comes back as an error ToolMessage, then the sum", async () => {
    const messages = await toolcraftToolsInLangChain();
    const answers = messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    expect(answers.map((message) => message.status)).toEqual(['error', 'success']);
    expect(answers[0]!.content).toContain("- 'digit2': must be at most 9, got number 12");
    expect(answers[1]!.content).toBe('7');
    expect(messages.at(-1)!.content).toBe('3 + 4 = 7');
  });

  it("runs a LangChain tool in a toolcraft Agent with LangChain's schema", async () => {
    const model = new ScriptedModel(converterScript);
    const run = await langchainToolsInToolcraft(model);
    expect(run.toolCalls[0]!.result.content).toBe('26.22 mi');
    expect(run.text).toBe('A marathon is 26.22 miles.');
    expect(model.requests[0]!.tools[0]!.inputSchema).toEqual(toJsonSchema(unitConverter.schema));
  });
});
