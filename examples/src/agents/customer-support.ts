import 'reflect-metadata';
import { Agent, type AgentContext, type ChatModel, ContextAwareTool, type JsonSchema, type RunResult } from '@toolcraft/core';
import { ScriptedModel, type ScriptedTurn } from '@toolcraft/testing';

const ticketArgs: JsonSchema = {
  type: 'object',
  properties: {
    summary: { type: 'string', description: 'What the customer needs, in one line' },
    urgent: { type: 'boolean', description: 'Whether it cannot wait (an outage, a payment blocked)' },
  },
  required: ['summary', 'urgent'],
  additionalProperties: false,
};

/**
 * Google ADK's customer-support example: the main agent files a ticket, and a tool that sees the
 * request is urgent hands the conversation to the support agent (`actions.transferToAgent`).
 */
class FileTicket extends ContextAwareTool<{ summary: string; urgent: boolean }, string> {
  /** Tickets filed, for the example's output and test. */
  readonly filed: string[] = [];
  constructor() {
    super({ argsType: ticketArgs, name: 'file_ticket', description: 'Files a support ticket for the customer.', effects: 'write' });
  }
  execute(args: { summary: string; urgent: boolean }, context: AgentContext): string {
    const ticket = `T-${this.filed.length + 101}`;
    this.filed.push(`${ticket}: ${args.summary}`);
    if (args.urgent) context.actions.transferToAgent = 'support';
    return args.urgent ? `Ticket ${ticket} filed as urgent; the support agent takes over.` : `Ticket ${ticket} filed.`;
  }
}

/** Looks a customer's service status up (the support agent's own tool). */
class CheckServiceStatus extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({
      argsType: { type: 'object', properties: {} },
      name: 'check_service_status',
      description: "The customer's service status.",
      effects: 'read',
    });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    return `checked by ${context.agentName}: the payment gateway of this customer is down since 09:12`;
  }
}

/** The scripted models of the example: the main agent files an urgent ticket; support checks and answers. */
export const customerSupportScripts: { main: ScriptedTurn[]; support: ScriptedTurn[] } = {
  main: [{ toolCalls: [{ id: 'ticket', name: 'file_ticket', arguments: { summary: 'Payments fail at checkout', urgent: true } }] }],
  support: [
    { toolCalls: [{ id: 'status', name: 'check_service_status', arguments: {} }] },
    { text: 'Your payment gateway has been down since 09:12; we are restarting it now and will call you within 15 minutes.' },
  ],
};

/**
 * Builds the two agents: `main` (files tickets) with `support` as its sub-agent.
 * @param models - the main agent's and the support agent's models
 * @returns the main agent and its ticket tool
 */
export function createCustomerSupport(models: { main: ChatModel; support: ChatModel }): { agent: Agent; tickets: FileTicket } {
  const tickets = new FileTicket();
  const support = new Agent({
    name: 'support',
    description: 'Handles urgent problems: outages, blocked payments.',
    instructions: 'You are the support engineer on call. Find the cause, then tell the customer what happens next.',
    model: models.support,
    tools: [new CheckServiceStatus()],
  });
  const agent = new Agent({
    name: 'customer_service',
    instructions: 'You help customers. File a ticket for every problem; mark it urgent when it cannot wait.',
    model: models.main,
    tools: [tickets],
    subAgents: [support],
  });
  return { agent, tickets };
}

/**
 * Runs the example.
 * @param log - where lines go
 * @param models - the models (default: the scripted ones)
 * @returns the run
 */
export async function runCustomerSupport(
  log: (line: string) => void = console.log,
  models: { main: ChatModel; support: ChatModel } = {
    main: new ScriptedModel(customerSupportScripts.main),
    support: new ScriptedModel(customerSupportScripts.support),
  },
): Promise<RunResult> {
  const { agent } = createCustomerSupport(models);
  const run = await agent.run('Our customers cannot pay at checkout since this morning!');
  for (const handoff of run.handoffs) log(`handoff: ${handoff.from} -> ${handoff.to} (${handoff.kind})`);
  log(`${run.agentName}> ${run.text}`);
  return run;
}

if (require.main === module) {
  runCustomerSupport().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
