import 'reflect-metadata';
import { IsNumber, IsOptional, IsString } from 'class-validator';
import { Agent, LLMDescription, ProviderSchemaError, ToolRegistry, type AgentEvent } from '@toolcraft/core';
import { z } from 'zod';
import { OpenAIChatModel, OpenAIResponsesModel, StrictSchemaError } from '../src/index';
import { completionReply, textReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { messageItem, responseObject, responseReply, streamedReply } from './support/responses-replies';
import { AddTool } from './support/test-tools';

/** The final answer of the Chat Completions tests: an Args class, decoded into an instance. */
class Forecast {
  @LLMDescription('The city')
  @IsString()
  city!: string;

  @LLMDescription('Temperature in degrees Celsius')
  @IsNumber()
  celsius!: number;

  @LLMDescription('Anything worth saying')
  @IsOptional()
  @IsString()
  note?: string;

  line(): string {
    return `${this.city}: ${this.celsius} °C`;
  }
}

/** What OpenAI strict mode makes of Forecast's schema: every property required, the optional one nullable, closed. */
const strictForecast = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'The city' },
    celsius: { type: 'number', description: 'Temperature in degrees Celsius' },
    note: { type: ['string', 'null'], description: 'Anything worth saying' },
  },
  required: ['city', 'celsius', 'note'],
  additionalProperties: false,
};

/** The final answer of the Responses tests: a zod schema, decoded to its output. */
const Summary = z.object({ title: z.string().describe('A short title'), tags: z.array(z.string()) }).meta({ title: 'Summary' });

/** An output OpenAI strict mode cannot take: a map with keys not known in advance. */
const Scores = z.object({ scores: z.record(z.string(), z.number()) });

describe('Agent with an outputType on OpenAIChatModel', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => (server = await FakeOpenAIServer.start()));
  afterEach(() => server.close());

  const model = () => new OpenAIChatModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-4o-mini' });

  it('refuses, in new Agent, an output strict mode cannot take, naming the output, the JSON path and the keyword', () => {
    const build = () => new Agent({ model: model(), outputType: Scores });
    expect(build).toThrow(StrictSchemaError);
    expect(build).toThrow(
      expect.objectContaining({ provider: 'openai', toolName: 'output', subject: 'output', path: '$.scores', keyword: 'propertyNames' }),
    );
    expect(build).toThrow(/^The structured output 'output' cannot use OpenAI strict mode: at \$\.scores, /);
    expect(build).toThrow("Change the agent's outputType");
    expect(server.requests).toHaveLength(0);
  });

  it('sends response_format json_schema, converted by the strict rules, with every request, and decodes the answer into a typed run.output', async () => {
    server.reply(
      completionReply({ toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":20,"b":1}' }] }),
      textReply('{"city":"Paris","celsius":21,"note":null}'),
    );
    const agent: Agent<Forecast> = new Agent({ model: model(), registry: ToolRegistry.of(new AddTool()), outputType: Forecast });
    const run = await agent.run('How warm is Paris?');

    expect(run.stopReason).toBe('completed');
    expect(run.output).toBeInstanceOf(Forecast);
    // Only compiles when run.output is a Forecast: no cast.
    expect(run.output?.line()).toBe('Paris: 21 °C');
    expect(run.output?.note).toBeUndefined();
    expect(run.text).toBe('{"city":"Paris","celsius":21,"note":null}');
    const expected = { type: 'json_schema', json_schema: { name: 'forecast', strict: true, schema: strictForecast } };
    expect(server.chatBodies.map((body) => body.response_format)).toEqual([expected, expected]);
  });

  it('sends an answer that does not fit back with its violations, and takes the corrected one', async () => {
    server.reply(textReply('{"city":"Paris","celsius":"warm","note":null}'), textReply('{"city":"Paris","celsius":21,"note":"sunny"}'));
    const run = await new Agent({ model: model(), outputType: Forecast }).run('How warm is Paris?');

    expect(run.output).toMatchObject({ city: 'Paris', celsius: 21, note: 'sunny' });
    const retry = server.chatBodies[1]!.messages.at(-1);
    expect(retry).toMatchObject({ role: 'user' });
    expect(JSON.stringify(retry)).toContain('celsius');
  });

  it('streams a structured answer: text deltas of the JSON, then an output event with the decoded instance', async () => {
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    server.reply({
      sse: [chunk({ role: 'assistant', content: '{"city":"Oslo",' }), chunk({ content: '"celsius":-3,"note":null}' }), chunk({}, 'stop')],
    });
    const stream = new Agent({ model: model(), outputType: Forecast }).stream('How cold is Oslo?');
    const events: Array<AgentEvent<Forecast>> = [];
    for await (const event of stream) events.push(event);
    const run = await stream.result;

    expect(events.filter((event) => event.type === 'text_delta').map((event) => event.type === 'text_delta' && event.delta)).toEqual([
      '{"city":"Oslo",',
      '"celsius":-3,"note":null}',
    ]);
    const output = events.find((event) => event.type === 'output');
    expect(output?.type === 'output' && output.output.line()).toBe('Oslo: -3 °C');
    expect(run.output).toBeInstanceOf(Forecast);
    expect(server.chatBodies[0]).toMatchObject({
      stream: true,
      response_format: { type: 'json_schema', json_schema: { name: 'forecast' } },
    });
  });
});

describe('Agent with an outputType on OpenAIResponsesModel', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => (server = await FakeOpenAIServer.start()));
  afterEach(() => server.close());

  const model = () => new OpenAIResponsesModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-5-mini' });

  it('refuses, in new Agent, an output strict mode cannot take, as a ProviderSchemaError naming it', () => {
    const jsonSchema = { type: 'object', properties: { scores: { type: 'object', additionalProperties: { type: 'number' } } } } as const;
    const build = () => new Agent({ model: model(), outputType: { jsonSchema, name: 'scores' } });
    expect(build).toThrow(ProviderSchemaError);
    expect(build).toThrow(/^The structured output 'scores' cannot use OpenAI strict mode: at \$\.scores, /);
    expect(server.requests).toHaveLength(0);
  });

  it('sends text.format json_schema, strict, and decodes a zod output typed as its output', async () => {
    server.reply(responseReply([messageItem('{"title":"Release notes","tags":["v2"]}')]));
    const agent = new Agent({ model: model(), outputType: Summary });
    const run = await agent.run('Summarise the release');

    // Only compiles when run.output is z.output<typeof Summary>.
    const output: { title: string; tags: string[] } | undefined = run.output;
    expect(output).toEqual({ title: 'Release notes', tags: ['v2'] });
    expect(server.responsesBodies[0]!.text).toEqual({
      format: {
        type: 'json_schema',
        name: 'summary',
        strict: true,
        schema: {
          type: 'object',
          properties: { title: { type: 'string', description: 'A short title' }, tags: { type: 'array', items: { type: 'string' } } },
          required: ['title', 'tags'],
          additionalProperties: false,
          title: 'Summary',
        },
      },
    });
  });

  it('streams a structured answer to an output event', async () => {
    server.reply(streamedReply(responseObject([messageItem('{"title":"Hi","tags":[]}')])));
    const stream = new Agent({ model: model(), outputType: Summary }).stream('x');
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const run = await stream.result;

    expect(types.slice(-2)).toEqual(['output', 'run_completed']);
    expect(run.output).toEqual({ title: 'Hi', tags: [] });
  });
});
