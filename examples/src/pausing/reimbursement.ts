import 'reflect-metadata';
import { Agent, type ChatModel, type JsonSchema, type RunResult, RunState, Tool } from '@toolcraft/core';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';

const reimbursementArgs: JsonSchema = {
  type: 'object',
  properties: {
    purpose: { type: 'string', description: 'What the money was spent on' },
    amount: { type: 'number', description: 'The amount, in euros' },
  },
  required: ['purpose', 'amount'],
  additionalProperties: false,
};

/** The ticket a reimbursement request gets while a manager decides. */
export interface ReimbursementTicket {
  status: 'pending';
  ticket: string;
  approver: string;
}

/**
 * Google ADK's long-running example: asks a manager to approve a reimbursement. The call returns a
 * ticket at once; the manager's decision arrives much later, from outside the run.
 */
export class RequestReimbursement extends Tool<{ purpose: string; amount: number }, ReimbursementTicket> {
  /** The tickets opened, so the host knows what to follow up. */
  readonly opened: string[] = [];
  constructor() {
    super({
      argsType: reimbursementArgs,
      name: 'request_reimbursement',
      description: 'Asks the manager to approve a reimbursement of an expense.',
      effects: 'write',
      longRunning: true,
    });
  }
  execute(args: { purpose: string; amount: number }): ReimbursementTicket {
    const ticket = `reimbursement-${this.opened.length + 1}`;
    this.opened.push(ticket);
    return { status: 'pending', ticket, approver: args.amount > 100 ? 'manager' : 'team lead' };
  }
}

/** The scripted model of the example: ask, acknowledge, then report the manager's decision. */
export const reimbursementScript: ScriptedTurn[] = [
  { toolCalls: [{ id: 'reimburse', name: 'request_reimbursement', arguments: { purpose: 'train to Lyon', amount: 120 } }] },
  { text: 'I asked your manager to approve 120 EUR for the train to Lyon; I will tell you when they decide.' },
  { text: 'Your manager approved the 120 EUR for the train to Lyon.' },
];

/**
 * Runs the example: the request, the pending ticket, and (later, through the saved state) the final result.
 * @param model - the model (default: the scripted one)
 * @param log - where lines go
 * @returns the first run and the resumed one
 */
export async function runReimbursement(
  model: ChatModel = new ScriptedModel(reimbursementScript),
  log: (line: string) => void = console.log,
): Promise<[RunResult, RunResult]> {
  const tool = new RequestReimbursement();
  const agent = new Agent({ name: 'expenses', model, tools: [tool], instructions: 'You file expense reimbursements.' });
  const first = await agent.run('Please get my 120 EUR train ticket to Lyon reimbursed.');
  log(`agent: ${first.text}`);
  for (const call of first.pending) log(`pending: ${call.toolName} ${call.initialResult}`);
  const saved = JSON.stringify(first.state);

  // Days later, the manager decides; the host loads the run and delivers the final result.
  const state = RunState.fromJSON(JSON.parse(saved));
  state.update(first.pending[0]!.callId, { status: 'approved', approvedBy: 'manager' }, { final: true });
  const done = await agent.resume(state);
  log(`agent: ${done.text}`);
  return [first, done];
}

if (require.main === module) {
  runReimbursement().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
