import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { ToolMessage } from '@langchain/core/messages';
import { RunnableLambda } from '@langchain/core/runnables';
import { DynamicStructuredTool, DynamicTool, tool, type ToolRunnableConfig } from '@langchain/core/tools';

/** LangChain tools of every kind and behaviour `fromLangChainTools` meets, each recording its calls. */
export function langchainTools() {
  const calls: Array<{ tool: string; input: unknown; config: ToolRunnableConfig | undefined }> = [];
  const record = (name: string, input: unknown, config?: ToolRunnableConfig) => void calls.push({ tool: name, input, config });

  const add = tool(
    ({ a, b }, config) => {
      record('add', { a, b }, config);
      return String(a + b);
    },
    { name: 'add', description: 'Adds two numbers.', schema: z.object({ a: z.number().describe('first'), b: z.number().int() }) },
  );
  const search = tool(
    ({ query }, config) => {
      record('search', { query }, config);
      return `3 results for ${query}`;
    },
    { name: 'search', description: 'Searches the web.', schema: z3.object({ query: z3.string().min(2), limit: z3.number().optional() }) },
  );
  const shout = new DynamicTool({
    name: 'shout',
    description: 'Shouts the input.',
    func: (input: string, _runManager, config) => {
      record('shout', input, config);
      return Promise.resolve(input.toUpperCase());
    },
  });
  const lookup = new DynamicStructuredTool({
    name: 'lookup',
    description: 'Looks a key up.',
    schema: { type: 'object', properties: { key: { type: 'string', pattern: '^[a-z]+$' } }, required: ['key'] },
    func: (input: { key: string }) => Promise.resolve(`value of ${input.key}`),
  });
  const broken = tool(
    (): string => {
      throw new Error('the upstream API is down');
    },
    { name: 'broken', description: 'Always fails.', schema: z.object({}) },
  );
  const quota = tool(
    (_input, config: ToolRunnableConfig) =>
      new ToolMessage({ content: 'quota exceeded', status: 'error', tool_call_id: config.toolCall!.id! }),
    { name: 'quota', description: 'Answers an error message.', schema: z.object({}) },
  );
  const weather = tool(() => ({ city: 'Paris', temperature: 21 }), {
    name: 'weather_json',
    description: 'Answers an object.',
    schema: z.object({}),
  });
  const photo = tool(
    () => [
      { type: 'text', text: 'a photo of Paris' },
      { type: 'image', url: 'https://example.com/paris.png' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ],
    { name: 'photo', description: 'Answers content blocks.', schema: z.object({}) },
  );
  const report = tool((): [string, { rows: number[] }] => ['3 rows', { rows: [1, 2, 3] }], {
    name: 'report',
    description: 'Answers content and an artifact.',
    schema: z.object({}),
    responseFormat: 'content_and_artifact',
  });
  const command = tool(() => ({ lc_direct_tool_output: true, goto: 'elsewhere' }), {
    name: 'command',
    description: 'Answers a LangGraph-style Command.',
    schema: z.object({}),
  });
  const final = tool(() => 'the final answer', { name: 'final', description: 'Ends the run.', schema: z.object({}), returnDirect: true });
  const upper = RunnableLambda.from((input: { text: string }) => ({ upper: input.text.toUpperCase() })).asTool({
    name: 'upper',
    description: 'Upper-cases text.',
    schema: z.object({ text: z.string() }),
  });
  return { calls, add, search, shout, lookup, broken, quota, weather, photo, report, command, final, upper };
}

/** A LangChain tool that never answers and ignores its signal (it only records that it was aborted). */
export function hangingTool() {
  const seen: { signal?: AbortSignal } = {};
  const hanging = new DynamicStructuredTool({
    name: 'hanging',
    description: 'Never answers.',
    schema: z.object({}),
    func: (_input, _runManager, config) => {
      seen.signal = config?.signal;
      return new Promise<string>(() => undefined);
    },
  });
  return { hanging, seen };
}
