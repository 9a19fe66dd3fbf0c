import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { AnthropicChatModel } from '@toolcraft/anthropic';
import { exampleToolSets } from '../../src/contract/example-tool-sets';
import { CaptureServer } from './support/capture-server';
import { expectContract } from './support/expect-contract';

const reply: Message = {
  id: 'msg_contract',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  content: [{ type: 'text', text: 'ok', citations: null }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  stop_details: null,
  container: null,
  diagnostics: null,
  usage: {
    input_tokens: 1,
    output_tokens: 1,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    speed: null,
  },
};

describe("contract: what AnthropicChatModel sends for the examples' tools", () => {
  const server = new CaptureServer(() => reply);
  let baseURL: string;
  beforeAll(async () => (baseURL = await server.start()));
  afterAll(() => server.close());

  it.each([
    ['anthropic', 'off'],
    ['anthropic-cache-auto', 'auto'],
  ] as const)("sends each example's tools exactly as the snapshot %s has them (cache: '%s')", async (snapshot, cache) => {
    const client = new Anthropic({ apiKey: 'test', baseURL, maxRetries: 0 });
    const model = new AnthropicChatModel({ client, model: 'claude-sonnet-4-6', maxTokens: 1024, cache });
    const bodies: Record<string, unknown> = {};
    for (const set of exampleToolSets()) {
      await model.complete({ messages: [{ role: 'user', content: 'Hello' }], tools: [...set.definitions] });
      bodies[set.name] = server.requests.at(-1)!.body;
    }
    expectContract(snapshot, bodies);
  });
});
