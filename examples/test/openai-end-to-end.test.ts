import 'reflect-metadata';
import { createWeatherAgent, weatherScript } from '../src/agents/weather-agent.js';
import { modelFromEnv } from '../src/model-from-env.js';
// The local OpenAI-compatible test server of @toolcraft/openai's own tests.
import { textReply, toolCallsReply } from '../../packages/openai/test/support/chat-completion-replies.js';
import { FakeOpenAIServer } from '../../packages/openai/test/support/fake-openai-server.js';

describe('weather agent against an OpenAI-compatible server', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
  });
  afterEach(() => server.close());

  it('follows OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL through the real openai client', async () => {
    server.reply(
      toolCallsReply(
        { id: 'call_a', name: 'get_weather_report', arguments: '{"city":"Paris"}' },
        { id: 'call_b', name: 'get_weather_report', arguments: '{"city":"Atlantis"}' },
      ),
      textReply('Paris has light rain; Atlantis has no data.'),
    );
    const chosen = modelFromEnv(weatherScript, {
      OPENAI_API_KEY: 'sk-local',
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_MODEL: 'local-model',
    });
    const run = await createWeatherAgent(chosen.model).run('Weather in Paris and Atlantis?');
    expect(run.text).toBe('Paris has light rain; Atlantis has no data.');
    expect(run.toolCalls.map((call) => call.result.content)).toEqual([
      '{"status":"success","report":"Paris has light rain and 17 °C."}',
      '{"status":"error","error_message":"Weather information for \'Atlantis\' is not available."}',
    ]);
    const [first, second] = server.chatBodies;
    expect(first!.model).toBe('local-model');
    expect(first!.tools?.map((tool) => (tool.type === 'function' ? tool.function.name : tool.type))).toEqual([
      'get_weather_report',
      'analyze_sentiment',
    ]);
    expect(second!.messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual([
      'call_a',
      'call_b',
    ]);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-local');
  });
});
