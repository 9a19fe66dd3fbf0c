import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, AgentEnvironment, Tool, ToolRegistry, ToolResult, type ContentPart, type JsonSchema } from '../../src/index.js';

const noArgs: JsonSchema = { type: 'object', properties: {} };
const png = 'iVBORw0KGgo=';

class ChartTool extends Tool<Record<string, never>, unknown> {
  constructor(
    private readonly answer: () => unknown,
    name = 'chart',
    options: { resultFormatter?: (result: unknown) => string | ContentPart[] } = {},
  ) {
    super({ argsType: noArgs, name, description: 'Draws a chart.', ...options });
  }
  execute(): Promise<unknown> {
    return Promise.resolve(this.answer());
  }
}

async function callOnce(tool: ChartTool, maxResultChars?: number) {
  const environment = new AgentEnvironment({ registry: new ToolRegistry([tool]), ...(maxResultChars ? { maxResultChars } : {}) });
  return environment.executeTool({ id: 'c1', name: tool.name, arguments: '{}' });
}

describe('tool results made of parts', () => {
  it('ToolResult.image reaches the result as parts, with a text form naming the image', async () => {
    const result = await callOnce(new ChartTool(() => ToolResult.image(png, 'image/png')));
    expect(result.isError).toBe(false);
    expect(result.parts).toEqual([{ type: 'image', data: png, mediaType: 'image/png' }]);
    expect(result.content).toBe('[image: image/png]');
  });

  it('ToolResult.parts keeps text and images in order; text parts are cut to maxResultChars, images kept whole', async () => {
    const result = await callOnce(
      new ChartTool(() =>
        ToolResult.parts([
          { type: 'text', text: 'x'.repeat(50) },
          { type: 'image', data: png, mediaType: 'image/png' },
        ]),
      ),
      10,
    );
    expect(result.parts).toHaveLength(2);
    expect(result.parts![0]).toEqual({ type: 'text', text: expect.stringMatching(/^x{10}\n\[\.\.\. 40 more characters cut/) as string });
    expect(result.parts![1]).toEqual({ type: 'image', data: png, mediaType: 'image/png' });
    expect(result.content.startsWith('x'.repeat(10))).toBe(true);
  });

  it("a tool's formatter may return parts; parts of text only are sent as plain text", async () => {
    const withImage = await callOnce(
      new ChartTool(() => ({ bars: 3 }), 'chart', {
        resultFormatter: () => [
          { type: 'text', text: 'three bars' },
          { type: 'image', data: new URL('https://example.com/chart.png'), mediaType: 'image/png' },
        ],
      }),
    );
    expect(withImage.parts?.map((part) => part.type)).toEqual(['text', 'image']);
    expect(withImage.value).toEqual({ bars: 3 });
    const textOnly = await callOnce(
      new ChartTool(() => 1, 'chart', {
        resultFormatter: () => [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    );
    expect(textOnly.parts).toBeUndefined();
    expect(textOnly.content).toBe('a\nb');
  });

  it('a malformed part fails the call with an error naming the part and what was expected', async () => {
    const result = await callOnce(
      new ChartTool(() => 1, 'chart', { resultFormatter: () => [{ type: 'image', data: 42 } as unknown as ContentPart] }),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('part 0 (image) has data 42, not base64 text or a URL');
    expect(result.content).toContain("expected { type: 'text', text }");
    const reasoning = await callOnce(new ChartTool(() => ToolResult.parts([{ type: 'reasoning', text: 'hmm' }])));
    expect(reasoning.isError).toBe(true);
    expect(reasoning.content).toContain('is a reasoning part, which only a model writes');
  });

  it('an agent sends the image to the model as the tool message’s parts, and the run and its saved state keep them', async () => {
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'chart' }] }, { text: 'Here it is.' }]);
    const agent = new Agent({ model, tools: [new ChartTool(() => ToolResult.image(png, 'image/png'))] });
    const run = await agent.run('Draw it');
    const toolMessage = model.requests[1]!.messages.at(-1)!;
    expect(toolMessage).toEqual({
      role: 'tool',
      toolCallId: 'c1',
      name: 'chart',
      content: [{ type: 'image', data: png, mediaType: 'image/png' }],
      isError: false,
    });
    expect(run.toolCalls[0]!.result.parts).toEqual([{ type: 'image', data: png, mediaType: 'image/png' }]);
    const saved = JSON.parse(JSON.stringify(run.state)) as unknown;
    expect(JSON.stringify(saved)).toContain('"mediaType":"image/png"');
  });
});
