import { OpenAIChatModel } from '../src/index';
import { textReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';

describe('OpenAIChatModel.fromEnv', () => {
  const saved = { ...process.env };
  let server: FakeOpenAIServer;

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    process.env['OPENAI_API_KEY'] = 'env-key';
    process.env['OPENAI_BASE_URL'] = server.baseURL;
    delete process.env['OPENAI_MODEL'];
  });
  afterEach(async () => {
    process.env = { ...saved };
    await server.close();
  });

  it('uses OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL', async () => {
    process.env['OPENAI_MODEL'] = 'gpt-4.1-mini';
    server.reply(textReply('hi'));
    const model = OpenAIChatModel.fromEnv();
    await model.complete({ messages: [{ role: 'user', content: 'hello' }], tools: [] });
    expect(model.model).toBe('gpt-4.1-mini');
    expect(server.chatBodies[0].model).toBe('gpt-4.1-mini');
    expect(server.requests[0].headers.authorization).toBe('Bearer env-key');
  });

  it('defaults to gpt-4o-mini and lets the options win over the environment', () => {
    expect(OpenAIChatModel.fromEnv().model).toBe('gpt-4o-mini');
    process.env['OPENAI_MODEL'] = 'gpt-4.1';
    expect(OpenAIChatModel.fromEnv({ model: 'o4-mini' }).model).toBe('o4-mini');
  });

  it('creates a client that makes no retries of its own', () => {
    expect(OpenAIChatModel.fromEnv().client.maxRetries).toBe(0);
  });

  it('fails clearly when no API key is set', () => {
    delete process.env['OPENAI_API_KEY'];
    expect(() => OpenAIChatModel.fromEnv()).toThrow(/OPENAI_API_KEY/);
  });
});
