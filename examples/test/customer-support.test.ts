import { ScriptedModel } from '@toolcraft/testing';
import { createCustomerSupport, customerSupportScripts, runCustomerSupport } from '../src/agents/customer-support.js';

describe('customer support (ADK example: a tool transfers urgent requests to the support agent)', () => {
  it('hands the urgent request to the support agent, which answers with its own tools and instructions', async () => {
    const support = new ScriptedModel(customerSupportScripts.support);
    const lines: string[] = [];
    const run = await runCustomerSupport((line) => lines.push(line), { main: new ScriptedModel(customerSupportScripts.main), support });
    expect(run.handoffs).toEqual([{ from: 'customer_service', to: 'support', kind: 'transfer' }]);
    expect(run.agentName).toBe('support');
    expect(run.toolCalls.map((call) => call.result.content)).toEqual([
      'Ticket T-101 filed as urgent; the support agent takes over.',
      'checked by support: the payment gateway of this customer is down since 09:12',
    ]);
    expect(support.requests[0]!.messages[0]!.content).toMatch(/support engineer on call/);
    expect(lines).toEqual(['handoff: customer_service -> support (transfer)', `support> ${run.text}`]);
  });

  it('keeps a request that is not urgent with the main agent', async () => {
    const main = new ScriptedModel([
      { toolCalls: [{ id: 't', name: 'file_ticket', arguments: { summary: 'Invoice address typo', urgent: false } }] },
      { text: 'Filed: T-101.' },
    ]);
    const { agent, tickets } = createCustomerSupport({ main, support: new ScriptedModel([]) });
    const run = await agent.run('Please fix the typo in my invoice address.');
    expect(run).toMatchObject({ agentName: 'customer_service', handoffs: [], text: 'Filed: T-101.' });
    expect(tickets.filed).toEqual(['T-101: Invoice address typo']);
  });
});
