import 'reflect-metadata';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Agent,
  type AgentContext,
  type ChatRequest,
  ContextAwareTool,
  FileCheckpointStore,
  type JsonSchema,
  type RunResult,
  contentText,
} from '@toolcraft/core';
import { ScriptedModel, type ScriptedOutcome } from '@toolcraft/testing';

const orderArgs: JsonSchema = {
  type: 'object',
  properties: { order: { type: 'string' } },
  required: ['order'],
  additionalProperties: false,
};

/** A tool that writes one line to the ledger file per run of its body, so a test counts them. */
abstract class LedgerTool extends ContextAwareTool<{ order: string }, string> {
  protected constructor(
    name: string,
    description: string,
    idempotent: boolean,
    private readonly ledger: string,
  ) {
    super({ argsType: orderArgs, name, description, effects: 'write', idempotent });
  }
  protected write(line: string): Promise<void> {
    return appendFile(this.ledger, `${line}\n`);
  }
}

/** Records an order in the books (not idempotent: recording twice books it twice). */
class RecordOrder extends LedgerTool {
  constructor(ledger: string) {
    super('record_order', 'Records the order in the books.', false, ledger);
  }
  async execute(args: { order: string }): Promise<string> {
    await this.write(`record_order ${args.order}`);
    return `order ${args.order} recorded`;
  }
}

/**
 * Sends the invoice through a service that deduplicates by idempotency key (so it is idempotent).
 * With `hang`, it never finishes: the process is killed there.
 */
class SendInvoice extends LedgerTool {
  constructor(
    ledger: string,
    private readonly hang: boolean,
  ) {
    super('send_invoice', 'Sends the invoice of the order to the customer.', true, ledger);
  }
  async execute(args: { order: string }, context: AgentContext): Promise<string> {
    await this.write(`send_invoice ${args.order} key=${context.idempotencyKey}`);
    if (this.hang) {
      console.log(`send_invoice started in run ${context.runId}`);
      await new Promise(() => undefined);
    }
    return `invoice for ${args.order} sent`;
  }
}

/** The model's part, from the transcript alone: book and invoice the order, then report. */
function script(request: ChatRequest): ScriptedOutcome {
  const results = request.messages.filter((message) => message.role === 'tool');
  if (results.length === 0)
    return {
      toolCalls: [
        { id: 'book', name: 'record_order', arguments: { order: 'A-17' } },
        { id: 'invoice', name: 'send_invoice', arguments: { order: 'A-17' } },
      ],
    };
  return { text: `Done: ${results.map((message) => contentText(message.content)).join(', ')}.` };
}

/**
 * The agent of the example, checkpointing to `<dir>/checkpoints`.
 * @param dir - the example's folder (ledger and checkpoints)
 * @param hang - whether `send_invoice` hangs (the process that is killed)
 * @returns the agent and its checkpoint store
 */
export function createOrderAgent(dir: string, hang: boolean): { agent: Agent; checkpoints: FileCheckpointStore } {
  const ledger = join(dir, 'ledger.txt');
  const agent = new Agent({
    name: 'orders',
    model: new ScriptedModel([script], { onExhausted: 'repeatLast' }),
    tools: [new RecordOrder(ledger), new SendInvoice(ledger, hang)],
  });
  return { agent, checkpoints: new FileCheckpointStore(join(dir, 'checkpoints')) };
}

/**
 * `start <dir>` runs the agent (with `HANG=1`, `send_invoice` never finishes, and the process is
 * killed there); `recover <dir> <runId>` continues the run from its last checkpoint in a new process.
 * @param argv - the command line after the script
 * @returns the run's result
 */
export async function main(argv: readonly string[]): Promise<RunResult> {
  const [command, dir, runId] = argv;
  if (dir === undefined || (command === 'recover' ? runId === undefined : command !== 'start'))
    throw new Error('usage: crash-recovery (start <dir> | recover <dir> <runId>)');
  const { agent, checkpoints } = createOrderAgent(dir, command === 'start' && process.env.HANG === '1');
  const run =
    command === 'start' ? await agent.run('Book and invoice order A-17.', { checkpoints }) : await agent.recover(runId!, { checkpoints });
  console.log(`${run.stopReason}: ${run.text}`);
  return run;
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
