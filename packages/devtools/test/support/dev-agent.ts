import { Agent, ContextAwareTool, Tool, type AgentContext, type JsonSchema } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';

const transferSchema: JsonSchema = {
  type: 'object',
  properties: {
    to: { type: 'string', minLength: 2, description: 'Who gets the money' },
    amount: { type: 'number', minimum: 1, maximum: 500, description: 'In euros' },
  },
  required: ['to', 'amount'],
  additionalProperties: false,
};

/** Sends money: needs approval. */
export class TransferTool extends Tool<{ to: string; amount: number }, string> {
  constructor() {
    super({ argsType: transferSchema, name: 'transfer', description: 'Sends money to someone.', needsApproval: true, effects: 'write' });
  }
  execute(args: { to: string; amount: number }): string {
    return `sent ${args.amount} EUR to ${args.to}`;
  }
}

/** Converts euros to dollars. */
export class ConvertTool extends Tool<{ euros: number; rounding?: 'up' | 'down' }, { dollars: number }> {
  constructor() {
    super({
      argsType: {
        type: 'object',
        properties: { euros: { type: 'number', minimum: 0 }, rounding: { type: 'string', enum: ['up', 'down'] } },
        required: ['euros'],
      },
      name: 'convert',
      description: 'Converts euros to dollars.',
    });
  }
  execute(args: { euros: number; rounding?: 'up' | 'down' }): { dollars: number } {
    const dollars = args.euros * 1.1;
    return { dollars: args.rounding === 'up' ? Math.ceil(dollars) : args.rounding === 'down' ? Math.floor(dollars) : dollars };
  }
}

/** Reads a balance with a credential. */
export class BalanceTool extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({ argsType: { type: 'object', properties: {} }, name: 'balance', description: 'Reads the balance (needs the bank token).' });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    const token = context.credential('bank-token');
    if (typeof token !== 'string')
      return context.requestCredential({ key: 'bank-token', description: 'Your bank API token', scheme: 'apiKey' });
    return `balance: 1200 EUR (token of ${token.length} characters)`;
  }
}

/**
 * An agent for the dev UI's tests: a chat that converts, a transfer that waits for approval, a
 * balance that asks for a credential; a run that fails when asked to.
 */
export function createDevAgent(): Agent {
  const model = new ScriptedModel(
    [
      (request) => {
        const last = request.messages.at(-1);
        const text = last?.role === 'user' && typeof last.content === 'string' ? last.content : '';
        if (last?.role === 'tool') return { text: `Done: ${typeof last.content === 'string' ? last.content : ''}.` };
        if (text.includes('convert')) return { text: 'Converting now.', toolCalls: [{ name: 'convert', arguments: { euros: 10 } }] };
        if (text.includes('send'))
          return { text: 'I will send it.', toolCalls: [{ name: 'transfer', arguments: { to: 'Bob', amount: 50 } }] };
        if (text.includes('balance')) return { toolCalls: [{ name: 'balance' }] };
        if (text.includes('fail')) return { error: new Error('the model service is down') };
        return { text: `You said: ${text}` };
      },
    ],
    { onExhausted: 'repeatLast', chunkSize: 3 },
  );
  return new Agent({ name: 'banker', model, tools: [new ConvertTool(), new TransferTool(), new BalanceTool()], retry: { maxRetries: 0 } });
}
