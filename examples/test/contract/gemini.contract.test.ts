import 'reflect-metadata';
import { GoogleGenAI } from '@google/genai';
import { GeminiChatModel } from '@toolcraft/google';
import { exampleToolSets } from '../../src/contract/example-tool-sets';
import { CaptureServer } from './support/capture-server';
import { expectContract } from './support/expect-contract';

const reply = {
  candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  modelVersion: 'gemini-2.5-flash',
  responseId: 'contract',
};

describe("contract: what GeminiChatModel sends for the examples' tools", () => {
  const server = new CaptureServer(() => reply);
  afterAll(() => server.close());

  it("sends each example's tools exactly as the snapshot has them", async () => {
    // The global fetch given explicitly: the SDK's default dispatcher lives on Node's real global, not jest's sandbox.
    const client = new GoogleGenAI({
      apiKey: 'test',
      httpOptions: { baseUrl: await server.start(), fetch: (input, init) => fetch(input, init) },
    });
    const model = new GeminiChatModel({ client, model: 'gemini-2.5-flash' });
    const bodies: Record<string, unknown> = {};
    for (const set of exampleToolSets()) {
      model.prepareTools(set.definitions);
      await model.complete({ messages: [{ role: 'user', content: 'Hello' }], tools: [...set.definitions] });
      const { path, body } = server.requests.at(-1)!;
      expect(path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
      bodies[set.name] = body;
    }
    expectContract('gemini', bodies);
  });
});
