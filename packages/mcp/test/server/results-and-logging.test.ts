import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LoggingMessageNotificationSchema, type LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { IsInt, Min } from 'class-validator';
import { AgentContext, ToolResult } from '@toolcraft/core';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';
import { createMcpServer } from '@toolcraft/mcp';
import { connectClient } from '../support/connect';
import { pixel } from '../support/notes-service';

const info = { name: 'results', version: '1.0.0' };
const wav = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

class Forecast {
  @LLMDescription('Temperature in °C')
  @IsInt()
  temperature!: number;
  @LLMDescription('Sky')
  sky!: string;
}

class Totals {
  @LLMDescription('Count')
  @IsInt()
  @Min(0)
  count!: number;
}

class Weather {
  @Tool()
  @LLMDescription('Forecast for a city (a synchronous method: its declared return type is the output schema)')
  forecast(@LLMDescription('City') city: string): Forecast {
    return Object.assign(new Forecast(), { temperature: city.length, sky: 'clear' });
  }

  @Tool({ outputType: Totals })
  @LLMDescription('Counts (async: outputType gives the schema)')
  async count(@LLMDescription('How many') n: number): Promise<Totals> {
    await Promise.resolve();
    return Object.assign(new Totals(), { count: n });
  }

  @Tool({ outputType: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } })
  @LLMDescription('Breaks its own schema')
  broken(): { ok: string } {
    return { ok: 'yes' };
  }

  @Tool()
  @LLMDescription('An image')
  image(): ToolResult.Parts {
    return ToolResult.image(pixel, 'image/png');
  }

  @Tool()
  @LLMDescription('Mixed content')
  mixed(): ToolResult.Parts {
    return ToolResult.parts([
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: pixel, mediaType: 'image/png' },
      { type: 'file', data: wav, mediaType: 'audio/wav' },
      { type: 'file', data: Buffer.from('{"test":"data"}').toString('base64'), mediaType: 'application/json', filename: 'test://mixed' },
      { type: 'file', data: pixel, mediaType: 'image/png', filename: 'logo.png' },
      { type: 'image', data: 'https://example.com/a/chart.png', mediaType: 'image/png' },
    ]);
  }

  @Tool()
  @LLMDescription('Logs at every level')
  async chatty(context: AgentContext): Promise<string> {
    context.log('debug', 'debugging');
    context.log('info', 'started');
    context.log('warning', 'careful', { disk: 0.9 });
    context.log('error', 'failed once');
    await Promise.resolve();
    return 'done';
  }
}

describe('createMcpServer: structured results, content parts and logging', () => {
  let client: Client;
  afterEach(() => client?.close());

  it('advertises an output schema from a method’s declared return type or its outputType, and only for those', async () => {
    client = await connectClient(createMcpServer([new Weather()], info));
    const tools = Object.fromEntries((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    expect(tools.forecast!.outputSchema).toEqual({
      type: 'object',
      properties: { temperature: { type: 'integer', description: 'Temperature in °C' }, sky: { type: 'string', description: 'Sky' } },
      required: ['temperature', 'sky'],
    });
    expect(tools.count!.outputSchema).toEqual(
      expect.objectContaining({ properties: { count: expect.objectContaining({ type: 'integer', minimum: 0 }) } }),
    );
    expect(tools.image!.outputSchema).toBeUndefined();
  });

  it('answers structuredContent beside its JSON text, which the SDK Client validates against the output schema', async () => {
    client = await connectClient(createMcpServer([new Weather()], info));
    expect(await client.callTool({ name: 'forecast', arguments: { city: 'Lyon' } })).toEqual({
      content: [{ type: 'text', text: '{"temperature":4,"sky":"clear"}' }],
      structuredContent: { temperature: 4, sky: 'clear' },
    });
    expect((await client.callTool({ name: 'count', arguments: { n: 3 } })).structuredContent).toEqual({ count: 3 });
  });

  it('answers a result that breaks its own output schema with an error result naming the path', async () => {
    client = await connectClient(createMcpServer([new Weather()], info));
    expect(await client.callTool({ name: 'broken', arguments: {} })).toEqual({
      content: [
        {
          type: 'text',
          text: "Error: tool 'broken' returned a result that does not fit its output schema:\n- 'ok': expected a boolean (true or false), got string \"yes\"",
        },
      ],
      isError: true,
    });
    // The connection goes on.
    expect((await client.callTool({ name: 'count', arguments: { n: 1 } })).isError).toBeUndefined();
  });

  it('sends an image part as image content', async () => {
    client = await connectClient(createMcpServer([new Weather()], info));
    expect(await client.callTool({ name: 'image', arguments: {} })).toEqual({
      content: [{ type: 'image', data: pixel, mimeType: 'image/png' }],
    });
  });

  it('sends text, image, audio, embedded text and binary resources, and URL images as resource links', async () => {
    client = await connectClient(createMcpServer([new Weather()], info));
    expect((await client.callTool({ name: 'mixed', arguments: {} })).content).toEqual([
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: pixel, mimeType: 'image/png' },
      { type: 'audio', data: wav, mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'test://mixed', mimeType: 'application/json', text: '{"test":"data"}' } },
      { type: 'resource', resource: { uri: 'toolcraft://file/logo.png', mimeType: 'image/png', blob: pixel } },
      { type: 'resource_link', uri: 'https://example.com/a/chart.png', name: 'chart.png', mimeType: 'image/png' },
    ]);
  });

  it('sends context.log messages as notifications/message, from the level the client set with logging/setLevel', async () => {
    const server = createMcpServer([new Weather()], info);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'test', version: '1.0.0' });
    const messages: LoggingMessageNotification['params'][] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => void messages.push(params));
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(messages.map(({ level }) => level)).toEqual(['debug', 'info', 'warning', 'error']);
    expect(messages[2]).toEqual({ level: 'warning', logger: 'chatty', data: { message: 'careful', data: { disk: 0.9 } } });
    messages.length = 0;
    expect(await client.setLoggingLevel('warning')).toEqual({});
    await client.callTool({ name: 'chatty', arguments: {} });
    expect(messages).toEqual([
      { level: 'warning', logger: 'chatty', data: { message: 'careful', data: { disk: 0.9 } } },
      { level: 'error', logger: 'chatty', data: 'failed once' },
    ]);
  });

  it('refuses a log level that is none of MCP’s with InvalidParams', async () => {
    client = await connectClient(createMcpServer([new Weather()], info));
    await expect(
      client.request(
        { method: 'logging/setLevel', params: { level: 'loud' } } as never,
        (await import('@modelcontextprotocol/sdk/types.js')).EmptyResultSchema,
      ),
    ).rejects.toThrow(
      'MCP error -32602: Invalid logging/setLevel request: params.level must be one of debug, info, notice, warning, error, critical, alert, emergency.',
    );
  });
});
