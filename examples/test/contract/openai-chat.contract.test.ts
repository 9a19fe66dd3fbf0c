import 'reflect-metadata';
import OpenAI from 'openai';
import { OpenAIChatModel } from '@toolcraft/openai';
import { exampleToolSets } from '../../src/contract/example-tool-sets';
import { CaptureServer } from './support/capture-server';
import { expectContract } from './support/expect-contract';

const reply = {
  id: 'chatcmpl-contract',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok', refusal: null }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

describe("contract: what OpenAIChatModel sends for the examples' tools", () => {
  const server = new CaptureServer(() => reply);
  afterAll(() => server.close());

  it("sends each example's tools exactly as the snapshot has them", async () => {
    const client = new OpenAI({ apiKey: 'test', baseURL: `${await server.start()}/v1`, maxRetries: 0 });
    const model = new OpenAIChatModel({ client, model: 'gpt-4o-mini' });
    const bodies: Record<string, unknown> = {};
    for (const set of exampleToolSets()) {
      await model.complete({ messages: [{ role: 'user', content: 'Hello' }], tools: [...set.definitions] });
      bodies[set.name] = server.requests.at(-1)!.body;
    }
    expectContract('openai-chat', bodies);
  });
});
