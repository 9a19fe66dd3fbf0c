import 'reflect-metadata';
import { ArrayUnique, IsIn, IsInt, IsString, Min } from 'class-validator';
import { Agent, LLMDescription, ProviderSchemaError, type AgentEvent } from '@toolcraft/core';
import { GeminiChatModel } from '../src';
import { FakeGeminiServer } from './support/fake-gemini-server';
import { candidateReply, streamChunks, textReply } from './support/gemini-replies';
import { AddTool } from './support/test-tools';

/** The final answer of these tests: an Args class, decoded into an instance. */
class TripPlan {
  @LLMDescription('Where to go')
  @IsString()
  destination!: string;

  @LLMDescription('How many nights')
  @IsInt()
  @Min(1)
  nights!: number;

  @LLMDescription('How to get there')
  @IsIn(['train', 'plane'])
  travel!: string;

  summary(): string {
    return `${this.nights} nights in ${this.destination} by ${this.travel}`;
  }
}

/** An output Gemini cannot take exactly: its Schema has no uniqueItems. */
class Packing {
  @LLMDescription('What to pack, each once')
  @IsString({ each: true })
  @ArrayUnique()
  items!: string[];
}

/** TripPlan's schema as Gemini's `responseSchema`: upper-case types, the enum as a string enum. */
const tripSchema = {
  type: 'OBJECT',
  properties: {
    destination: { type: 'STRING', description: 'Where to go' },
    nights: { type: 'INTEGER', description: 'How many nights', minimum: 1 },
    travel: { type: 'STRING', description: 'How to get there', enum: ['train', 'plane'] },
  },
  required: ['destination', 'nights', 'travel'],
};

describe('Agent with an outputType on GeminiChatModel', () => {
  let server: FakeGeminiServer;
  beforeEach(async () => (server = await FakeGeminiServer.start()));
  afterEach(() => server.close());

  const model = () => new GeminiChatModel({ model: 'gemini-2.5-flash', client: server.client() });

  it('refuses, in new Agent, an output Gemini cannot take, naming the output, the JSON path and the keyword', () => {
    const build = () => new Agent({ model: model(), outputType: Packing });
    expect(build).toThrow(ProviderSchemaError);
    expect(build).toThrow(
      expect.objectContaining({
        provider: 'google',
        toolName: 'packing',
        subject: 'output',
        path: '$.properties.items',
        keyword: 'uniqueItems',
      }),
    );
    expect(build).toThrow(/^The structured output 'packing' cannot be sent to google: at \$\.properties\.items, 'uniqueItems': /);
    expect(server.requests).toHaveLength(0);
  });

  it('sends responseMimeType and the converted responseSchema with every request, and decodes the answer into a typed run.output', async () => {
    server.reply(
      { body: candidateReply([{ functionCall: { name: 'add', args: { a: 2, b: 1 } } }]) },
      { body: textReply('{"destination":"Lisbon","nights":3,"travel":"plane"}') },
    );
    const agent: Agent<TripPlan> = new Agent({ model: model(), tools: [new AddTool()], outputType: TripPlan });
    const run = await agent.run('Plan a short trip');

    expect(run.stopReason).toBe('completed');
    expect(run.output).toBeInstanceOf(TripPlan);
    // Only compiles when run.output is a TripPlan: no cast.
    expect(run.output?.summary()).toBe('3 nights in Lisbon by plane');
    for (const body of server.bodies) {
      expect(body.generationConfig).toEqual({ responseMimeType: 'application/json', responseSchema: tripSchema });
    }
    expect(server.bodies).toHaveLength(2);
  });

  it('sends an answer that does not fit back with its violations, and takes the corrected one', async () => {
    server.reply(
      { body: textReply('{"destination":"Lisbon","nights":0,"travel":"plane"}') },
      { body: textReply('{"destination":"Lisbon","nights":2,"travel":"train"}') },
    );
    const run = await new Agent({ model: model(), outputType: TripPlan }).run('Plan a short trip');

    expect(run.output?.summary()).toBe('2 nights in Lisbon by train');
    const contents = server.bodies[1]!.contents as Array<{ role: string; parts: Array<{ text?: string }> }>;
    expect(contents.at(-1)?.role).toBe('user');
    expect(JSON.stringify(contents.at(-1))).toContain('nights');
  });

  it('streams a structured answer: text deltas of the JSON, then an output event with the decoded instance', async () => {
    server.reply({ sse: streamChunks(['{"destination":"Rome",', '"nights":4,"travel":"train"}']) });
    const stream = new Agent({ model: model(), outputType: TripPlan }).stream('Plan a trip');
    const events: Array<AgentEvent<TripPlan>> = [];
    for await (const event of stream) events.push(event);
    const run = await stream.result;

    expect(events.filter((event) => event.type === 'text_delta')).toHaveLength(2);
    const output = events.find((event) => event.type === 'output');
    expect(output?.type === 'output' && output.output.summary()).toBe('4 nights in Rome by train');
    expect(run.output).toBeInstanceOf(TripPlan);
  });
});
