import 'reflect-metadata';
import OpenAI from 'openai';
import { OpenAIResponsesModel } from '@toolcraft/openai';
import { exampleToolSets } from '../../src/contract/example-tool-sets';
import { CaptureServer } from './support/capture-server';
import { expectContract } from './support/expect-contract';

const reply = {
  id: 'resp_contract',
  object: 'response',
  created_at: 0,
  model: 'gpt-5-mini',
  status: 'completed',
  output: [
    {
      type: 'message',
      id: 'msg_contract',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'ok', annotations: [] }],
    },
  ],
  error: null,
  incomplete_details: null,
  usage: {
    input_tokens: 1,
    output_tokens: 1,
    total_tokens: 2,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens_details: { reasoning_tokens: 0 },
  },
};

describe("contract: what OpenAIResponsesModel sends for the examples' tools", () => {
  const server = new CaptureServer(() => reply);
  afterAll(() => server.close());

  it("sends each example's tools exactly as the snapshot has them", async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: `${await server.start()}/v1`, maxRetries: 0 });
    const model = new OpenAIResponsesModel({ client, model: 'gpt-5-mini' });
    const bodies: Record<string, unknown> = {};
    for (const set of exampleToolSets()) {
      await model.complete({ messages: [{ role: 'user', content: 'Hello' }], tools: [...set.definitions] });
      bodies[set.name] = server.requests.at(-1)!.body;
    }
    expectContract('openai-responses', bodies);
  });
});
