import 'reflect-metadata';
import OpenAI from 'openai';
import { Agent, ToolRegistry } from '@toolcraft/core';
import { OpenAIResponsesModel } from '@toolcraft/openai';
import { CalculatorTool } from '../calculator';
import type { BenchCase } from '../../measure';
import { startLocalModelServer } from './local-model-server';

const question = 'What is 3 + 4?';
const answer = '3 + 4 = 7.';

/** The two Responses API answers of a turn, serialised once: reasoning and the calculator call, then the answer. */
const response = (output: unknown[]) =>
  JSON.stringify({
    id: 'resp_bench',
    object: 'response',
    created_at: 0,
    model: 'gpt-5-mini',
    status: 'completed',
    error: null,
    incomplete_details: null,
    output,
    usage: {
      input_tokens: 60,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 12,
      output_tokens_details: { reasoning_tokens: 4 },
      total_tokens: 72,
    },
  });
const callReply = response([
  { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Add the digits.' }], encrypted_content: 'gAAAA-bench' },
  { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'calculator', arguments: '{"digit1":3,"digit2":4}', status: 'completed' },
]);
const answerReply = response([
  {
    type: 'message',
    id: 'msg_1',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: answer, annotations: [] }],
  },
]);

/**
 * One agent turn through `OpenAIResponsesModel` and the `openai` SDK against a local HTTP server
 * speaking the Responses API (`POST /v1/responses`, `store: false`): the model reasons and calls the
 * calculator, then answers (two model requests, timed per request beside the Chat Completions row).
 * Checked once before it is returned.
 * @returns the case and a function closing its server
 */
export async function openaiResponsesTurnCase(): Promise<{ case: BenchCase; close(): Promise<void> }> {
  const server = await startLocalModelServer((body) => {
    const input = (body as { input: Array<{ type?: string }> }).input;
    return { body: input.at(-1)?.type === 'function_call_output' ? answerReply : callReply };
  });
  const client = new OpenAI({ apiKey: 'bench', baseURL: `${server.url}/v1`, maxRetries: 0 });
  const agent = new Agent({
    model: new OpenAIResponsesModel({ client, model: 'gpt-5-mini' }),
    registry: ToolRegistry.of(new CalculatorTool()),
  });
  const run = () => agent.run(question);
  const first = await run();
  if (first.text !== answer || server.requests !== 2) {
    await server.close();
    throw new Error(`openai-responses turn answered ${JSON.stringify(first.text)} in ${server.requests} requests`);
  }
  return {
    case: {
      key: 'or',
      label: 'Agent + OpenAIResponsesModel + openai SDK over local HTTP (reasoning and calculator call, then answer), per request',
      run,
      callsPerRun: 2,
    },
    close: () => server.close(),
  };
}
