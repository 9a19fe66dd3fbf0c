import 'reflect-metadata';
import OpenAI from 'openai';
import { Agent, ToolRegistry } from '@toolcraft/core';
import { OpenAIChatModel } from '@toolcraft/openai';
import { CalculatorTool } from '../calculator';
import type { BenchCase } from '../../measure';
import { startLocalModelServer } from './local-model-server';

const question = 'What is 3 + 4?';
const answer = '3 + 4 = 7.';

/** The two Chat Completions answers of a turn, serialised once: the calculator call, then (after its result) the answer. */
const completion = (message: Record<string, unknown>, finishReason: string) =>
  JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, finish_reason: finishReason, logprobs: null, message: { role: 'assistant', refusal: null, ...message } }],
    usage: { prompt_tokens: 60, completion_tokens: 12, total_tokens: 72 },
  });
const callReply = completion(
  {
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"digit1":3,"digit2":4}' } }],
  },
  'tool_calls',
);
const answerReply = completion({ content: answer }, 'stop');

/**
 * The baseline adapter row: one agent turn through `OpenAIChatModel` and the `openai` SDK against a
 * local HTTP server speaking Chat Completions: the model calls the calculator, then answers (two
 * model requests, timed per request like the other agent turns). Checked once before it is returned.
 * @returns the case and a function closing its server
 */
export async function openaiChatTurnCase(): Promise<{ case: BenchCase; close(): Promise<void> }> {
  const server = await startLocalModelServer((body) => {
    const messages = (body as { messages: Array<{ role: string }> }).messages;
    return { body: messages.at(-1)?.role === 'tool' ? answerReply : callReply };
  });
  const client = new OpenAI({ apiKey: 'bench', baseURL: `${server.url}/v1`, maxRetries: 0 });
  const agent = new Agent({
    model: new OpenAIChatModel({ client, model: 'gpt-4o-mini' }),
    registry: ToolRegistry.of(new CalculatorTool()),
  });
  const run = () => agent.run(question);
  const first = await run();
  if (first.text !== answer || server.requests !== 2) {
    await server.close();
    throw new Error(`openai-chat turn answered ${JSON.stringify(first.text)} in ${server.requests} requests`);
  }
  return {
    case: {
      key: 'oc',
      label: 'Agent + OpenAIChatModel + openai SDK over local HTTP (calculator call, then answer), per request',
      run,
      callsPerRun: 2,
    },
    close: () => server.close(),
  };
}
