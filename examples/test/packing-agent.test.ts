import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { AnthropicChatModel } from '@toolcraft/anthropic';
import type { ChatModel } from '@toolcraft/core';
import { GeminiChatModel } from '@toolcraft/google';
import { OpenAIChatModel } from '@toolcraft/openai';
import { ScriptedModel } from '@toolcraft/testing';
import OpenAI from 'openai';
import { createPackingAgent, PackingAdvice, packingQuestion, packingScript } from '../src/agents/packing-agent.js';
import { CaptureServer } from './contract/support/capture-server.js';

const advice = { city: 'Paris', celsius: 17, umbrella: true, wear: 'a light jacket' };
const answer = JSON.stringify(advice);

/** Per provider: the model on a client pointed at the local server, its two answers (the weather call, then the advice), and where the request carries the output's schema. */
interface Provider {
  name: string;
  model(baseURL: string): ChatModel;
  replies: [unknown, unknown];
  format(body: Record<string, unknown>): unknown;
}

const providers: Provider[] = [
  {
    name: 'OpenAI Chat Completions',
    model: (baseURL) =>
      new OpenAIChatModel({ client: new OpenAI({ apiKey: 'test', baseURL: `${baseURL}/v1`, maxRetries: 0 }), model: 'gpt-4o-mini' }),
    replies: [
      {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather_report', arguments: '{"city":"Paris"}' } }],
            },
          },
        ],
      },
      {
        id: 'chatcmpl-2',
        object: 'chat.completion',
        created: 1,
        model: 'gpt-4o-mini',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer } }],
      },
    ],
    format: (body) => (body.response_format as { json_schema?: unknown } | undefined)?.json_schema,
  },
  {
    name: 'Gemini',
    model: (baseUrl) =>
      new GeminiChatModel({
        // The global fetch given explicitly: the SDK's default dispatcher lives on Node's real global, not jest's sandbox.
        client: new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl, fetch: (input, init) => fetch(input, init) } }),
        model: 'gemini-2.5-flash',
      }),
    replies: [
      {
        candidates: [
          {
            content: { role: 'model', parts: [{ functionCall: { name: 'get_weather_report', args: { city: 'Paris' } } }] },
            finishReason: 'STOP',
          },
        ],
      },
      { candidates: [{ content: { role: 'model', parts: [{ text: answer }] }, finishReason: 'STOP' }] },
    ],
    format: (body) => (body.generationConfig as { responseSchema?: unknown } | undefined)?.responseSchema,
  },
  {
    name: 'Anthropic',
    model: (baseURL) =>
      new AnthropicChatModel({
        client: new Anthropic({ apiKey: 'test', baseURL, maxRetries: 0 }),
        model: 'claude-sonnet-4-6',
        maxTokens: 1024,
      }),
    replies: [
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-6',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather_report', input: { city: 'Paris' } }],
        stop_reason: 'tool_use',
        usage: { input_tokens: 10, output_tokens: 5 },
      },
      {
        id: 'msg_2',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-6',
        content: [{ type: 'text', text: answer }],
        stop_reason: 'end_turn',
        usage: { input_tokens: 20, output_tokens: 9 },
      },
    ],
    format: (body) => (body.output_config as { format?: unknown } | undefined)?.format,
  },
];

describe('packing agent (the typed answer `npm start` ends with)', () => {
  it('answers offline with a PackingAdvice instance, typed so its methods need no cast', async () => {
    const run = await createPackingAgent(new ScriptedModel(packingScript)).run(packingQuestion);
    expect(run.stopReason).toBe('completed');
    expect(run.output).toBeInstanceOf(PackingAdvice);
    expect(run.output?.summary()).toBe('Paris, 17 °C: wear a light jacket, and take an umbrella.');
    expect(run.toolCalls.map((call) => call.result.content)).toEqual(['{"status":"success","report":"Paris has light rain and 17 °C."}']);
  });

  it.each(providers)(
    'runs through $name: its schema accepted at new Agent, sent with every request, the answer decoded',
    async (provider) => {
      let answered = 0;
      const server = new CaptureServer(() => provider.replies[Math.min(answered++, 1)]);
      try {
        const agent = createPackingAgent(provider.model(await server.start()));
        const run = await agent.run(packingQuestion);

        expect(run.stopReason).toBe('completed');
        expect(run.output).toBeInstanceOf(PackingAdvice);
        expect(run.output?.summary()).toBe('Paris, 17 °C: wear a light jacket, and take an umbrella.');
        const formats = server.requests.map((request) => provider.format(request.body as Record<string, unknown>));
        expect(formats).toHaveLength(2);
        expect(formats[0]).toBeDefined();
        expect(formats[1]).toEqual(formats[0]);
      } finally {
        await server.close();
      }
    },
  );
});
