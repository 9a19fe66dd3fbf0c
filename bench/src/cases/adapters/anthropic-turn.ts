import 'reflect-metadata';
import { Agent, ToolRegistry } from '@toolcraft/core';
import { AnthropicChatModel } from '@toolcraft/anthropic';
import { CalculatorTool } from '../calculator';
import type { BenchCase } from '../../measure';
import { startLocalModelServer } from './local-model-server';

const question = 'What is 3 + 4?';
const answer = '3 + 4 = 7.';

/** The two Messages API answers of a turn, serialised once: the calculator call, then (after its result) the answer. */
const message = (content: unknown[], stopReason: string) =>
  JSON.stringify({
    id: 'msg_bench',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: {
      input_tokens: 60,
      output_tokens: 12,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: null,
      inference_geo: null,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: 'standard',
      speed: null,
    },
  });
const callReply = message(
  [{ type: 'tool_use', id: 'toolu_1', name: 'calculator', input: { digit1: 3, digit2: 4 }, caller: { type: 'direct' } }],
  'tool_use',
);
const answerReply = message([{ type: 'text', text: answer, citations: null }], 'end_turn');

/** Whether the request's last message carries a tool result (the answer turn). */
function answersToolResult(body: unknown): boolean {
  const last = (body as { messages: Array<{ content: unknown }> }).messages.at(-1);
  return Array.isArray(last?.content) && last.content.some((block) => (block as { type?: unknown }).type === 'tool_result');
}

/**
 * One agent turn through `AnthropicChatModel` and `@anthropic-ai/sdk` against a local HTTP server
 * speaking the Messages API: the model calls the calculator, then answers (two model requests, timed
 * per request like the other adapter rows; prompt caching on, as by default). Checked once before it is returned.
 * @returns the case and a function closing its server
 */
export async function anthropicTurnCase(): Promise<{ case: BenchCase; close(): Promise<void> }> {
  const server = await startLocalModelServer((body) => ({ body: answersToolResult(body) ? answerReply : callReply }));
  const agent = new Agent({
    model: new AnthropicChatModel({
      model: 'claude-sonnet-4-6',
      maxTokens: 1024,
      clientOptions: { apiKey: 'bench', baseURL: server.url, maxRetries: 0 },
    }),
    registry: ToolRegistry.of(new CalculatorTool()),
  });
  const run = () => agent.run(question);
  const first = await run();
  if (first.text !== answer || server.requests !== 2) {
    await server.close();
    throw new Error(`anthropic turn answered ${JSON.stringify(first.text)} in ${server.requests} requests`);
  }
  return {
    case: {
      key: 'an',
      label: 'Agent + AnthropicChatModel + @anthropic-ai/sdk over local HTTP (calculator call, then answer), per request',
      run,
      callsPerRun: 2,
    },
    close: () => server.close(),
  };
}
