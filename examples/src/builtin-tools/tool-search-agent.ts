import 'reflect-metadata';
import { Agent, Tool, type AnyTool, type ChatRequest, type JsonSchema, type RunResult } from '@toolcraft/core';
import { ScriptedModel, type ScriptedOutcome, type ScriptedTurn } from '@toolcraft/testing';
import { ToolSearchToolset } from '@toolcraft/tools';

const verbs = ['create', 'refund', 'cancel', 'list', 'update', 'archive', 'export', 'count', 'notify', 'schedule'];
const nouns = ['order', 'invoice', 'customer', 'ticket', 'shipment', 'coupon', 'report', 'user', 'payment', 'product'];

const recordArgs: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'string', description: 'The record id' } },
  required: ['id'],
  additionalProperties: false,
};

/** One back-office operation on one kind of record, in one region. */
class RecordTool extends Tool<{ id: string }, string> {
  constructor(name: string, description: string) {
    super({ name, description, argsType: recordArgs });
  }
  execute(args: { id: string }): string {
    return `${this.name}: done for ${args.id}`;
  }
}

/**
 * A thousand tools named like a real back office's (`refund_order_3`: "Refunds an order in region 3.").
 * @returns the tools
 */
export function backOfficeTools(): AnyTool[] {
  return Array.from({ length: 1_000 }, (_, index) => {
    const verb = verbs[index % verbs.length]!;
    const noun = nouns[Math.floor(index / verbs.length) % nouns.length]!;
    const region = Math.floor(index / 100);
    return new RecordTool(`${verb}_${noun}_${region}`, `${verb[0]!.toUpperCase()}${verb.slice(1)}s a ${noun} in region ${region}.`);
  });
}

/**
 * The scripted model: search for the tool, call what the search found, answer.
 * @param request - the model request
 * @returns the model's turn
 */
function searchTurn(request: ChatRequest): ScriptedOutcome {
  if (!request.messages.some((message) => message.role === 'tool'))
    return { toolCalls: [{ id: 'search', name: 'search_tools', arguments: { query: 'refund order region 3' } }] };
  if (!request.tools.some((tool) => tool.name === 'refund_order_3')) return { text: 'No refund tool was found.' };
  if (!request.messages.some((message) => message.role === 'tool' && message.name === 'refund_order_3'))
    return { toolCalls: [{ id: 'refund', name: 'refund_order_3', arguments: { id: 'A-17' } }] };
  return { text: 'Order A-17 is refunded.' };
}

/** The scripted turns: the transcript-driven turn, as often as the run needs it. */
export const searchScript: ScriptedTurn[] = Array.from({ length: 5 }, () => searchTurn);

/**
 * A thousand tools behind one `search_tools` tool (`ToolSearchToolset` of `@toolcraft/tools`): the
 * model searches, the tools found are offered from the next turn, and it calls one. Prints how many
 * tools each turn offered against the thousand an agent without the toolset would send every turn.
 * Offline on a scripted model.
 * @param log - where lines go
 * @returns the run and the tool counts each model request offered
 */
export async function runToolSearch(log: (line: string) => void = console.log): Promise<{ run: RunResult; offered: number[] }> {
  const tools = backOfficeTools();
  const model = new ScriptedModel(searchScript);
  const agent = new Agent({ name: 'back-office', model, tools: [new ToolSearchToolset({ tools, maxLoaded: 10, maxResults: 5 })] });
  const run = await agent.run('Refund order A-17 (region 3).');
  const offered = model.requests.map((request) => request.tools.length);
  model.requests.forEach((request, turn) =>
    log(`turn ${turn + 1} offered ${request.tools.length} of ${tools.length} tools: ${request.tools.map((tool) => tool.name).join(', ')}`),
  );
  log(`${run.stopReason}: ${run.text}`);
  return { run, offered };
}

if (require.main === module) {
  runToolSearch().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
