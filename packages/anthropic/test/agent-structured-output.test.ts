import 'reflect-metadata';
import { Agent, ProviderSchemaError, ToolRegistry } from '@toolcraft/core';
import { z } from 'zod';
import { AnthropicChatModel } from '../src/index';
import { FakeAnthropicServer } from './support/fake-anthropic-server';
import { message, messageReply, streamReply, textBlock, toolUseBlock } from './support/message-replies';
import { AddTool } from './support/test-tools';

/** The final answer of these tests: a zod schema, decoded to its output. */
const Review = z
  .object({
    sentiment: z.enum(['positive', 'negative', 'neutral']).describe('The overall tone'),
    score: z.number().int().min(1).max(5),
    quotes: z.array(z.string()),
  })
  .meta({ title: 'Review' });

/** Review's schema for JSON outputs: closed, its bounds written into the description (constrained decoding cannot take them). */
const reviewFormat = {
  type: 'json_schema',
  schema: {
    title: 'Review',
    type: 'object',
    properties: {
      sentiment: { description: 'The overall tone', enum: ['positive', 'negative', 'neutral'] },
      score: { type: 'integer', description: '{minimum: 1, maximum: 5}' },
      quotes: { type: 'array', items: { type: 'string' } },
    },
    required: ['sentiment', 'score', 'quotes'],
    additionalProperties: false,
  },
};

describe('Agent with an outputType on AnthropicChatModel', () => {
  let server: FakeAnthropicServer;
  beforeEach(async () => (server = await FakeAnthropicServer.start()));
  afterEach(() => server.close());

  const model = () => new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 1024, cache: 'off' });

  it('refuses, in new Agent, an output constrained decoding cannot take, naming the output, the JSON path and the keyword', () => {
    const Tally = z.object({ counts: z.record(z.string(), z.number()) }).meta({ title: 'Tally' });
    const build = () => new Agent({ model: model(), outputType: Tally });
    expect(build).toThrow(ProviderSchemaError);
    expect(build).toThrow(
      expect.objectContaining({ provider: 'anthropic', toolName: 'tally', subject: 'output', path: '$.properties.counts' }),
    );
    expect(build).toThrow(/^The structured output 'tally' cannot be sent to anthropic: at \$\.properties\.counts, /);
    expect(server.requests).toHaveLength(0);
  });

  it('sends output_config.format with every request and decodes the answer into run.output, typed as the schema’s output', async () => {
    server.reply(
      messageReply([toolUseBlock('toolu_1', 'add', { a: 2, b: 2 })], 'tool_use'),
      messageReply([textBlock('{"sentiment":"positive","score":4,"quotes":["Lovely"]}')]),
    );
    const agent = new Agent({ model: model(), registry: ToolRegistry.of(new AddTool()), outputType: Review });
    const run = await agent.run('Read this review');

    expect(run.stopReason).toBe('completed');
    // Only compiles when run.output is z.output<typeof Review>: no cast.
    const output: { sentiment: 'positive' | 'negative' | 'neutral'; score: number; quotes: string[] } | undefined = run.output;
    expect(output).toEqual({ sentiment: 'positive', score: 4, quotes: ['Lovely'] });
    expect(server.bodies.map((body) => body.output_config)).toEqual([{ format: reviewFormat }, { format: reviewFormat }]);
  });

  it('sends an answer that does not fit back with its violations (the bounds constrained decoding left out), and takes the corrected one', async () => {
    server.reply(
      messageReply([textBlock('{"sentiment":"positive","score":9,"quotes":[]}')]),
      messageReply([textBlock('{"sentiment":"positive","score":5,"quotes":[]}')]),
    );
    const run = await new Agent({ model: model(), outputType: Review }).run('Read this review');

    expect(run.output?.score).toBe(5);
    const retry = server.bodies[1]!.messages.at(-1);
    expect(retry?.role).toBe('user');
    expect(JSON.stringify(retry)).toContain('score');
  });

  it('streams a structured answer to an output event', async () => {
    server.reply(streamReply(message([textBlock('{"sentiment":"neutral","score":3,"quotes":["Fine"]}')])));
    const stream = new Agent({ model: model(), outputType: Review }).stream('Read this review');
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const run = await stream.result;

    expect(types.filter((type) => type === 'text_delta').length).toBeGreaterThan(1);
    expect(types.slice(-2)).toEqual(['output', 'run_completed']);
    expect(run.output).toEqual({ sentiment: 'neutral', score: 3, quotes: ['Fine'] });
  });
});
