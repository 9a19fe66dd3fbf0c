import { Agent, Tool, type AnyTool, type ChatModel, type ChatRequest, type JsonSchema } from '@toolcraft/core';
import { toOpenAITools } from '@toolcraft/openai';
import { ToolSearchToolset } from '@toolcraft/tools';
import type { BenchCase, Timing } from '../measure';
import { formatBytes, timedRow, type ResultRow } from '../report';

const toolCount = 1_000;
const verbs = ['create', 'refund', 'cancel', 'list', 'update', 'archive', 'export', 'count', 'notify', 'schedule'];
const nouns = ['order', 'invoice', 'customer', 'ticket', 'shipment', 'coupon', 'report', 'user', 'payment', 'product'];

const argsSchema: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', description: 'The record id' }, note: { type: 'string', description: 'A note for the log' } },
  required: ['id'],
};

class RecordTool extends Tool<{ id: string; note?: string }, string> {
  constructor(name: string, description: string) {
    super({ name, description, argsType: argsSchema });
  }
  execute(args: { id: string }): string {
    return `${this.name} ${args.id}`;
  }
}

/** A thousand tools named like a real back office's: `refund_order_17`, "Refunds an order (region 17)." */
function backOffice(): AnyTool[] {
  return Array.from({ length: toolCount }, (_, index) => {
    const verb = verbs[index % verbs.length]!;
    const noun = nouns[Math.floor(index / verbs.length) % nouns.length]!;
    const region = Math.floor(index / 100);
    return new RecordTool(`${verb}_${noun}_${region}`, `${verb[0]!.toUpperCase()}${verb.slice(1)}s a ${noun} in region ${region}.`);
  });
}

/** The requests one run sends, recorded; the model searches once, then answers. */
function recordingModel(requests: ChatRequest[]): ChatModel {
  return {
    complete: (request) => {
      requests.push(request);
      const searched = request.messages.some((message) => message.role === 'tool');
      return Promise.resolve({
        message: searched
          ? { role: 'assistant', content: 'done' }
          : { role: 'assistant', content: null, toolCalls: [{ id: 's1', name: 'search_tools', arguments: '{"query":"refund an order"}' }] },
      });
    },
  };
}

/** What one turn sends: its tools' count and the bytes of their OpenAI definitions. */
function sent(request: ChatRequest): { tools: number; bytes: number } {
  return { tools: request.tools.length, bytes: JSON.stringify(toOpenAITools(request.tools)).length };
}

/**
 * Tool search with 1,000 tools: what a turn sends behind `ToolSearchToolset` (the first turn: the
 * search tool alone; the next: it and what the search found) against sending all 1,000, and the
 * time of one search (ts).
 * @returns the rows that need no timing, and the timed case
 */
export async function toolSearchCases(): Promise<{ rows: ResultRow[]; cases: BenchCase[] }> {
  const tools = backOffice();
  const toolset = new ToolSearchToolset({ tools, maxLoaded: 10, maxResults: 5 });
  const all: ChatRequest[] = [];
  await new Agent({ model: recordingModel(all), tools }).run('Refund order A7');
  const searched: ChatRequest[] = [];
  await new Agent({ model: recordingModel(searched), tools: [toolset] }).run('Refund order A7');
  const full = sent(all[0]!);
  const first = sent(searched[0]!);
  const next = sent(searched[1]!);
  const row = (key: string, label: string, size: { tools: number; bytes: number }, ratio?: string): ResultRow => ({
    key: `(${key})`,
    label,
    value: `${size.tools} tools, ${formatBytes(size.bytes)}`,
    ...(ratio === undefined ? {} : { ratio }),
  });
  const rows = [
    row('tsa', `one turn sends all ${toolCount} tools (OpenAI definitions)`, full),
    row(
      'ts1',
      `one turn behind ToolSearchToolset: search_tools alone`,
      first,
      `${((100 * first.bytes) / full.bytes).toFixed(2)}% of (tsa)`,
    ),
    row(
      'ts2',
      `the next turn: search_tools and the ${next.tools - 1} tools found`,
      next,
      `${((100 * next.bytes) / full.bytes).toFixed(2)}% of (tsa)`,
    ),
  ];
  return {
    rows,
    cases: [
      {
        key: 'ts',
        label: `one search among ${toolCount} tools (minisearch index)`,
        run: () => Promise.resolve(toolset.search('refund an order')),
        callsPerRun: 1,
      },
    ],
  };
}

/** @returns the timed row of one search */
export function toolSearchRows(timings: ReadonlyMap<string, Timing>): ResultRow[] {
  return [timedRow(timings, 'ts', `one search among ${toolCount} tools (minisearch index)`)];
}
